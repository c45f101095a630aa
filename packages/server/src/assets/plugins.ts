// The browser plugins portals embed (PLUGINS.md): plugin.html (the iframe) and the script entry points
// map_v3.js, summary.js and summary-text.js, at the root and under /{cc}/, open (the key is the page's
// to send with its API calls), cookieless. Their modules live under /plugins/<version>/, where the
// version is a hash of every plugin file: those addresses never change content, so browsers and CDNs
// keep them for a year; the entry points' addresses are fixed (portals write them in their pages),
// so they are kept five minutes and revalidated by ETag.
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {Express, NextFunction, Request, Response} from 'express';
import {loadCountries, loadRegionConfigs} from '@quartier/engine';
import {loadCategories, subtypeNumbers} from '@quartier/engine/internal';
import {asset, sendAsset, type Asset} from './static-asset.js';
import {HttpError} from '../http/errors.js';

const PLUGINS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../public/plugins');
const VERSION_MARK = /__QUARTIER_PLUGINS_VERSION__/g;
const ENTRY_MAX_AGE = 300;
const VERSIONED_MAX_AGE = 365 * 86400;

const TYPES: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.svg': 'image/svg+xml',
    '.png': 'image/png'
};

/** The script entry points: each is entry.js with its module, configuration global and API global. */
const SCRIPT_ENTRIES: Record<string, {module: string; config: string; global: string; methods: string[]}> = {
    'map_v3.js': {module: 'map-v3', config: 'yatmoConfig', global: 'YatmoSearch', methods: ['setListings', 'search', 'clear']},
    'summary.js': {module: 'summary', config: 'yatmoSummaryConfig', global: '', methods: []},
    'summary-text.js': {module: 'summary-text', config: 'yatmoSummaryTextConfig', global: '', methods: []}
};

/**
 * plugin.html may be framed by any portal (the key's domains decide what it can show); it loads
 * nothing from other hosts but the portal's custom marker image.
 */
const PAGE_POLICY = [
    "default-src 'self'", "img-src 'self' data: blob: https:", "style-src 'self' 'unsafe-inline'",
    "worker-src 'self' blob:", "child-src blob:", "connect-src 'self'", "frame-ancestors *", "base-uri 'none'", "form-action 'none'"
].join('; ');

/** What the plugins need to know of a served region: whether it has a timetable (Transit in the mode pickers). */
export interface ServedRegion {
    country: {code: string};
    hasTransit: boolean;
}

export interface PluginAssets {
    version: string;
    entries: Map<string, Asset>;
    modules: Map<string, Asset>;
}

/**
 * A module written by the server rather than kept as a file: the languages of each country
 * (data/countries.json), so a page knows without a request when a language falls back to EN; the
 * plugin files served, so a page imports an optional module only when it is there; the words of the
 * controls (words.json, data kept apart from the code); each country's enrichment category keys and
 * ids (data/categories.json), which map_v3.js's lifestyle search offers (/enrichment, which lists
 * them otherwise, is for backend keys); the countries with public transport, which the mode pickers
 * offer Transit in.
 */
function servedModule(dir: string, files: string[], regions: readonly ServedRegion[]): Map<string, string> {
    const languages: Record<string, string[]> = {};
    for (const [code, c] of Object.entries(loadCountries())) languages[code] = c.languages;
    const words = JSON.parse(fs.readFileSync(path.join(dir, 'words.json'), 'utf8')) as unknown;
    const enrichment: Record<string, {key: string; id: number}[]> = {};
    for (const [country, entries] of Object.entries(loadCategories().enrichment)) {
        enrichment[country] = entries.map((e) => ({key: e.key, id: subtypeNumbers(country).publicId(e.id)}));
    }
    const text = '// Written by the server (assets/plugins.ts) from data/countries.json, the plugin files, words.json, data/categories.json and the regions.\n' +
        `export const COUNTRY_LANGUAGES = ${JSON.stringify(languages)};\nexport const PLUGIN_FILES = ${JSON.stringify(files)};\n` +
        `export const WORDS = ${JSON.stringify(words)};\nexport const ENRICHMENT_KEYS = ${JSON.stringify(enrichment)};\n` +
        `export const TRANSIT_COUNTRIES = ${JSON.stringify(transitCountries(regions))};\n`;
    return new Map([['lib/served.js', text]]);
}

/**
 * The countries with public transport: a region served here says whether its bundle has a timetable;
 * another country's, whether its configuration has GTFS feeds. Instances serving different countries
 * (deploy/nginx.conf's groups) so write the same list, and the country-free /plugins/ files they
 * share stay the same.
 */
function transitCountries(regions: readonly ServedRegion[]): string[] {
    const found = new Map<string, boolean>();
    for (const r of loadRegionConfigs()) found.set(r.country, (r.gtfs?.length ?? 0) > 0);
    for (const r of regions) found.set(r.country.code, r.hasTransit);
    return [...found].filter(([, transit]) => transit).map(([code]) => code).sort();
}

/** Every plugin file read once; the version is the hash of their paths and contents. */
export function loadPluginAssets(regions: readonly ServedRegion[], dir = PLUGINS_DIR): PluginAssets {
    const files = listFiles(dir);
    const bodies = new Map(files.map((file) => [file, fs.readFileSync(path.join(dir, file))]));
    const generated = servedModule(dir, files, regions);
    const hash = createHash('sha256');
    for (const [file, body] of bodies) hash.update(file).update('\0').update(body).update('\0');
    for (const [file, text] of generated) hash.update(file).update('\0').update(text).update('\0');
    const version = hash.digest('hex').slice(0, 12);
    const typeOf = (file: string) => TYPES[path.extname(file)] ?? 'application/octet-stream';
    const fill = (text: string) => text.replace(VERSION_MARK, version);
    const modules = new Map<string, Asset>();
    for (const [file, body] of bodies) {
        modules.set(file, asset(typeOf(file).startsWith('text/') ? fill(body.toString('utf8')) : body, typeOf(file)));
    }
    for (const [file, text] of generated) modules.set(file, asset(text, TYPES['.js']));
    const entries = new Map<string, Asset>();
    entries.set('plugin.html', asset(fill(bodies.get('plugin.html')!.toString('utf8')), TYPES['.html']));
    const template = bodies.get('entry.js')!.toString('utf8');
    for (const [name, e] of Object.entries(SCRIPT_ENTRIES)) {
        const text = fill(template).replaceAll('__MODULE__', e.module).replaceAll('__CONFIG__', e.config)
            .replaceAll('__GLOBAL__', e.global).replaceAll('__METHODS__', JSON.stringify(e.methods)).replaceAll('__ENTRY__', name);
        entries.set(name, asset(text, TYPES['.js']));
    }
    return {version, entries, modules};
}

function listFiles(dir: string, prefix = ''): string[] {
    const out: string[] = [];
    for (const entry of fs.readdirSync(path.join(dir, prefix), {withFileTypes: true}).sort((a, b) => a.name.localeCompare(b.name))) {
        const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
        if (entry.isDirectory()) out.push(...listFiles(dir, rel));
        else if (TYPES[path.extname(entry.name)]) out.push(rel);
    }
    return out;
}

const ENTRY_NAMES = ['plugin.html', ...Object.keys(SCRIPT_ENTRIES)];

/**
 * Per folder and served regions (their public transport: lib/served.js), the assets read once: the app a region swap
 * makes takes them over (reading and hashing every file again held the main thread, every request waiting, ~15 ms).
 */
const assetsRead = new Map<string, PluginAssets>();

function pluginAssetsOnce(regions: readonly ServedRegion[], dir = PLUGINS_DIR): PluginAssets {
    const key = `${dir}\0${regions.map((r) => `${r.country.code}:${r.hasTransit}`).join(',')}`;
    let assets = assetsRead.get(key);
    if (!assets) assetsRead.set(key, (assets = loadPluginAssets(regions, dir)));
    return assets;
}

/** Registered before the country step: an entry point's /{cc}/ prefix is for the page to read. */
export function pluginRoutes(app: Express, regions: readonly ServedRegion[], assets = pluginAssetsOnce(regions)): void {
    for (const name of ENTRY_NAMES) {
        const entry = assets.entries.get(name)!;
        const send = (req: Request, res: Response) => {
            if (name === 'plugin.html') res.setHeader('Content-Security-Policy', PAGE_POLICY);
            sendAsset(req, res, entry, ENTRY_MAX_AGE);
        };
        app.get(`/${name}`, send);
        app.get(`/:cc/${name}`, (req: Request, res: Response, next: NextFunction) => (/^[A-Za-z]{2}$/.test(String(req.params.cc)) ? send(req, res) : next()));
    }
    app.get('/plugins/:version/:folder/:file', (req: Request, res: Response) => {
        const {version, folder, file} = req.params as Record<string, string>;
        const found = assets.modules.get(`${folder}/${file}`);
        if (!found) throw new HttpError(404, `No plugin file ${folder.slice(0, 40)}/${file.slice(0, 60)}.`);
        // An older version's address (a page cached before a deploy) gets today's file, briefly cached.
        const current = version === assets.version;
        sendAsset(req, res, found, current ? VERSIONED_MAX_AGE : ENTRY_MAX_AGE, current);
    });
}
