// marker=circle (PLUGINS.md §1): a circle that holds the property without revealing where in it.
//
// The property's position only picks a square cell of a fixed grid (side = the radius, in metres,
// aligned on the equator and the meridian of Greenwich); the circle's centre is that cell's centre
// moved by up to a quarter of the radius in a direction and by a length drawn from a hash of the
// cell. So every position of the cell gets the same circle (the centre says nothing finer than the
// cell), the same listing always gets the same circle, and the property is always inside it: at most
// half the cell's diagonal (0.71 r) plus the move (0.25 r) from the centre. Everything the page then
// asks the API (summary, scores, areas, routes, POIs of the view) is about the centre, never the
// property; nothing else about the position leaves the page.
const METRES_PER_DEGREE = 111320;
const BAND_DEGREES = 0.5;
const MOVE = 0.25;

/** The circle's centre {latitude, longitude} for a property and a radius in metres. */
export function obscuredCentre(latitude, longitude, radius) {
    // The east-west scale of a band of half a degree of latitude (not of the exact latitude, which
    // would tie the grid to the position).
    const band = Math.floor(latitude / BAND_DEGREES);
    const scale = METRES_PER_DEGREE * Math.cos(((band + 0.5) * BAND_DEGREES * Math.PI) / 180);
    const ix = Math.floor((longitude * scale) / radius);
    const iy = Math.floor((latitude * METRES_PER_DEGREE) / radius);
    const seed = hash32(`${band}:${ix}:${iy}:${radius}`);
    const angle = ((seed & 0xffff) / 0x10000) * 2 * Math.PI;
    const length = MOVE * radius * Math.sqrt((seed >>> 16) / 0x10000);
    const x = (ix + 0.5) * radius + length * Math.cos(angle);
    const y = (iy + 0.5) * radius + length * Math.sin(angle);
    return {latitude: y / METRES_PER_DEGREE, longitude: x / scale};
}

/** A GeoJSON Polygon: the circle of `radius` metres around `centre`, 64 sides. */
export function circlePolygon(centre, radius, sides = 64) {
    const ring = [];
    const dLat = radius / METRES_PER_DEGREE;
    const dLon = radius / (METRES_PER_DEGREE * Math.cos((centre.latitude * Math.PI) / 180));
    for (let i = 0; i <= sides; i++) {
        const a = (i % sides) * ((2 * Math.PI) / sides);
        ring.push([round6(centre.longitude + dLon * Math.cos(a)), round6(centre.latitude + dLat * Math.sin(a))]);
    }
    return {type: 'Polygon', coordinates: [ring]};
}

/** FNV-1a over the text, then a final mix (so neighbouring cells get unrelated moves). */
function hash32(text) {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) {
        h ^= text.charCodeAt(i);
        h = Math.imul(h, 0x01000193);
    }
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    return h >>> 0;
}

function round6(x) {
    return Math.round(x * 1e6) / 1e6;
}
