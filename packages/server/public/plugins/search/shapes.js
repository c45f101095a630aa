// The shapes onSearch hands to the portal: always a GeoJSON MultiPolygon ([longitude, latitude], the
// outer ring first, holes after it), whatever the API answered.

/** Pieces under this area (m²) are the transit slivers SPEC §4.8 rule 1 says a client drops. */
export const SLIVER_M2 = 10;
const EARTH_RADIUS = 6371008.8;

/** An /isochrone or lifestyle answer (Polygon or MultiPolygon) as a MultiPolygon without slivers. */
export function toMultiPolygon(geometry) {
    if (!geometry || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) {
        throw new Error(`the map service answered a ${geometry?.type ?? 'missing'} geometry where an area was expected`);
    }
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    const kept = [];
    for (const polygon of polygons) {
        if (polygon.length && polygon[0].length >= 4 && Math.abs(ringArea(polygon[0])) >= SLIVER_M2) kept.push(polygon);
    }
    return {type: 'MultiPolygon', coordinates: kept};
}

/** A ring drawn by hand ([lon, lat] points, not closed) as a counter-clockwise MultiPolygon. */
export function ringToMultiPolygon(points) {
    const ring = points.map((p) => [round6(p[0]), round6(p[1])]);
    ring.push(ring[0].slice());
    if (ringArea(ring) < 0) ring.reverse();
    return {type: 'MultiPolygon', coordinates: [[ring]]};
}

/** Signed area in m² (counter-clockwise positive), on the sphere (the GeoJSON spec's formula). */
export function ringArea(ring) {
    let total = 0;
    const rad = Math.PI / 180;
    for (let i = 0; i + 1 < ring.length; i++) {
        const [x1, y1] = ring[i], [x2, y2] = ring[i + 1];
        total += (x2 - x1) * rad * (2 + Math.sin(y1 * rad) + Math.sin(y2 * rad));
    }
    return total * EARTH_RADIUS * EARTH_RADIUS / 2;
}

/** [[west, south], [east, north]] of a MultiPolygon, or null when empty. */
export function shapeBounds(shape) {
    let w = Infinity, s = Infinity, e = -Infinity, n = -Infinity;
    for (const polygon of shape.coordinates) {
        for (const [x, y] of polygon[0]) {
            if (x < w) w = x;
            if (x > e) e = x;
            if (y < s) s = y;
            if (y > n) n = y;
        }
    }
    return w <= e ? [[w, s], [e, n]] : null;
}

function round6(v) {
    return Math.round(v * 1e6) / 1e6;
}
