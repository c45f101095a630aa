// GET /{cc}/styles/osm_<name>.json (SPEC §4.14): the MapLibre style documents of data/maplibre-styles
// with this server's tiles, glyphs and sprite addresses, labels in ?language= when given. Open, no key.
import type {Express} from 'express';
import {localizeStyle, readMapLibreStyle, STYLE_NAMES, loadStyle} from '@quartier/render';
import type {Region} from '@quartier/engine';
import {HttpError, notServed} from '../http/errors.js';
import {normalizeQuery} from '../http/params.js';
import {ADDRESS_VARY, asset, publicBase, sendAsset, type Asset} from '../assets/static-asset.js';

const MAX_AGE = 86400;
const MAX_CACHED = 256;

export function styleRoutes(app: Express, regions: Region[]): void {
    const documents = new Map<string, Record<string, unknown>>();
    for (const name of STYLE_NAMES) {
        const file = loadStyle(name).file;
        documents.set(file, readMapLibreStyle(file));
    }
    const files = [...documents.keys()].join(', ');
    const cache = new Map<string, Asset>();
    app.get('/styles/:file', (req, res) => {
        const country = res.locals.country as string;
        const region = regions.find((r) => r.country.code === country);
        if (!region) throw new HttpError(404, notServed(country));
        const file = req.params.file.toLowerCase();
        const doc = documents.get(file);
        if (!doc) throw new HttpError(404, `No style ${req.params.file.slice(0, 60)}. Styles: ${files}.`);
        const language = normalizeQuery(req.query as Record<string, unknown>).get('language')?.toLowerCase() || undefined;
        if (language !== undefined && !/^[a-z]{2,3}$/.test(language)) {
            throw new HttpError(400, 'language is a two- or three-letter language code (e.g. FR); labels use the name:xx field of that language, else the local name.');
        }
        const base = publicBase(req);
        if (!base) throw new HttpError(400, 'Cannot tell this server\'s address from the Host, X-Forwarded-Host or X-Forwarded-Proto header.');
        const key = `${file}|${language ?? ''}|${base}|${country}`;
        let a = cache.get(key);
        if (!a) {
            const prefix = `${base}/${region.country.subdomain}`;
            const style = localizeStyle(doc, {
                tiles: `${prefix}/tiles/tile_planet.json`,
                glyphs: `${base}/fonts/{fontstack}/{range}.pbf`,
                sprite: `${base}/sprites/sprite`
            }, language);
            a = asset(JSON.stringify(style), 'application/json; charset=utf-8');
            if (cache.size >= MAX_CACHED) cache.clear();
            cache.set(key, a);
        }
        res.setHeader('Vary', ADDRESS_VARY);
        sendAsset(req, res, a, MAX_AGE);
    });
}
