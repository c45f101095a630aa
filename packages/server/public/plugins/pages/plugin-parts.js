// plugin.html's parts beside the summary: the property's marker (pin, circle or the portal's image),
// the isochrone panel, the scores, and the favourites panel when lib/favourites.js is there.
import {h, injectCss} from '../lib/escape.js';
import {circlePolygon} from '../lib/circle.js';
import {favouriteTexts, labelsFor, travelModesIn} from '../lib/labels.js';
import {PLUGIN_FILES} from '../lib/served.js';

/** The property on the map: an accent-coloured pin, the portal's image, or the circle (no pin). */
export function placeMarker({maplibregl, map, overlay}, p, centre) {
    const words = labelsFor(p.language);
    if (p.marker === 'circle') {
        overlay.set('zone', circlePolygon(centre, p.circleRadiusInMeters));
        const note = h('div', {class: 'maplibregl-ctrl q-approximate'}, words.approximate);
        map.addControl({onAdd: () => note, onRemove: () => note.remove()}, 'bottom-left');
        return;
    }
    let marker;
    if (p.marker === 'custom') {
        const image = h('img', {class: 'q-custom-marker', src: p.customMarkerUrl, alt: words.property, width: p.customMarkerWidth, height: p.customMarkerHeight, referrerpolicy: 'no-referrer'});
        marker = new maplibregl.Marker({element: image, anchor: 'bottom'});
    } else {
        marker = new maplibregl.Marker({color: p.accentColor});
        marker.getElement().setAttribute('aria-label', words.property);
        marker.getElement().classList.add('q-pin');
    }
    marker.setLngLat([centre.longitude, centre.latitude]).addTo(map);
}

/**
 * The isochrone panel (a map control on `side`): a mode picker and the 5, 10 and 20-minute areas of
 * /isochrone/GetMultipleTimes from `centre`, drawn as one source (the overlay's areas, under the labels
 * and markers). The areas nest: the 20-minute one is filled at 10 %, the two inside add 3 % each, so
 * the ring of each reads 10, 13 and 15 %.
 */
export function mountIsochronePanel({map, overlay}, api, centre, side, accentColor) {
    const words = labelsFor(api.language);
    const id = 'q-iso-mode';
    const select = h('select', {id}, travelModesIn(api.country).map((m) => h('option', {value: m}, words[m])));
    const legend = h('ul', {class: 'q-iso-legend', 'aria-live': 'polite'});
    // Folded on a phone, where it would hide most of the map; a click on its title opens it.
    const panel = h('details', {class: 'q-panel q-iso-panel', open: !narrowScreen()},
        h('summary', {}, words.isochrone), h('label', {for: id}, words.mode), select, legend);
    map.addControl({onAdd: () => h('div', {class: 'maplibregl-ctrl'}, panel), onRemove() {}}, side === 'left' ? 'top-left' : 'top-right');

    let sequence = 0;
    async function draw() {
        const mine = ++sequence;
        legend.replaceChildren(h('li', {}, words.loading));
        try {
            const areas = await api.get('/isochrone/GetMultipleTimes', {travelMode: select.value, latitude: centre.latitude, longitude: centre.longitude, language: api.language});
            if (mine !== sequence) return;
            const opacity = (i) => (i === areas.length - 1 ? 0.1 : 0.03);
            overlay.set('areas', {type: 'FeatureCollection', features: areas.map((a, i) => ({type: 'Feature', geometry: a.iso, properties: {color: accentColor, opacity: opacity(i), label: a.label}}))});
            // The swatch of each area: its fill and those of the areas around it, stacked.
            let shown = 1;
            const swatches = [];
            for (let i = areas.length - 1; i >= 0; i--) swatches[i] = 1 - (shown *= 1 - opacity(i));
            legend.replaceChildren(...areas.map((a, i) => h('li', {},
                h('span', {class: 'q-swatch', 'aria-hidden': 'true', style: {background: accentColor, opacity: String(Math.min(1, swatches[i] * 3))}}), a.label)));
        } catch (err) {
            if (mine !== sequence) return;
            overlay.set('areas', null);
            legend.replaceChildren(h('li', {role: 'status'}, err.message));
        }
    }
    select.addEventListener('change', draw);
    return draw();
}

/** A phone's width: the panels over the map start folded. */
export function narrowScreen() {
    return window.matchMedia('(max-width: 600px)').matches;
}

/** The scores of /scores (0 to 10) as a list with a bar each. */
export function scoresList(answer, words) {
    return h('ul', {class: 'q-scores'}, (answer.scores ?? []).map((s) =>
        h('li', {class: 'q-score', 'data-score': s.k},
            h('span', {class: 'q-score-label'}, s.l),
            h('span', {class: 'q-score-value'}, `${formatScore(s.v, answer.language)} `, h('small', {}, words.scoreOf)),
            h('span', {class: 'q-score-bar', 'aria-hidden': 'true'}, h('span', {style: {width: `${Math.max(0, Math.min(10, s.v)) * 10}%`}})))));
}

function formatScore(value, language) {
    return new Intl.NumberFormat((language ?? 'en').toLowerCase(), {maximumFractionDigits: 1}).format(value);
}

/**
 * The favourites panel (lib/favourites.js, written apart): loaded only with a userId; when the module
 * is not served (lib/served.js lists the files), nothing is shown.
 */
export async function mountFavouritesPanel(host, api, p, property) {
    if (!PLUGIN_FILES.includes('lib/favourites.js')) return null;
    const element = h('section', {class: 'q-favourites'});
    const module = await import('../lib/favourites.js');
    host.append(element);
    injectCss('q-favourites-host', '.q-favourites { margin-top: 12px; }');
    return module.mountFavourites(element, {api, userId: p.userId, property, accentColor: p.accentColor, geocode: api.geocode, texts: favouriteTexts(labelsFor(p.language))});
}
