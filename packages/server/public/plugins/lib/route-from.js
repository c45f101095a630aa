// The route from a given point (the property, or the portal's routeFrom) to the place the visitor
// clicks on the map, or to a POI: /route in the chosen mode, drawn in the overlay's q-route (the
// accent colour), with its time and distance in a panel on the left or right, or in a popup at the
// destination. The panel's mode picker is a labelled <select>, reachable by keyboard; routeTo() lets
// a page start a route from its own controls (e.g. a place of the summary).
import {h, injectCss} from './escape.js';
import {formatDistance, formatDuration, labelsFor, travelModesIn} from './labels.js';
import {nearestToCentre} from './map.js';
import {loadMapLibre} from './maplibre.js';
import {POI_LAYER} from './pois.js';

const CSS = `
.q-route-panel { box-sizing: border-box; width: 220px; max-width: calc(100vw - 70px); padding: 8px 10px; background: #fff; color: #1d232a;
  border-radius: 6px; box-shadow: 0 1px 4px rgba(0,0,0,.25); font: 13px/1.35 system-ui, sans-serif; pointer-events: auto; }
.q-route-popup h2 { margin: 0 18px 4px 0; font-size: 13px; }
.q-route-line { margin: 0; font-weight: 600; }
.q-route-panel > summary { margin: 0 0 6px; font-weight: 700; cursor: pointer; }
.q-route-panel:not([open]) > summary { margin: 0; }
.q-route-panel label, .q-route-popup label { display: block; font-size: 12px; color: #59636e; }
.q-route-panel select, .q-route-popup select { width: 100%; min-height: 32px; margin: 2px 0 6px; font: inherit; }
.q-route-result { margin: 0; }
.q-route-result dt { font-size: 12px; color: #59636e; }
.q-route-result dd { margin: 0 0 4px; font-weight: 600; }
.q-route-hint { margin: 0; color: #59636e; }
.q-route-panel button { min-height: 32px; font: inherit; }
.q-route-dot { width: 14px; height: 14px; border-radius: 50%; border: 3px solid #fff; box-shadow: 0 0 0 1px rgba(0,0,0,.3); }
.q-route-popup .maplibregl-popup-content { padding: 6px 10px; min-width: 160px; font: 13px/1.35 system-ui, sans-serif; }
`;

/**
 * Routes from `from` ({latitude, longitude}) on `map`. `overlay`: lib/map.js's Overlay. Options:
 * `display` 'left' | 'right' | 'popup', `modes` (the picker's, default the country's: lib/labels.js travelModesIn), `mode` (the first),
 * `accentColor`. Returns {routeTo({latitude, longitude, name}), clear(), destroy(), element (the panel)}.
 */
export function mountRouteFrom(map, api, overlay, {from, display = 'right', modes = travelModesIn(api.country), mode = modes[0], accentColor = overlay.accent} = {}) {
    const words = labelsFor(api.language);
    injectCss('q-route-css', CSS);
    let destination = null, sequence = 0, popup = null, dot = null;
    const result = h('div', {class: 'q-route-body', 'aria-live': 'polite'}, h('p', {class: 'q-route-hint'}, words.routeHint));
    const picker = modePicker(modes, mode, words, () => {
        mode = picker.querySelector('select').value;
        if (destination) routeTo(destination);
    });

    let panel = null, control = null;
    if (display !== 'popup') {
        // Folded on a phone (it would hide most of the map); a route opens it.
        panel = h('details', {class: 'q-route-panel', open: !window.matchMedia('(max-width: 600px)').matches}, h('summary', {}, words.routeFrom), picker, result);
        control = {onAdd: () => h('div', {class: 'maplibregl-ctrl'}, panel), onRemove: () => panel.parentElement?.remove()};
        map.addControl(control, display === 'left' ? 'top-left' : 'top-right');
    }

    function show(content) {
        if (display !== 'popup') {
            if (destination) panel.open = true;
            return result.replaceChildren(...content);
        }
        loadMapLibre(api.base).then(({Popup}) => {
            if (!destination) return;
            if (!popup) {
                popup = new Popup({className: 'q-route-popup', maxWidth: '260px', focusAfterOpen: false});
                // Closed by the visitor (its button, a click elsewhere on the map): the route goes too.
                popup.on('close', () => {
                    if (popup?.closing) return;
                    popup = null;
                    clear();
                });
            }
            popup.setLngLat([destination.longitude, destination.latitude])
                .setDOMContent(h('section', {'aria-label': words.routeFrom}, h('h2', {}, destination.name || words.clickedPlace), picker, h('div', {'aria-live': 'polite'}, ...content)));
            // addTo on an open popup would close it first (and so clear the route).
            if (!popup.isOpen()) popup.addTo(map);
        });
    }

    async function routeTo(place) {
        destination = place;
        const mine = ++sequence;
        await placeDot(place);
        show([h('p', {class: 'q-route-hint'}, words.loading)]);
        try {
            const answer = await api.get('/route', {
                travelMode: mode, language: api.language,
                startLatitude: from.latitude.toFixed(6), startLongitude: from.longitude.toFixed(6),
                arrivalLatitude: place.latitude.toFixed(6), arrivalLongitude: place.longitude.toFixed(6)
            });
            if (mine !== sequence) return;
            const path = answer.paths?.[0];
            if (!path) throw new Error(words.noRoute);
            overlay.set('route', path.points);
            // A place out of view (one of the summary's): the whole route brought into view.
            if (!map.getBounds().contains([place.longitude, place.latitude]) && path.bbox) {
                map.fitBounds([[path.bbox[0], path.bbox[1]], [path.bbox[2], path.bbox[3]]], {padding: 60, maxZoom: map.getZoom(), duration: 0});
            }
            const time = formatDuration(path.time / 1000, words), distance = formatDistance(path.distance, api.language);
            // The popup says it in one line (it must fit a small map); the panel, named.
            show(display === 'popup'
                ? [h('p', {class: 'q-route-line'}, h('span', {class: 'q-route-time'}, time), ' · ', h('span', {class: 'q-route-distance'}, distance))]
                : [h('dl', {class: 'q-route-result'},
                    h('dt', {}, words.destination), h('dd', {}, place.name || words.clickedPlace),
                    h('dt', {}, words.time), h('dd', {class: 'q-route-time'}, time),
                    h('dt', {}, words.distance), h('dd', {class: 'q-route-distance'}, distance))]);
        } catch (err) {
            if (mine !== sequence) return;
            overlay.set('route', null);
            show([h('p', {class: 'q-route-hint', role: 'status'}, err.message || words.noRoute)]);
        }
    }

    async function placeDot(place) {
        const {Marker} = await loadMapLibre(api.base);
        dot ??= new Marker({element: h('div', {class: 'q-route-dot', style: {background: accentColor}})});
        dot.setLngLat([place.longitude, place.latitude]).addTo(map);
    }

    function clear() {
        destination = null;
        sequence++;
        overlay.set('route', null);
        dot?.remove();
        if (popup) {
            popup.closing = true;
            popup.remove();
            popup = null;
        }
        if (display !== 'popup') result.replaceChildren(h('p', {class: 'q-route-hint'}, words.routeHint));
    }

    const onClick = (e) => {
        const poi = map.getLayer(POI_LAYER) ? map.queryRenderedFeatures(e.point, {layers: [POI_LAYER]})[0] : null;
        routeTo(poi ? poiPlace(poi) : {latitude: e.lngLat.lat, longitude: e.lngLat.lng, name: null});
    };
    map.on('click', onClick);
    // The keyboard's click (in `map` mode nothing else starts a route): arrows pan the map (MapLibre),
    // Enter on it routes to the POI drawn nearest its centre, else to the centre. Heard on the canvas's
    // container: a listing under the centre (map_v3.js, heard on the canvas itself) goes first.
    const canvas = map.getCanvas();
    const onKey = (e) => {
        if (e.key !== 'Enter' || e.defaultPrevented || e.target !== canvas) return;
        e.preventDefault();
        const poi = nearestToCentre(map, [POI_LAYER]), centre = map.getCenter();
        routeTo(poi ? poiPlace(poi) : {latitude: centre.lat, longitude: centre.lng, name: words.mapCentre});
    };
    map.getCanvasContainer().addEventListener('keydown', onKey);
    canvas.setAttribute('aria-description', words.routeKeys);

    return {
        routeTo, clear, element: panel,
        destroy() {
            clear();
            map.off('click', onClick);
            map.getCanvasContainer().removeEventListener('keydown', onKey);
            canvas.removeAttribute('aria-description');
            if (control) map.removeControl(control);
        }
    };
}

/** A POI of lib/pois.js's layer as a destination. */
function poiPlace(poi) {
    return {latitude: poi.geometry.coordinates[1], longitude: poi.geometry.coordinates[0], name: poi.properties.name || poi.properties.type};
}

/** A labelled <select> of the travel modes. */
function modePicker(modes, mode, words, onchange) {
    const id = `q-route-mode-${Math.random().toString(36).slice(2, 8)}`;
    const select = h('select', {id, onchange}, ...modes.map((m) => h('option', {value: m, selected: m === mode}, words[m] ?? m)));
    return h('div', {class: 'q-route-mode'}, h('label', {for: id}, words.mode), select);
}
