// Vector tiles in the OpenMapTiles schema (SPEC §4.14): GET /{cc}/tiles/{z}/{x}/{y}.pbf and the TileJSON
// 3.0 document /{cc}/tiles/tile_planet.json. Open (no key) and cacheable like the CDN they stand for.
// Tiles are cut on demand from the region's bundle (engine tiles/tile-builder.ts) and kept gzipped in
// a bounded LRU: see bench/RESULTS.md "Vector tiles" for why on demand rather than an archive.
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type {Express, Request, Response} from 'express';
import {MAX_TILE_ZOOM, OMT_LAYERS, TileBuilder, latOfY, lonOfX, WORLD, type Region} from '@quartier/engine';
import {HttpError, badRequest} from '../errors.js';
import {LruCache} from '../image-cache.js';

/** Tiles kept: at most this many, and this many bytes (gzipped). */
export const TILE_CACHE_ENTRIES = 20000;
export const TILE_CACHE_BYTES = 256 * 1024 * 1024;
const CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';
const ATTRIBUTION = '<a href="https://openmaptiles.org/" target="_blank">&copy; OpenMapTiles</a> '
    + '<a href="https://www.openstreetmap.org/copyright" target="_blank">&copy; OpenStreetMap contributors</a>';

interface CachedTile {
    /** The gzipped tile, or null for an empty one (204). */
    body: Buffer | null;
    etag: string;
}

export const tileCache = new LruCache<CachedTile>(TILE_CACHE_ENTRIES, TILE_CACHE_BYTES, (t) => (t.body?.length ?? 0) + 128);

export function tileRoutes(app: Express, regions: Region[]): void {
    const builders = new Map<string, TileBuilder>();
    const regionOf = (res: Response): Region => {
        const region = regions.find((r) => r.country.code === res.locals.country);
        if (!region) throw new HttpError(404, `Country ${res.locals.country} is not served by this server (served: ${regions.map((r) => r.country.code).join(', ') || 'none'}).`);
        return region;
    };
    const open = (res: Response) => {
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Cache-Control', CACHE_CONTROL);
    };

    app.get('/tiles/tile_planet.json', (req: Request, res: Response) => {
        const region = regionOf(res);
        const host = String(req.headers['x-forwarded-host'] ?? req.headers.host ?? 'localhost').split(',')[0].trim();
        const proto = String(req.headers['x-forwarded-proto'] ?? req.protocol).split(',')[0].trim();
        const bounds = boundsOf(region);
        open(res);
        res.json({
            tilejson: '3.0.0',
            name: `quartier ${region.label}`,
            description: `Vector tiles in the OpenMapTiles schema from the OpenStreetMap data of ${region.manifest.name}.`,
            version: String(region.manifest.buildVersion ?? '1'),
            attribution: ATTRIBUTION,
            scheme: 'xyz',
            tiles: [`${proto}://${host}/${region.country.code.toLowerCase()}/tiles/{z}/{x}/{y}.pbf`],
            minzoom: 0,
            maxzoom: MAX_TILE_ZOOM,
            bounds,
            center: [(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2, 12],
            format: 'pbf',
            vector_layers: OMT_LAYERS.map((l) => ({id: l.id, fields: l.fields, minzoom: l.minzoom, maxzoom: MAX_TILE_ZOOM}))
        });
    });

    app.get('/tiles/:z/:x/:file', (req: Request, res: Response) => {
        const region = regionOf(res);
        const m = /^(\d{1,9})\.pbf$/.exec(String(req.params.file));
        const zs = String(req.params.z), xs = String(req.params.x);
        if (!m || !/^\d{1,2}$/.test(zs) || !/^\d{1,9}$/.test(xs)) {
            throw badRequest(`Tile paths are /tiles/{z}/{x}/{y}.pbf with whole numbers (got /tiles/${zs.slice(0, 12)}/${xs.slice(0, 12)}/${String(req.params.file).slice(0, 16)}).`);
        }
        const z = Number(zs), x = Number(xs), y = Number(m[1]);
        if (!TileBuilder.valid(z, x, y)) {
            throw badRequest(`Tile ${z}/${x}/${y} does not exist: zoom is 0 to ${MAX_TILE_ZOOM}, and x and y are 0 to 2^zoom - 1 (${z <= MAX_TILE_ZOOM ? 2 ** z - 1 : 'n/a'} at zoom ${z}).`);
        }
        const key = `${region.country.code}/${z}/${x}/${y}`;
        let tile = tileCache.get(key);
        if (tile === undefined) {
            tile = cutTile(region, builders, z, x, y);
            tileCache.set(key, tile);
        }
        open(res);
        res.setHeader('ETag', tile.etag);
        if (req.headers['if-none-match'] === tile.etag) {
            res.status(304).end();
            return;
        }
        if (tile.body === null) {
            res.status(204).end();
            return;
        }
        res.setHeader('Content-Type', 'application/x-protobuf');
        res.setHeader('Content-Encoding', 'gzip');
        res.setHeader('Content-Length', tile.body.length);
        res.end(tile.body);
    });
}

function cutTile(region: Region, builders: Map<string, TileBuilder>, z: number, x: number, y: number): CachedTile {
    const size = WORLD / 2 ** z;
    const north = latOfY(y * size), south = latOfY((y + 1) * size), west = lonOfX(x * size), east = lonOfX((x + 1) * size);
    let raw: Uint8Array | null = null;
    if (region.coverage.touches(south, west, north, east)) {
        let builder = builders.get(region.country.code);
        if (!builder) {
            builder = new TileBuilder(region.map, region.places);
            builders.set(region.country.code, builder);
        }
        raw = builder.build(z, x, y);
    }
    const version = String(region.manifest.buildVersion ?? '');
    if (raw === null) return {body: null, etag: `"empty-${crypto.createHash('sha1').update(version).digest('hex').slice(0, 16)}"`};
    const body = zlib.gzipSync(raw, {level: 6});
    return {body, etag: `"${crypto.createHash('sha1').update(body).digest('hex').slice(0, 32)}"`};
}

const boundsCache = new WeakMap<Region, [number, number, number, number]>();

/** [west, south, east, north] of the region's coverage outline. */
function boundsOf(region: Region): [number, number, number, number] {
    let bounds = boundsCache.get(region);
    if (bounds) return bounds;
    let w = 180, s = 90, e = -180, n = -90;
    for (const polygon of region.coverage.outline.coordinates) {
        for (const [lon, lat] of polygon[0]) {
            if (lon < w) w = lon;
            if (lon > e) e = lon;
            if (lat < s) s = lat;
            if (lat > n) n = lat;
        }
    }
    const round = (v: number) => Math.round(v * 1e6) / 1e6;
    bounds = [round(w), round(s), round(e), round(n)];
    boundsCache.set(region, bounds);
    return bounds;
}
