// Where the synthetic country of bench/country-build.js lies, for the benches that query it: France
// (south-west corner 44° N, 0.5° W; 4.5 km between towns keeps 15M road nodes inside the border,
// which geocoding and the coverage read), towns on a grid of `spacing` metres.
export const SHAPE = {spacing: 4500, lat: 44, lon: -0.5};
export const COUNTRY = 'FR';
/** Metres per degree of latitude, and of longitude at the country's latitude. */
export const M = 111320, M_LON = M * Math.cos(SHAPE.lat * Math.PI / 180);

/** Town (tx, ty) of the grid, `dy` and `dx` metres off its centre: [lat, lon]. */
export function townCentre(tx, ty, dy, dx) {
    return [SHAPE.lat + (ty * SHAPE.spacing + dy) / M, SHAPE.lon + (tx * SHAPE.spacing + dx) / M_LON];
}

/** The z14 tile holding a position. */
export function z14(lat, lon) {
    const n = 2 ** 14, rad = lat * Math.PI / 180;
    return [Math.floor((lon + 180) / 360 * n), Math.floor((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2 * n)];
}
