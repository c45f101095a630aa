// GET /: the playground page (static files in packages/server/public), MapLibre GL JS served from our
// own node_modules (no CDN), and the page's configuration: the regions, and a frontend key tied to the
// host the page was opened on (frontend keys are public by nature: they live in web pages; a backend
// key never leaves the keys file).
import path from 'node:path';
import {createRequire} from 'node:module';
import {fileURLToPath} from 'node:url';
import fs from 'node:fs';
import express, {type Express, type Request, type Response} from 'express';
import {asset, sendAsset, type Asset} from '../assets/static-asset.js';
import {HttpError} from '../http/errors.js';
import type {Region} from '@quartier/engine';
import type {KeyStore} from '../http/keys.js';

const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../public');
const MAPLIBRE_DIR = path.dirname(createRequire(import.meta.url).resolve('maplibre-gl/package.json'));
/** MapLibre's right-to-left text plugin (Arabic and Hebrew labels shaped and ordered), loaded by the page when needed. */
// Its package exports only its source (./src/index.js): the browser build sits in ../dist beside it.
const RTL_TEXT_DIR = path.resolve(path.dirname(createRequire(import.meta.url).resolve('@mapbox/mapbox-gl-rtl-text')), '..');

export function playgroundRoutes(app: Express, regions: Region[], keys: KeyStore): void {
    // Made on the first request, not with the app: a region's center runs over its road nodes (a country's: tens of
    // milliseconds), and a region swap makes its app on the main thread while it serves.
    let described: {country: string; name: string; languages: string[]; center: [number, number]}[] | null = null;
    app.get('/', (_req: Request, res: Response) => res.sendFile(path.join(PUBLIC_DIR, 'index.html')));
    app.get('/playground/config.json', (req: Request, res: Response) => {
        res.setHeader('Cache-Control', 'no-store');
        described ??= regions.map((r) => ({country: r.country.code, name: r.manifest.name, languages: r.country.languages, center: r.center()}));
        res.json({key: keys.frontendKeyFor(req.hostname.toLowerCase()), regions: described});
    });
    app.use('/playground', express.static(PUBLIC_DIR, {index: false, maxAge: '1h'}));
    // The browser libraries, gzipped once (MapLibre is 1.6 MB as is, 0.45 MB gzipped: most of a plugin page's first load).
    const vendorDirs: Record<string, string> = {'maplibre-gl': path.join(MAPLIBRE_DIR, 'dist'), 'rtl-text': path.join(RTL_TEXT_DIR, 'dist')};
    const vendored = new Map<string, Asset>();
    app.get('/vendor/:pkg/:file', (req: Request, res: Response) => {
        const {pkg, file} = req.params as Record<string, string>;
        const dir = Object.hasOwn(vendorDirs, pkg) ? vendorDirs[pkg] : undefined;
        const type = VENDOR_TYPES[path.extname(file)];
        const key = `${pkg}/${file}`;
        let found = vendored.get(key);
        if (!found && dir && type && /^[\w.-]+$/.test(file) && fs.existsSync(path.join(dir, file))) {
            found = asset(fs.readFileSync(path.join(dir, file)), type);
            vendored.set(key, found);
        }
        if (!found) throw new HttpError(404, `No file ${key.slice(0, 100)} under /vendor.`);
        sendAsset(req, res, found, 7 * 86400, true);
    });
}

const VENDOR_TYPES: Record<string, string> = {
    '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.map': 'application/json'
};
