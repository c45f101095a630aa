// The POIs of the map's view (/points) with our icons, from zoom 13: shown, hidden or toggled (by code
// or by the optional button control). Loaded again after each move (debounced), only while visible.
// The view's box is all /points receives: never the property's position itself.
import {h, injectCss} from './escape.js';
import {labelsFor} from './labels.js';
import {loadMapLibre} from './maplibre.js';
import {withStyle} from './style-ready.js';

/** The symbol layer of the POIs (route-from.js asks it what the visitor clicked). */
export const POI_LAYER = 'q-pois';
const SOURCE = 'q-pois';
const MIN_ZOOM = 13;
const DEBOUNCE_MS = 250;

const CSS = `
.q-pois-toggle button { width: auto !important; padding: 0 8px; font: 600 12px/29px system-ui, sans-serif; white-space: nowrap; }
.q-pois-toggle button[aria-pressed="true"] { color: var(--q-accent, #1565c0); }
.q-poi-popup .maplibregl-popup-content { padding: 6px 10px; font: 13px/1.35 system-ui, sans-serif; }
.q-poi-popup small { display: block; color: #59636e; }
`;

/**
 * POIs on `map`. `api`: lib/api.js. Options: `hidden` (start hidden), `control` (adds a show/hide
 * button to the map, labelled in the api's language), `namePopup` (a click on a POI shows its name and
 * type; leave it off when route-from.js handles clicks). Returns {show(), hide(), toggle(), visible, destroy()}.
 */
export function mountPois(map, api, {hidden = false, control = false, namePopup = false} = {}) {
    const iconsLoaded = new Set();
    let data = {type: 'FeatureCollection', features: []};
    let visible = !hidden;
    let timer = 0, sequence = 0, button = null, popup = null;

    const addLayer = () => {
        if (map.getSource(SOURCE)) return;
        iconsLoaded.clear();
        map.addSource(SOURCE, {type: 'geojson', data});
        map.addLayer({
            id: POI_LAYER, type: 'symbol', source: SOURCE, minzoom: MIN_ZOOM,
            layout: {'icon-image': ['get', 'icon'], 'icon-allow-overlap': false, 'icon-padding': 1, visibility: visible ? 'visible' : 'none'}
        });
        loadIcons(data.features);
    };

    async function loadIcons(features) {
        const wanted = [...new Set(features.map((f) => f.properties.i))].filter((i) => !iconsLoaded.has(i));
        await Promise.all(wanted.map(async (i) => {
            iconsLoaded.add(i);
            try {
                const image = await map.loadImage(`${api.base}/icons24/${encodeURIComponent(i)}@2x.png`);
                if (!map.hasImage(`q-poi-${i}`)) map.addImage(`q-poi-${i}`, image.data, {pixelRatio: 2});
            } catch {
                iconsLoaded.delete(i); // an icon we lack: the POI stays without one
            }
        }));
    }

    async function load() {
        if (!visible || map.getZoom() < MIN_ZOOM) return;
        const b = map.getBounds(), mine = ++sequence;
        let found;
        try {
            found = await api.get('/points', {
                bound1: `${b.getSouth().toFixed(5)},${b.getWest().toFixed(5)}`, bound2: `${b.getNorth().toFixed(5)},${b.getEast().toFixed(5)}`,
                language: api.language, groupSamePositions: true
            });
        } catch {
            return; // the next move tries again; the map stays usable without POIs
        }
        if (mine !== sequence) return;
        const features = found.map((p) => {
            const i = String(p.i).split(',')[0];
            return {type: 'Feature', geometry: {type: 'Point', coordinates: [p.ln, p.la]}, properties: {name: p.n, type: p.t, i, icon: `q-poi-${i}`}};
        });
        data = {type: 'FeatureCollection', features};
        await loadIcons(features);
        map.getSource(SOURCE)?.setData(data);
    }

    const onMove = () => {
        clearTimeout(timer);
        timer = setTimeout(load, DEBOUNCE_MS);
    };
    const onEnter = () => (map.getCanvas().style.cursor = 'pointer');
    const onLeave = () => (map.getCanvas().style.cursor = '');
    const onClick = async (e) => {
        const f = e.features?.[0];
        if (!f) return;
        const {Popup} = await loadMapLibre(api.base);
        popup?.remove();
        popup = new Popup({className: 'q-poi-popup', closeButton: true, maxWidth: '240px'})
            .setLngLat(f.geometry.coordinates).setDOMContent(h('div', {}, h('strong', {}, f.properties.name || f.properties.type), h('small', {}, f.properties.type))).addTo(map);
    };

    const setVisible = (value) => {
        visible = value;
        if (map.getLayer(POI_LAYER)) map.setLayoutProperty(POI_LAYER, 'visibility', visible ? 'visible' : 'none');
        if (button) {
            button.setAttribute('aria-pressed', String(visible));
            button.textContent = visible ? words.hidePois : words.showPois;
        }
        if (visible) load();
        else popup?.remove();
    };

    const words = labelsFor(api.language);
    injectCss('q-pois-css', CSS);
    withStyle(map, addLayer);
    map.on('moveend', onMove);
    map.on('mouseenter', POI_LAYER, onEnter);
    map.on('mouseleave', POI_LAYER, onLeave);
    if (namePopup) map.on('click', POI_LAYER, onClick);
    let controlObject = null;
    if (control) {
        button = h('button', {type: 'button', class: 'q-pois-button', 'aria-pressed': String(visible), onclick: () => setVisible(!visible)}, visible ? words.hidePois : words.showPois);
        const element = h('div', {class: 'maplibregl-ctrl maplibregl-ctrl-group q-pois-toggle'}, button);
        controlObject = {onAdd: () => element, onRemove: () => element.remove()};
        map.addControl(controlObject, 'top-left');
    }
    load();

    return {
        show: () => setVisible(true),
        hide: () => setVisible(false),
        toggle: () => setVisible(!visible),
        get visible() {
            return visible;
        },
        destroy() {
            clearTimeout(timer);
            map.off('style.load', addLayer);
            map.off('moveend', onMove);
            map.off('mouseenter', POI_LAYER, onEnter);
            map.off('mouseleave', POI_LAYER, onLeave);
            map.off('click', POI_LAYER, onClick);
            if (controlObject) map.removeControl(controlObject);
            popup?.remove();
            if (map.getLayer(POI_LAYER)) map.removeLayer(POI_LAYER);
            if (map.getSource(SOURCE)) map.removeSource(SOURCE);
        }
    };
}
