// The parameters of GET /image (SPEC §4.13, COMPAT.md), checked: every problem is a 400 naming the
// parameter. The parsed request also gives the cache key: every parameter that changes the picture.
import {badRequest} from '../http/errors.js';
import {optionalBoolean, optionalString, parseLatitude, parseLongitude, requiredString, type Query} from '../http/params.js';

export const MIN_SIDE = 16;
export const MAX_SIDE = 2048;
export const MAX_MARKER_SIDE = 512;
/** A custom marker is decoded at this many pixels per CSS pixel and drawn downscaled (the map itself is drawn at its own size). */
export const MARKER_RATIO = 2;
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 18;
export const DEFAULT_ZOOM = 16;

export interface ImageRequest {
    latitude: number;
    longitude: number;
    /** '#rrggbb' */
    pinColor: string;
    width: number;
    height: number;
    mapStyle: number;
    zoom: number;
    threeDMode: boolean;
    bigIcon: boolean;
    multiborders: boolean;
    marker: {url: string; width: number; height: number} | null;
}

function integer(q: Query, name: string, min: number, max: number, fallback?: number): number {
    const v = fallback === undefined ? requiredString(q, name) : optionalString(q, name);
    if (v === undefined) return fallback!;
    if (!/^[+]?\d{1,6}$/.test(v)) throw badRequest(`Parameter '${name}' must be an integer from ${min} to ${max}, got '${v.slice(0, 20)}'.`);
    const n = Number(v);
    if (n < min || n > max) throw badRequest(`Parameter '${name}' must be an integer from ${min} to ${max}, got ${n}.`);
    return n;
}

export function parseImageRequest(q: Query): ImageRequest {
    const latitude = parseLatitude(requiredString(q, 'latitude'), 'latitude');
    const longitude = parseLongitude(requiredString(q, 'longitude'), 'longitude');
    const hex = requiredString(q, 'hexaColor');
    if (!/^([0-9a-f]{3}|[0-9a-f]{6})$/i.test(hex)) {
        throw badRequest(`Parameter 'hexaColor' must be 3 or 6 hexadecimal digits without '#' (e.g. 428BFF), got '${hex.slice(0, 20)}'.`);
    }
    const six = hex.length === 3 ? hex.replace(/./g, (c) => c + c) : hex;
    const width = integer(q, 'width', MIN_SIDE, MAX_SIDE);
    const height = integer(q, 'height', MIN_SIDE, MAX_SIDE);
    const mapStyle = integer(q, 'mapStyle', 1, 7, 1);
    const zoom = integer(q, 'zoom', MIN_ZOOM, MAX_ZOOM, DEFAULT_ZOOM);
    const url = optionalString(q, 'customMarkerUrl');
    let marker: ImageRequest['marker'] = null;
    if (url !== undefined) {
        if (optionalString(q, 'customMarkerWidth') === undefined || optionalString(q, 'customMarkerHeight') === undefined) {
            throw badRequest("Parameter 'customMarkerUrl' requires both 'customMarkerWidth' and 'customMarkerHeight'.");
        }
        marker = {
            url,
            width: integer(q, 'customMarkerWidth', 1, MAX_MARKER_SIDE),
            height: integer(q, 'customMarkerHeight', 1, MAX_MARKER_SIDE)
        };
    }
    return {
        latitude, longitude, pinColor: `#${six.toLowerCase()}`, width, height, mapStyle, zoom,
        threeDMode: optionalBoolean(q, 'threeDMode', false),
        bigIcon: optionalBoolean(q, 'bigIcon', false),
        multiborders: optionalBoolean(q, 'multiborders', false),
        marker
    };
}

/** Everything that changes the image, as one string (the country is added by the caller). */
export function imageCacheKey(r: ImageRequest): string {
    const m = r.marker ? `${r.marker.width}x${r.marker.height}@${r.marker.url}` : '';
    return [r.latitude, r.longitude, r.pinColor, r.width, r.height, r.mapStyle, r.zoom, +r.threeDMode, +r.bigIcon, +r.multiborders, m].join('|');
}
