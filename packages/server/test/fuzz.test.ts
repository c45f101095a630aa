// Property-based fuzzing (fast-check) of every endpoint the OpenAPI document lists: its parameters
// (query and path) and bodies drawn from edge values, random text and numbers, and valid positions,
// so that requests reach deep into the handlers. Every answer must be below 500, every error a JSON
// {"Error": "..."}, every answer as the document describes it (the helpers check), and none slower
// than a generous bound. A fixed seed keeps the suite repeatable; QUARTIER_FUZZ_SEED and
// QUARTIER_FUZZ_RUNS explore further.
import fc from 'fast-check';
import t from 'tap';
import {openApiDocument} from '../src/assets/openapi.js';
import {BACKEND_KEY, FRONTEND_KEY, testServer} from './helpers.js';
import {checkAnswer} from './openapi-check.js';

const SEED = Number(process.env.QUARTIER_FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.QUARTIER_FUZZ_RUNS ?? 25);
/** Milliseconds an answer may take at most: far above any real answer, below the task time limits' sum. */
const SLOWEST_MS = 20000;

type Json = Record<string, any>;
const doc = openApiDocument as unknown as Json;

/** Values that have broken parsers before: empty, signs, non-finite, huge, unicode, separators, traversal. */
const EDGE = ['', ' ', '0', '-0', '-1', '1', '2', '7', '60', '3600', '86400', 'NaN', 'Infinity', '-Infinity', '1e309', '1e-320',
    '0x10', '50.8461', '4.3664', '50.8461,4.3664', '50.8461,4.3664|50.8467,4.3525', '50.8461,4.3664;50.85,4.37', '-91', '181',
    'true', 'false', 'TRUE', 'yes', 'Walking', 'Driving', 'Bicycling', 'Transit', '4', 'EN', 'fr', 'NL', 'zz', 'a'.repeat(3000),
    '%', '%00', '\u0000', '\u{1F600}', '[]', '{}', 'null', '61', '61@2x.png', '0.png', '14', '8000', '1-255.pbf', '0-255.pbf',
    '..', '../../etc/passwd', 'FFFFFF', 'zzzzzz', 'Rue de la Loi 16', 'Grand-Place'];

const lat = fc.double({min: 50.80, max: 50.90, noNaN: true}).map((v) => v.toFixed(5));
const lon = fc.double({min: 4.30, max: 4.42, noNaN: true}).map((v) => v.toFixed(5));
const pair = fc.tuple(lat, lon).map(([a, b]) => `${a},${b}`);
const anyText = fc.oneof(
    {weight: 4, arbitrary: fc.constantFrom(...EDGE)},
    {weight: 2, arbitrary: fc.string({maxLength: 30})},
    {weight: 1, arbitrary: fc.string({maxLength: 30, unit: 'grapheme'})},
    {weight: 1, arbitrary: fc.double().map(String)},
    {weight: 2, arbitrary: fc.integer({min: -10, max: 5000}).map(String)}
);

/** A value the endpoint accepts for a parameter (by its name, else its schema's enum, example or default). */
function validFor(param: Json): fc.Arbitrary<string | undefined> {
    const n = String(param.name).toLowerCase();
    if (n.endsWith('latitude')) return lat;
    if (n.endsWith('longitude')) return lon;
    if (n === 'bound1' || n === 'bound2') return pair;
    if (n === 'sources' || n === 'destinations') return fc.array(pair, {minLength: 1, maxLength: 4}).map((p) => p.join(';'));
    if (n === 'travelmode') return fc.constantFrom('Driving', 'Walking', 'Bicycling', 'Transit', '1', '2', '3', '4');
    if (n === 'numberofseconds') return fc.integer({min: 60, max: 1200}).map(String);
    if (n === 'width' || n === 'height') return fc.integer({min: 50, max: 400}).map(String);
    if (n === 'language') return fc.constantFrom('EN', 'FR', 'NL', 'de', undefined);
    if (n === 'address') return fc.constantFrom('Rue de la Loi', 'Grand-Place 1', 'Bruxelles', 'Avenue Louise 54');
    // Never a real fetch: a private address, a name that cannot resolve, or no URL at all.
    if (n === 'custommarkerurl') {
        return fc.oneof({weight: 4, arbitrary: fc.constant(undefined)}, {weight: 1, arbitrary: fc.constantFrom('http://127.0.0.1/x.png', 'https://quartier.invalid/m.svg', 'not a url')});
    }
    const schema = (param.schema ?? {}) as Json;
    if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum.map(String));
    if (schema.type === 'boolean') return fc.constantFrom('true', 'false', undefined);
    if (param.example !== undefined) return fc.constant(String(param.example));
    if (schema.default !== undefined) return fc.constant(String(schema.default));
    return fc.constant(undefined);
}

/** Anything, or nothing. */
const wild = fc.option(anyText, {nil: undefined, freq: 5});

interface Endpoint {
    method: 'GET' | 'POST';
    path: string;
    rootOnly: boolean;
    query: Json[];
    pathParams: Json[];
    body: boolean;
    /** Secured by the admin token (POST /admin/reload) rather than a licence key. */
    admin: boolean;
}

const endpoints: Endpoint[] = [];
for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
        if (method === 'servers') continue;
        const params = ((op.parameters ?? []) as Json[]).map((p) => (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p));
        endpoints.push({
            method: method.toUpperCase() as 'GET' | 'POST', path, rootOnly: item.servers !== undefined,
            query: params.filter((p) => p.in === 'query'),
            pathParams: params.filter((p) => p.in === 'path'),
            body: op.requestBody !== undefined,
            admin: JSON.stringify(op.security ?? []).includes('AdminToken')
        });
    }
}

const listing = fc.record({id: fc.oneof(fc.string({maxLength: 8}), fc.integer()), latitude: fc.oneof(lat.map(Number), fc.double()), longitude: fc.oneof(lon.map(Number), fc.double())}, {requiredKeys: []});
const position = fc.oneof(fc.tuple(lat.map(Number), lon.map(Number)), fc.jsonValue({maxDepth: 2}));
const bodies = fc.oneof(
    {weight: 3, arbitrary: fc.record({
        travelMode: fc.constantFrom('Driving', 'Walking', 'Bicycling', 'Transit', 7, null),
        sources: fc.array(position, {maxLength: 4}), destinations: fc.array(position, {maxLength: 4})
    }, {requiredKeys: []}).map((b) => JSON.stringify(b))},
    {weight: 3, arbitrary: fc.array(listing, {maxLength: 4}).map((ls) => JSON.stringify(ls))},
    {weight: 1, arbitrary: fc.array(listing, {maxLength: 3}).map((ls) => ls.map((l) => JSON.stringify(l)).join('\n'))},
    {weight: 2, arbitrary: fc.jsonValue({maxDepth: 3}).map((v) => JSON.stringify(v))},
    {weight: 1, arbitrary: fc.constantFrom('', 'not json', '{', '\u0000', '[' + '[1,2],'.repeat(2000) + '[1,2]]')},
    // A value nested hundreds to thousands of levels deep where a position or a coordinate goes: building the
    // error message once overflowed the stack (a 500 from /matrix, an error line from /enrichment/batch).
    {weight: 1, arbitrary: fc.tuple(fc.integer({min: 200, max: 6000}), fc.boolean()).map(([depth, listing]) => {
        const deep = `${'['.repeat(depth)}50.84${']'.repeat(depth)}`;
        return listing ? `{"id": "deep", "latitude": ${deep}, "longitude": 4.35}` : `{"travelMode": "Driving", "sources": [${deep}]}`;
    })}
);

const prefix = fc.oneof({weight: 8, arbitrary: fc.constant('/be')}, {weight: 1, arbitrary: fc.constantFrom('/pt', '/xx', '')});
const key = fc.oneof({weight: 8, arbitrary: fc.constant<Record<string, string>>({LicenseKey: BACKEND_KEY})},
    {weight: 1, arbitrary: fc.constantFrom<Record<string, string>>({}, {LicenseKey: FRONTEND_KEY}, {LicenseKey: 'no-such-key-123'})});
/** The fuzzed server's admin token, and what the admin request sends: mostly the token, sometimes not. */
const ADMIN_TOKEN = 'fuzz-admin-token-0123456789abcdef';
process.env.QUARTIER_ADMIN_TOKEN = ADMIN_TOKEN;
const adminKey = fc.oneof({weight: 8, arbitrary: fc.constant<Record<string, string>>({Authorization: `Bearer ${ADMIN_TOKEN}`})},
    {weight: 1, arbitrary: fc.constantFrom<Record<string, string>>({}, {Authorization: 'Bearer wrong'}, {LicenseKey: BACKEND_KEY})});

/** A path segment as sent: '.' and '..' would be resolved away by the URL parser, so they get a letter. */
function pathSegment(value: string | undefined): string {
    const s = encodeURIComponent(value ?? '');
    return s === '' ? '0' : s === '.' || s === '..' ? `${s}x` : s;
}

t.test('every endpoint, fuzzed: no 5xx, every error JSON with Error, no answer too slow', async (t) => {
    const server = await testServer({workers: '2'});
    t.teardown(server.close);
    t.ok(endpoints.length >= 30, `the document lists ${endpoints.length} operations`);
    let requests = 0;
    const undocumented = new Set<string>();
    /** 2xx answers per endpoint: the fuzzing reached past the parameter checks. */
    const answered = new Map<string, number>();
    for (const ep of endpoints) {
        const request = fc.record({
            prefix: ep.rootOnly ? fc.constant('') : prefix,
            // Valid values with at most a couple changed, so that requests get past the first check.
            query: fc.tuple(...ep.query.map(validFor)),
            pathValues: fc.tuple(...ep.pathParams.map(validFor)),
            changes: fc.array(fc.record({index: fc.nat(), value: wild}), {maxLength: 2}),
            extra: fc.option(fc.tuple(fc.string({minLength: 1, maxLength: 10}), anyText), {nil: undefined, freq: 4}),
            headers: ep.admin ? adminKey : key,
            body: ep.body ? bodies : fc.constant(undefined)
        });
        await fc.assert(fc.asyncProperty(request, async (r) => {
            const values = [...r.pathValues, ...r.query];
            for (const c of r.changes) if (values.length > 0) values[c.index % values.length] = c.value;
            let path = ep.path;
            ep.pathParams.forEach((p, i) => (path = path.replace(`{${p.name}}`, pathSegment(values[i]))));
            const query = new URLSearchParams();
            ep.query.forEach((p, i) => {
                const v = values[ep.pathParams.length + i];
                if (v !== undefined) query.append(p.name, v);
            });
            if (r.extra) query.append(r.extra[0], r.extra[1]);
            const url = `${server.url}${r.prefix}${path}${query.size ? `?${query}` : ''}`;
            const started = performance.now();
            const res = await fetch(url, {method: ep.method, headers: {...r.headers, ...(r.body !== undefined ? {'Content-Type': 'application/json'} : {})}, body: r.body});
            const bytes = Buffer.from(await res.arrayBuffer());
            const ms = performance.now() - started;
            requests++;
            if (res.status < 300) answered.set(ep.path, (answered.get(ep.path) ?? 0) + 1);
            const type = res.headers.get('content-type') ?? '';
            const text = type.startsWith('image/') ? '' : bytes.toString('utf8');
            const where = `${ep.method} ${url.slice(0, 300)}${r.body !== undefined ? ` body ${r.body.slice(0, 200)}` : ''}`;
            if (res.status >= 500) throw new Error(`${where}: ${res.status} ${text.slice(0, 300)}`);
            if (res.status >= 400) {
                let error: unknown;
                try {
                    error = JSON.parse(text).Error;
                } catch {
                    // not JSON: reported below
                }
                if (!type.startsWith('application/json') || typeof error !== 'string' || error === '') throw new Error(`${where}: ${res.status} without a JSON Error: ${text.slice(0, 300)}`);
            }
            if (ms > SLOWEST_MS) throw new Error(`${where}: answered in ${ms.toFixed(0)} ms`);
            try {
                checkAnswer(ep.method, url, res.status, type, text);
            } catch (err) {
                undocumented.add(`${where.slice(0, 200)}: ${(err as Error).message.slice(0, 200)}`);
            }
        }), {numRuns: RUNS, seed: SEED, endOnFailure: true});
    }
    t.equal(requests, endpoints.length * RUNS, `${requests} requests, every one answered well`);
    t.same([...undocumented], [], 'and as the OpenAPI document describes');
    const reached = endpoints.filter((ep) => (answered.get(ep.path) ?? 0) > 0).length;
    t.ok(reached >= endpoints.length - 2, `${reached} of ${endpoints.length} operations answered 2xx at least once: the fuzzing got past the parameter checks`);
    t.comment(`2xx answers: ${endpoints.map((ep) => `${ep.method} ${ep.path} ${answered.get(ep.path) ?? 0}`).join(', ')}`);
});
