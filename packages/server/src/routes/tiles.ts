// Vector tiles in the OpenMapTiles schema (SPEC §4.14): GET /{cc}/tiles/{z}/{x}/{y}.pbf and the TileJSON
// 3.0 document /{cc}/tiles/tile_planet.json. Open (no key) and cacheable like the CDN they stand for.
// Tiles are cut at region-build time into the bundle (engine tiles/tile-archive.ts): serving one is a
// lookup in memory. ETags name the bundle's inputs and the tile, so they change with a rebuild only.
import type {Express, Request, Response} from 'express';
import type {Region} from '@quartier/engine';
import {MAX_TILE_ZOOM, TileBuilder} from '@quartier/engine/internal';
import {HttpError, badRequest, notServed} from '../http/errors.js';
import {ADDRESS_VARY, etagMatches, publicBase} from '../assets/static-asset.js';
import {tileJsonAnswer} from '../answers/tiles-answer.js';

const CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

export function tileRoutes(app: Express, regions: Region[]): void {
    const regionOf = (res: Response): Region => {
        const region = regions.find((r) => r.country.code === res.locals.country);
        if (!region) throw new HttpError(404, notServed(res.locals.country, regions.map((r) => r.country.code)));
        return region;
    };
    // Any origin, errors included (cors.ts lists the tiles among the open paths).
    app.get('/tiles/tile_planet.json', (req: Request, res: Response) => {
        const region = regionOf(res);
        const base = publicBase(req);
        if (base === null) throw badRequest('The Host (or X-Forwarded-Host / X-Forwarded-Proto) header is malformed: the tile addresses are made from it.');
        res.setHeader('Cache-Control', CACHE_CONTROL);
        res.setHeader('Vary', [res.getHeader('Vary'), ADDRESS_VARY].filter(Boolean).join(', '));
        res.json(tileJsonAnswer(region, base));
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
        const tile = region.tile(z, x, y);
        const etag = `"${region.manifest.inputHash.slice(0, 16)}-${z}-${x}-${y}"`;
        res.setHeader('Cache-Control', CACHE_CONTROL);
        res.setHeader('ETag', etag);
        if (etagMatches(req, etag)) {
            res.status(304).end();
            return;
        }
        if (tile === null) {
            res.status(204).end();
            return;
        }
        res.setHeader('Content-Type', 'application/x-protobuf');
        res.setHeader('Content-Encoding', 'gzip');
        res.setHeader('Content-Length', tile.length);
        res.end(tile);
    });
}
