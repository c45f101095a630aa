// Bulk enrichment: `quartier enrich` end to end (spawned, on the test bundles) and POST
// /enrichment/batch, against GET /enrichment's answers for the same positions.
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import t from 'tap';
import {parse as parseCsvSync} from 'csv-parse/sync';
import {dataRoot} from '@quartier/engine/internal';
import {BACKEND_KEY, FRONTEND_KEY, get, getWithHost, repoRoot, testBuildRoot, testServer} from './helpers.js';
import {checkAnswer} from './openapi-check.js';

const CLI = path.join(repoRoot, 'packages/server/dist/src/cli.js');
const ref = JSON.parse(fs.readFileSync(path.join(dataRoot(), '..', 'reference', 'osrm-brussels-1000.json'), 'utf8'));
const POSITIONS: [number, number][] = ref.queries.flatMap((q: {from: [number, number]; to: [number, number]}) => [q.from, q.to]).slice(0, 40);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-bulk-'));
t.teardown(() => fs.rmSync(dir, {recursive: true, force: true}));

const server = await testServer();
t.teardown(() => server.close());

/** The listing file: 40 good rows, then a bad latitude, a position in Antwerp, a row without id and a repeated id. */
function writeCsv(file: string): void {
    let text = 'id,latitude,longitude\n';
    POSITIONS.forEach(([lat, lon], i) => (text += `L${i},${lat},${lon}\n`));
    text += 'bad,abc,4.35\nantwerp,51.2194,4.4025\n,50.85,4.35\nL3,50.85,4.35\n';
    fs.writeFileSync(file, text);
}

function enrich(args: string[], env: Record<string, string> = {}) {
    return spawnSync(process.execPath, [CLI, 'enrich', '--country', 'BE', '--out', testBuildRoot, '--workers', '1', ...args],
        {encoding: 'utf8', env: {...process.env, CI: '1', ...env}});
}

const readLines = (file: string) => fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));

async function viaGet(lat: number, lon: number) {
    // A fresh connection: spawnSync above held this process (and the server in it) for seconds.
    const r = await getWithHost(`${server.url}/be/enrichment?latitude=${lat}&longitude=${lon}`, {LicenseKey: BACKEND_KEY});
    t.equal(r.status, 200);
    return r.body;
}

t.test('quartier enrich: NDJSON out, one record per listing, the documents of GET /enrichment', async (t) => {
    const input = path.join(dir, 'listings.csv'), output = path.join(dir, 'scored.ndjson');
    writeCsv(input);
    const run = enrich([input, '-o', output]);
    t.equal(run.status, 0, run.stderr);
    t.match(run.stderr, /done 44 \(scored 40, failed 4\), skipped 0/);
    const lines = readLines(output);
    t.same(lines.map((l) => l.id), [...POSITIONS.map((_, i) => `L${i}`), 'bad', 'antwerp', null, 'L3'], 'input order, every listing once');
    t.match(lines[40].error, /latitude/);
    t.match(lines[41].error, /outside the area this server has data for/);
    t.match(lines[42].error, /no id/);
    t.match(lines[43].error, /more than once/);
    for (const i of [0, 7, 23]) {
        const {id, ...doc} = lines[i];
        t.equal(id, `L${i}`);
        t.same(doc, await viaGet(POSITIONS[i][0], POSITIONS[i][1]), `L${i} as GET /enrichment answers it`);
    }
});

t.test('quartier enrich: CSV out, flat columns, empty (never 0) where a value is missing', async (t) => {
    const input = path.join(dir, 'listings.csv'), output = path.join(dir, 'scored.csv');
    writeCsv(input);
    const run = enrich([input, '-o', output]);
    t.equal(run.status, 0, run.stderr);
    const [header, ...rows] = fs.readFileSync(output, 'utf8').trim().split('\n');
    const columns = header.split(',');
    t.same(columns.slice(0, 6), ['id', 'record', 'error', 'latitude', 'longitude', 'dataReachMeters']);
    t.equal(rows.length, 44);
    const doc = await viaGet(POSITIONS[0][0], POSITIONS[0][1]);
    const row = rows[0].match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((f) => f.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"'));
    const cell = (name: string) => row[columns.indexOf(name)];
    t.equal(cell('id'), 'L0');
    t.equal(cell('error'), '');
    let compared = 0, empties = 0;
    for (const c of doc.categories) {
        for (const mode of ['walking', 'bicycling', 'driving', 'transit']) {
            const trip = c.nearest?.[mode];
            const value = cell(`${c.key}.${mode}.durationSeconds`);
            if (trip) t.equal(value, String(trip.durationSeconds), `${c.key} ${mode}`);
            else {
                t.equal(value, '', `${c.key} ${mode}: no trip, an empty cell`);
                empties++;
            }
            compared++;
        }
        t.equal(cell(`${c.key}.name`), c.nearest ? c.nearest.name.replace(/[\r\n]+/g, ' ') : '');
    }
    t.ok(compared >= 40, `${compared} cells compared (${empties} empty)`);
    t.match(rows[41], /^antwerp,42,The position is outside/, 'an error row names the listing\'s place in the input and the reason');
});

t.test('quartier enrich: killed mid-run (and mid-line), resumed: nothing lost, nothing twice', async (t) => {
    const input = path.join(dir, 'listings.csv'), output = path.join(dir, 'resumed.ndjson');
    writeCsv(input);
    const killed = enrich([input, '-o', output], {QUARTIER_ENRICH_KILL_AFTER: '15', QUARTIER_ENRICH_KILL_PARTIAL: '1'});
    t.equal(killed.signal, 'SIGKILL', 'the first run was killed');
    const text = fs.readFileSync(output, 'utf8');
    t.equal(text.split('\n').length, 16, '15 whole lines and a half-written one');
    t.notOk(text.endsWith('\n'), 'the file ends in the middle of a line');
    const resumed = enrich([input, '-o', output]);
    t.equal(resumed.status, 0, resumed.stderr);
    // The repeated L3 row is in the output now (its first appearance was among the 15): skipped too.
    t.match(resumed.stderr, /done 28 \(scored 25, failed 3\), skipped 16/);
    const lines = readLines(output);
    const ids = lines.map((l) => l.id);
    t.equal(lines.length, 43, 'every listing once');
    t.same(ids.slice(0, 15), POSITIONS.slice(0, 15).map((_, i) => `L${i}`));
    t.same(new Set(ids.filter((id) => id !== null)).size, 42, 'no id twice');
    t.same(new Set(ids), new Set([...POSITIONS.map((_, i) => `L${i}`), 'bad', 'antwerp', null]), 'no id missing');
    t.equal(lines.filter((l) => l.id === null).length, 1, 'the row without an id once, known by its place in the input');
    const again = enrich([input, '-o', output]);
    t.match(again.stderr, /done 0 \(scored 0, failed 0\), skipped 44/, 'a third run finds everything done, the row without an id included');
    t.equal(readLines(output).length, 43, 'and writes nothing');
});

t.test('the example file of docs/api/bulk-scoring.md is scored whole', async (t) => {
    const output = path.join(dir, 'example.ndjson');
    const run = enrich([path.join(repoRoot, 'data/examples/listings-be.csv'), '-o', output]);
    t.equal(run.status, 0, run.stderr);
    t.match(run.stderr, /done 20 \(scored 20, failed 0\)/);
});

t.test('quartier enrich: NDJSON in; unreadable lines are error records; usage errors say what to do', async (t) => {
    const input = path.join(dir, 'listings.ndjson'), output = path.join(dir, 'from-ndjson.ndjson');
    fs.writeFileSync(input, `${JSON.stringify({id: 7, latitude: POSITIONS[0][0], longitude: POSITIONS[0][1]})}\nnot json\n[1,2]\n`);
    const run = enrich([input, '-o', output]);
    t.equal(run.status, 0, run.stderr);
    const lines = readLines(output);
    t.equal(lines[0].id, 7, 'a numeric id stays a number');
    t.ok(lines[0].categories.length > 5);
    t.match(lines[1].error, /Line 2 is not JSON/);
    t.match(lines[2].error, /Line 3 is not a JSON object/);
    const noOutput = enrich([input]);
    t.equal(noOutput.status, 1);
    t.match(noOutput.stderr, /-o/);
    const badCountry = spawnSync(process.execPath, [CLI, 'enrich', '--country', 'ZZ', input, '-o', output], {encoding: 'utf8'});
    t.match(badCountry.stderr, /no region is configured for ZZ/);
    const missing = spawnSync(process.execPath, [CLI, 'enrich', '--country', 'BE', '--out', path.join(dir, 'nowhere'), input, '-o', output], {encoding: 'utf8'});
    t.match(missing.stderr, /no region bundle for BE in .*nowhere.*npx quartier build-region BE/);
    const noHeader = path.join(dir, 'no-header.csv');
    fs.writeFileSync(noHeader, 'ref,lat,lng\n1,50.85,4.35\n');
    t.match(enrich([noHeader, '-o', path.join(dir, 'x.ndjson')]).stderr, /no 'id' column/);
    t.notOk(fs.existsSync(path.join(dir, 'x.ndjson')), 'a usage error leaves no output file behind');
});

t.test('quartier enrich: the output is never the input, and one run at a time writes it', async (t) => {
    const input = path.join(dir, 'same.ndjson');
    const text = `${JSON.stringify({id: 1, latitude: POSITIONS[0][0], longitude: POSITIONS[0][1]})}\n`;
    fs.writeFileSync(input, text);
    fs.symlinkSync(input, path.join(dir, 'link.ndjson'));
    for (const other of [input, path.join(dir, '.', 'same.ndjson'), path.join(dir, 'link.ndjson')]) {
        const run = enrich([input, '-o', other]);
        t.equal(run.status, 1, `-o ${path.relative(dir, other)}`);
        t.match(run.stderr, /-o names the input file/);
    }
    t.equal(fs.readFileSync(input, 'utf8'), text, 'the input is untouched');
    const output = path.join(dir, 'locked.ndjson');
    // A lock held by a live process (this one) on this host: refused, naming the holder.
    fs.writeFileSync(`${output}.lock`, `${process.pid} ${os.hostname()} 2026-01-01T00:00:00.000Z\n`);
    const held = enrich([input, '-o', output]);
    t.equal(held.status, 1);
    t.match(held.stderr, new RegExp(`being written by another run \\(process ${process.pid} on `));
    t.notOk(fs.existsSync(output), 'nothing written');
    // A lock left by a run that is gone (a kill -9): taken over, and released at the end.
    fs.writeFileSync(`${output}.lock`, `2147483646 ${os.hostname()} 2026-01-01T00:00:00.000Z\n`);
    const taken = enrich([input, '-o', output]);
    t.equal(taken.status, 0, taken.stderr);
    t.equal(readLines(output).length, 1);
    t.notOk(fs.existsSync(`${output}.lock`), 'the lock is released');
});

t.test('quartier enrich: CSV fields quoted as RFC 4180 says; ids matched exactly on resume; a BOM is no listing', async (t) => {
    const input = path.join(dir, 'odd-ids.ndjson'), output = path.join(dir, 'odd-ids.csv');
    const ids = ['a\nb', 'a b', 'say "hi", then', 'plain'];
    fs.writeFileSync(input, `\uFEFF${ids.map((id, i) => JSON.stringify({id, latitude: POSITIONS[i][0], longitude: POSITIONS[i][1]})).join('\n')}\n`);
    const run = enrich([input, '-o', output]);
    t.equal(run.status, 0, run.stderr);
    const rows = parseCsvSync(fs.readFileSync(output, 'utf8'), {columns: true}) as Record<string, string>[];
    t.same(rows.map((r) => r.id), ids, 'every id read back exactly, listing 1 included');
    t.ok(rows.every((r) => r.error === ''), 'all scored');
    const again = enrich([input, '-o', output]);
    t.equal(again.status, 0, again.stderr);
    t.match(again.stderr, /skipped 4 already in odd-ids.csv/, 'a resume matches every id exactly');
    // A run killed inside a write of a record whose id holds a line break: that record is cut off whole.
    fs.appendFileSync(output, '"x\ny",5,');
    const cut = enrich([input, '-o', output]);
    t.equal(cut.status, 0, cut.stderr);
    t.equal((parseCsvSync(fs.readFileSync(output, 'utf8'), {columns: true}) as unknown[]).length, 4, 'the partial record is gone, nothing doubled');
});

/** POST on a new connection (node:http without an agent): a kept-alive socket the server has just closed would reset a POST, which is not retried. */
function postBatch(body: string | Buffer, key = BACKEND_KEY, extra: Record<string, string> = {}): Promise<{status: number; type: string; text: string}> {
    return new Promise((resolve, reject) => {
        const req = http.request(`${server.url}/be/enrichment/batch`, {method: 'POST', agent: false, headers: {LicenseKey: key, ...extra}}, (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (d) => (text += d));
            res.on('end', () => {
                const type = String(res.headers['content-type'] ?? '');
                try {
                    checkAnswer('POST', `${server.url}/be/enrichment/batch`, res.statusCode ?? 0, type, text);
                } catch (err) {
                    reject(err);
                    return;
                }
                resolve({status: res.statusCode ?? 0, type, text});
            });
        });
        req.on('error', reject);
        req.end(body);
    });
}

t.test('POST /enrichment/batch: NDJSON in input order, errors per listing, GET /enrichment\'s documents', async (t) => {
    const listings = POSITIONS.slice(0, 20).map(([latitude, longitude], i) => ({id: `B${i}`, latitude, longitude}));
    const body = [...listings, {id: 'far', latitude: 51.2194, longitude: 4.4025}, 42];
    for (const [what, text] of [['JSON array', JSON.stringify(body)], ['NDJSON', body.map((b) => JSON.stringify(b)).join('\n')]]) {
        const r = await postBatch(text);
        t.equal(r.status, 200, what);
        t.match(r.type, /application\/x-ndjson/);
        const lines = r.text.trim().split('\n').map((l) => JSON.parse(l));
        t.same(lines.map((l) => l.id), [...listings.map((l) => l.id), 'far', null], `${what}: one line per listing, in order`);
        t.match(lines[20].error, /outside the area/);
        t.match(lines[21].error, /not a JSON object/);
        const {id, ...doc} = lines[4];
        t.equal(id, 'B4');
        t.same(doc, await viaGet(POSITIONS[4][0], POSITIONS[4][1]), `${what}: the document of GET /enrichment`);
    }
    t.match((await postBatch(JSON.stringify(body), FRONTEND_KEY, {Origin: 'http://localhost'})).text, /needs a backend key/);
    const tooMany = await postBatch(JSON.stringify(Array.from({length: 10001}, (_, i) => ({id: i, latitude: 50.85, longitude: 4.35}))));
    t.equal(tooMany.status, 400);
    t.match(tooMany.text, /at most 10,000/);
    t.equal((await postBatch('')).status, 400);
    t.match((await postBatch('{"id": 1')).text, /not JSON/);
    const language = await postBatch(JSON.stringify(listings.slice(0, 1)), BACKEND_KEY);
    t.equal(JSON.parse(language.text).language, 'EN');
    t.match((await postBatch('[]')).text, /empty/, 'an empty array is refused like an empty body');
    // Coordinates are numbers or numeric strings, nothing else (a list, even one nested 5,000 deep, is an error line).
    const deep = `${'['.repeat(5000)}50.84${']'.repeat(5000)}`;
    const odd = await postBatch(`{"id": "list", "latitude": [50.84], "longitude": 4.35}\n{"id": "deep", "latitude": ${deep}, "longitude": 4.35}\n{"id": "text", "latitude": "50.8466", "longitude": "4.3528"}`);
    const oddLines = odd.text.trim().split('\n').map((l) => JSON.parse(l));
    t.match(oddLines[0].error, /'latitude' must be a number or a numeric string/);
    t.match(oddLines[1].error, /'latitude' must be a number or a numeric string/);
    t.ok(oddLines[1].error.length < 200, 'the message is short');
    t.notOk(oddLines[2].error, 'numeric strings are read');
});

t.test('POST /enrichment/batch: a compressed body is inflated (bounded); an unknown encoding is a 415; a BOM is no listing', async (t) => {
    const listings = POSITIONS.slice(0, 3).map(([latitude, longitude], i) => JSON.stringify({id: `Z${i}`, latitude, longitude})).join('\n');
    const plain = (await postBatch(listings)).text;
    for (const [encoding, pack] of [['gzip', zlib.gzipSync], ['deflate', zlib.deflateSync], ['br', zlib.brotliCompressSync]] as const) {
        const r = await postBatch(pack(Buffer.from(listings)), BACKEND_KEY, {'Content-Encoding': encoding});
        t.equal(r.status, 200, encoding);
        t.equal(r.text, plain, `${encoding}: the answer of the plain body`);
    }
    const bomb = await postBatch(zlib.gzipSync(Buffer.alloc(3 * 1024 * 1024, 32)), BACKEND_KEY, {'Content-Encoding': 'gzip'});
    t.equal(bomb.status, 413, 'a body that inflates past the limit: 413');
    t.match(bomb.text, /once inflated/);
    const broken = await postBatch(Buffer.from('not gzip at all'), BACKEND_KEY, {'Content-Encoding': 'gzip'});
    t.equal(broken.status, 400);
    t.match(broken.text, /not valid gzip data/);
    const unknown = await postBatch(listings, BACKEND_KEY, {'Content-Encoding': 'compress'});
    t.equal(unknown.status, 415);
    t.match(unknown.text, /Content-Encoding 'compress' is not supported/);
    t.equal((await postBatch(`\uFEFF${listings}`)).text, plain, 'a byte-order mark is not part of listing 1');
});

t.test('POST /enrichment/batch: listings the engine failed on say so ("retry")', async (t) => {
    const pool = server.pool;
    const run = pool.run.bind(pool);
    t.teardown(() => { pool.run = run; });
    pool.run = (async (task: Parameters<typeof run>[0]) => {
        if (task.type === 'enrichment-batch') throw new Error('The routing engine failed on this request; retry later.');
        return run(task);
    }) as typeof pool.run;
    const r = await postBatch(JSON.stringify([{id: 'r1', latitude: POSITIONS[0][0], longitude: POSITIONS[0][1]}, {id: 'r2', latitude: 51.2194, longitude: 4.4025}]));
    const [first, second] = r.text.trim().split('\n').map((l) => JSON.parse(l));
    t.same(first, {id: 'r1', record: 1, error: 'The routing engine failed on this request; retry later.', retry: true});
    t.notOk(second.retry, 'a listing outside the area is not worth retrying');
});

t.test('a batch shares the workers: an interactive request is answered while batch work is held', async (t) => {
    const pool = server.pool;
    const run = pool.run.bind(pool);
    t.teardown(() => { pool.run = run; });
    let held = 0, most = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const first = new Promise<void>((resolve) => (holding = resolve));
    pool.run = (async (task: Parameters<typeof run>[0]) => {
        if (task.type !== 'enrichment-batch') return run(task);
        held++;
        most = Math.max(most, held);
        holding();
        await gate;
        try {
            return await run(task);
        } finally {
            held--;
        }
    }) as typeof pool.run;
    const listings = POSITIONS.slice(0, 40).map(([latitude, longitude], i) => ({id: i, latitude, longitude}));
    const batch = postBatch(JSON.stringify(listings));
    await first;
    // The batch holds its share of the workers; an interactive request still gets through.
    const summary = await get(`${server.url}/be/summary?latitude=50.8412&longitude=4.3561`);
    t.equal(summary.status, 200, 'an interactive request is answered while the batch is held');
    t.equal(held, Math.max(1, Math.floor(pool.size / 2)), `the batch holds at most half the workers (${held} of ${pool.size})`);
    release();
    const r = await batch;
    t.equal(r.text.trim().split('\n').length, 40);
    t.ok(most <= Math.max(1, Math.floor(pool.size / 2)), `never more than ${most} batch chunks at once`);
});

t.test('a batch cut at the end of the shutdown grace never ends like a complete answer: its connection is reset', async (t) => {
    const own = await testServer({workers: '1'});
    const body = Array.from({length: 2000}, (_, i) => JSON.stringify({id: i, latitude: POSITIONS[i % 40][0], longitude: POSITIONS[i % 40][1]})).join('\n');
    const outcome = await new Promise<string>((resolve) => {
        const req = http.request(`${own.url}/be/enrichment/batch`, {method: 'POST', agent: false, headers: {LicenseKey: BACKEND_KEY}}, (res) => {
            // The first lines are out: the server stops with a grace far shorter than 2,000 listings take.
            res.once('data', () => void own.close(1));
            res.on('data', () => {});
            res.on('end', () => resolve(`end (complete: ${res.complete})`));
            res.on('error', (err) => resolve(`error: ${err.message}`));
        });
        req.on('error', (err) => resolve(`error: ${err.message}`));
        req.end(body);
    });
    t.match(outcome, /^error: (aborted|read ECONNRESET|socket hang up)/, `the client sees an error (${outcome})`);
});
