// GET /image (SPEC §4.13): a JPEG map rendered in-process from the region's own map data, cached
// by its full parameter set; and the icon endpoints of SPEC §4.14 (icons24/{i}@2x.png,
// icons32/{i}@2x.png, subicons24/{si}@2x.png), which need no key, like the CDN they stand for.
import type {Express, Request, Response} from 'express';
import type {Region} from '@quartier/engine';
import {MarkerImageError, badgePng, checkMarker, checkMarkerSize, isKnownIcon, markerPng, type MarkerCheck} from '@quartier/render';
import type {Guard} from '../http/request-contract.js';
import {HttpError, badRequest, sendError} from '../http/errors.js';
import {requireCovered} from '../http/position.js';
import {LruCache} from '../image/image-cache.js';
import {MARKER_RATIO, imageCacheKey, parseImageRequest} from '../image/image-params.js';
import type {ImagePool} from '../image/image-pool.js';
import {MarkerFetchError, fetchMarker, type MarkerFetchOptions} from '../image/marker-fetch.js';

/** Rendered images kept: at most this many, and this many bytes. */
export const IMAGE_CACHE_ENTRIES = 512;
export const IMAGE_CACHE_BYTES = 128 * 1024 * 1024;
/** Fetched custom markers kept, and for how long. */
const MARKER_CACHE_ENTRIES = 256;
const MARKER_TTL_MS = 10 * 60 * 1000;
/** Marker downloads in flight at once; more is a 429. */
const MAX_MARKER_FETCHES = 16;

export const imageCache = new LruCache<Buffer>(IMAGE_CACHE_ENTRIES, IMAGE_CACHE_BYTES, (b) => b.length);
const markerCache = new LruCache<{bytes: Buffer; check: MarkerCheck; at: number}>(MARKER_CACHE_ENTRIES, 32 * 1024 * 1024, (m) => m.bytes.length + 256);
let markerFetches = 0;

export interface ImageRouteOptions {
    /** The render threads. */
    pool: ImagePool;
    /** How custom markers are fetched (default MARKER_FETCH_POLICY). */
    markerFetch?: MarkerFetchOptions;
}

export function imageRoutes(app: Express, guard: Guard, regions: Region[], {pool, markerFetch}: ImageRouteOptions): void {
    app.get('/image', guard('backend', async ({region, query, country}, _req, res) => {
        const request = parseImageRequest(query);
        requireCovered(region, request.latitude, request.longitude);
        // The bundle's id in the key: an image drawn from a region's data is never served after that data is swapped.
        const key = `${country}|${region.manifest.inputHash.slice(0, 16)}|${imageCacheKey(request)}`;
        let jpeg = imageCache.get(key);
        if (jpeg === undefined) {
            const marker = request.marker ? {bytes: await customMarker(request.marker, markerFetch), width: request.marker.width, height: request.marker.height} : null;
            jpeg = await imageCache.getOrCompute(key, () => pool.render({
                country,
                options: {
                    latitude: request.latitude, longitude: request.longitude, width: request.width, height: request.height,
                    mapStyle: request.mapStyle, zoom: request.zoom, pinColor: request.pinColor, threeDMode: request.threeDMode,
                    bigIcon: request.bigIcon, multiborders: request.multiborders
                },
                marker
            }));
        }
        res.setHeader('Content-Type', 'image/jpeg');
        res.setHeader('Cache-Control', 'private, max-age=86400');
        res.end(jpeg);
    }));

    const regionOf = (res: Response): Region | undefined => regions.find((r) => r.country.code === res.locals.country);
    iconRoutes(app);
    app.get('/subicons24/:file', (req: Request, res: Response) => {
        const region = regionOf(res);
        const m = /^(\d{1,9})(@2x)?\.png$/i.exec(String(req.params.file));
        const png = region && m ? badgePng(region, Number(m[1]), m[2] ? 2 : 1) : null;
        if (!png) {
            sendError(res, 404, `No sub-icon ${String(req.params.file).slice(0, 40)}${region ? '' : ` (country ${res.locals.country} is not served)`}.`);
            return;
        }
        sendPng(res, png);
    });
}

/**
 * The place icons (icons24/{i}@2x.png, icons32/...): the same in every country, so served without a
 * country too (app.ts registers them before the country middleware, imageRoutes after it for /{cc}/ paths).
 */
export function iconRoutes(app: Express): void {
    const icon = (size: number) => (req: Request, res: Response) => {
        const m = /^(\d{1,6})(@2x)?\.png$/i.exec(String(req.params.file));
        const id = m ? Number(m[1]) : NaN;
        if (!m || !isKnownIcon(id)) {
            sendError(res, 404, `No icon ${String(req.params.file).slice(0, 40)}.`);
            return;
        }
        sendPng(res, markerPng(id, size, m[2] ? 2 : 1));
    };
    app.get('/icons24/:file', icon(24));
    app.get('/icons32/:file', icon(32));
}

function sendPng(res: Response, png: Buffer): void {
    res.setHeader('Content-Type', 'image/png');
    res.setHeader('Cache-Control', 'public, max-age=604800');
    res.end(png);
}

/**
 * The bytes of a custom marker (cached), checked to be a PNG or an SVG within the bounds of what a
 * marker may cost to draw at the size asked for, before any render thread sees them; or a 400 saying why not.
 */
async function customMarker(marker: {url: string; width: number; height: number}, policy: MarkerFetchOptions | undefined): Promise<Uint8Array> {
    const {url} = marker;
    const hit = markerCache.get(url);
    if (hit && Date.now() - hit.at < MARKER_TTL_MS) return sized(hit, marker);
    if (markerFetches >= MAX_MARKER_FETCHES) throw new HttpError(429, 'Too many custom markers are being fetched; retry in a few seconds.', {'Retry-After': '2'});
    markerFetches++;
    try {
        const bytes = await fetchMarker(url, policy);
        const fetched = {bytes, check: checkMarker(bytes), at: Date.now()};
        markerCache.set(url, fetched);
        return sized(fetched, marker);
    } catch (err) {
        if (err instanceof MarkerFetchError) throw badRequest(`Parameter 'customMarkerUrl' ${err.message}.`);
        if (err instanceof MarkerImageError) throw badRequest(`Parameter 'customMarkerUrl': ${err.message}.`);
        throw err;
    } finally {
        markerFetches--;
    }
}

/** The marker's bytes when it may be drawn at the size asked for (at MARKER_RATIO pixels per CSS pixel); else a 400. */
function sized(fetched: {bytes: Buffer; check: MarkerCheck}, marker: {width: number; height: number}): Buffer {
    try {
        checkMarkerSize(fetched.check, marker.width * MARKER_RATIO, marker.height * MARKER_RATIO);
    } catch (err) {
        if (err instanceof MarkerImageError) throw badRequest(`Parameter 'customMarkerUrl': ${err.message}.`);
        throw err;
    }
    return fetched.bytes;
}
