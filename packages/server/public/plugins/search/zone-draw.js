// A zone drawn by hand: each click (or tap) on the map adds a corner; a double-click, a click on the
// first corner or finish() closes it; Escape or cancel() drops it. The draft is drawn in a source
// of its own (qs-draft), above the areas.
import {withStyle} from '../lib/style-ready.js';

const SOURCE = 'qs-draft';
/** A click within this many pixels of the first corner closes the zone. */
const CLOSE_PX = 12;

/** `onChange(count)`: corners so far; `onDone(points)`: the corners, [lon, lat] each (3 or more, the ring not closed); `onCancel()`. */
export function createZoneDrawing(map, accentColor, {onChange, onDone, onCancel}) {
    let points = null;

    function addLayers() {
        if (map.getSource(SOURCE)) return;
        map.addSource(SOURCE, {type: 'geojson', data: draftData()});
        map.addLayer({id: 'qs-draft-fill', type: 'fill', source: SOURCE, filter: ['==', ['geometry-type'], 'Polygon'], paint: {'fill-color': accentColor, 'fill-opacity': 0.1}});
        map.addLayer({id: 'qs-draft-line', type: 'line', source: SOURCE, filter: ['!=', ['geometry-type'], 'Point'], paint: {'line-color': accentColor, 'line-width': 2}});
        map.addLayer({id: 'qs-draft-points', type: 'circle', source: SOURCE, filter: ['==', ['geometry-type'], 'Point'], paint: {'circle-radius': 5, 'circle-color': '#fff', 'circle-stroke-color': accentColor, 'circle-stroke-width': 2}});
    }
    withStyle(map, addLayers);

    function draftData() {
        const features = (points ?? []).map((p) => ({type: 'Feature', geometry: {type: 'Point', coordinates: p}, properties: {}}));
        if (points?.length >= 3) features.push({type: 'Feature', geometry: {type: 'Polygon', coordinates: [[...points, points[0]]]}, properties: {}});
        else if (points?.length === 2) features.push({type: 'Feature', geometry: {type: 'LineString', coordinates: points}, properties: {}});
        return {type: 'FeatureCollection', features};
    }
    function redraw() {
        map.getSource(SOURCE)?.setData(draftData());
        onChange?.(points?.length ?? 0);
    }
    function onClick(e) {
        const first = points[0];
        if (points.length >= 3) {
            const p = map.project(first);
            if (Math.hypot(p.x - e.point.x, p.y - e.point.y) <= CLOSE_PX) return finish();
        }
        points.push([e.lngLat.lng, e.lngLat.lat]);
        redraw();
    }
    function onDoubleClick(e) {
        e.preventDefault();
        // The double-click's two clicks each added the same corner: keep one.
        if (points.length >= 2) {
            const [a, b] = points.slice(-2);
            if (Math.abs(a[0] - b[0]) < 1e-9 && Math.abs(a[1] - b[1]) < 1e-9) points.pop();
        }
        finish();
    }
    function onKey(e) {
        if (e.key === 'Escape') cancel();
    }

    function start() {
        if (points) return;
        points = [];
        map.doubleClickZoom.disable();
        map.on('click', onClick);
        map.on('dblclick', onDoubleClick);
        document.addEventListener('keydown', onKey);
        map.getCanvas().style.cursor = 'crosshair';
        redraw();
    }
    function stop() {
        points = null;
        map.off('click', onClick);
        map.off('dblclick', onDoubleClick);
        document.removeEventListener('keydown', onKey);
        map.doubleClickZoom.enable();
        map.getCanvas().style.cursor = '';
        redraw();
    }
    function finish() {
        if (!points || points.length < 3) return false;
        const ring = points;
        stop();
        onDone(ring);
        return true;
    }
    function cancel() {
        if (!points) return;
        stop();
        onCancel?.();
    }
    return {start, finish, cancel, drawing: () => points !== null, count: () => points?.length ?? 0};
}
