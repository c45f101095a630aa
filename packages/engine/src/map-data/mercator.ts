// Web Mercator in integer world units: the whole world is WORLD × WORLD units (2^30, about 3.7 cm at
// the equator), so map coordinates fit an Int32Array exactly and a pixel at zoom z is 2^(22 - z) units.
export const WORLD = 1 << 30;
const MAX_LAT = 85.0511287798;

/** World x (units) of a longitude. */
export function mercatorX(lon: number): number {
    return Math.round((lon + 180) / 360 * WORLD);
}

/** World y (units, growing southwards) of a latitude. */
export function mercatorY(lat: number): number {
    const l = lat > MAX_LAT ? MAX_LAT : lat < -MAX_LAT ? -MAX_LAT : lat;
    const s = Math.sin(l * Math.PI / 180);
    return Math.round((0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * WORLD);
}

export function lonOfX(x: number): number {
    return x / WORLD * 360 - 180;
}

export function latOfY(y: number): number {
    const n = Math.PI - 2 * Math.PI * y / WORLD;
    return 180 / Math.PI * Math.atan(Math.sinh(n));
}

/** World units per 256-px-tile pixel at a zoom. */
export function unitsPerPixel(zoom: number): number {
    return WORLD / (256 * Math.pow(2, zoom));
}

/** Metres on the ground per world unit at a latitude. */
export function metersPerUnit(lat: number): number {
    return 40075016.686 * Math.cos(lat * Math.PI / 180) / WORLD;
}
