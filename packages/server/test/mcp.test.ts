// /mcp/v1 with the SDK's own client over real HTTP, on every test region: the tool list and its
// schemas, each tool's facts against /summary, /enrichment and /scores for the same position, the
// category vocabulary, bad input as the error envelope, the keys, the body limit, the metrics, the
// stdio edition (`quartier mcp`) answering the same, and the comparison of 3 Brussels positions.
import path from 'node:path';
import t from 'tap';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {BACKEND_KEY, BE_ONLY_KEY, FRONTEND_KEY, get, repoRoot, testBuildRoot, testServer} from './helpers.js';
import {distanceLabels, subtypeNumbers} from '@quartier/engine/internal';
import {CATEGORY_SYNONYMS, CATEGORY_TOKENS} from '../src/mcp/categories.js';

const server = await testServer();
t.teardown(() => server.close());
const MCP = `${server.url}/mcp/v1`;

const POSITIONS: Record<string, [number, number]> = {
    BE: [50.8461, 4.3664], PT: [41.1496, -8.6109], MT: [35.8989, 14.5146], IT: [45.4640, 9.1900], DE: [50.7753, 6.0839]
};
const TOOLS = ['yatmo_get_location_summary', 'yatmo_get_nearby_pois', 'yatmo_get_nearest_by_category', 'yatmo_get_accessibility_profile', 'quartier_compare_locations'];

async function connect(key: string | null = BACKEND_KEY): Promise<Client> {
    const client = new Client({name: 'quartier-test', version: '1.0.0'});
    const headers: Record<string, string> = key === null ? {} : {LicenceKey: key};
    await client.connect(new StreamableHTTPClientTransport(new URL(MCP), {requestInit: {headers}}));
    return client;
}

const client = await connect();
t.teardown(() => client.close());

/** A tool's envelope, and whether the result was marked as an error. */
async function call(name: string, args: Record<string, unknown>, c: Client = client): Promise<{isError: boolean; envelope: any}> {
    const result = await c.callTool({name, arguments: args});
    const content = result.content as {type: string; text: string}[];
    if (content.length !== 1 || content[0].type !== 'text') throw new Error(`expected one text content, got ${JSON.stringify(content).slice(0, 200)}`);
    return {isError: result.isError === true, envelope: JSON.parse(content[0].text)};
}

const at = (cc: string, extra: Record<string, unknown> = {}) => ({latitude: POSITIONS[cc][0], longitude: POSITIONS[cc][1], country: cc.toLowerCase(), ...extra});
const query = (cc: string, language: string) => `latitude=${POSITIONS[cc][0]}&longitude=${POSITIONS[cc][1]}&language=${language}`;

/** /summary's nearest place of some sub-types by its walk: name, metres. */
function summaryNearest(summary: any, ct: number, sts: number[]): {name: string; meters: number} | null {
    let best: {name: string; meters: number} | null = null;
    for (const c of summary.AvailableCategoriesAroundPosition) {
        if (c.ct !== ct) continue;
        for (const s of c.sc) {
            if (!sts.includes(s.st)) continue;
            const walk = s.d[0].td.find((x: any) => x.tm === 2);
            if (walk && (best === null || walk.ptdd < best.meters)) best = {name: s.d[0].n, meters: walk.ptdd};
        }
    }
    return best;
}

/** /enrichment's nearest of some categories on foot. */
function enrichmentNearest(doc: any, keys: string[]): {name: string; meters: number} | null {
    let best: {name: string; meters: number} | null = null;
    for (const c of doc.categories) {
        if (!keys.includes(c.key) || !c.nearest?.walking) continue;
        if (best === null || c.nearest.walking.distanceMeters < best.meters) best = {name: c.nearest.name, meters: c.nearest.walking.distanceMeters};
    }
    return best;
}

const SCHOOLS = ['Children.Preschool', 'Children.ElementarySchool', 'Children.SecondarySchool'];

t.test('the server describes itself; the tool list: exact names, annotations, schemas with descriptions', async (t) => {
    const info = client.getServerVersion()!;
    t.equal(info.name, 'quartier');
    t.ok(info.title && info.version, 'a title and a version');
    const instructions = client.getInstructions()!;
    for (const cc of Object.keys(POSITIONS)) t.match(instructions, new RegExp(`\\b${cc}\\b`), `the instructions name ${cc}`);
    t.match(instructions, /network distances/);
    const {tools} = await client.listTools();
    t.same(tools.map((x) => x.name), TOOLS);
    for (const tool of tools) {
        t.match(tool.annotations, {readOnlyHint: true, idempotentHint: true, openWorldHint: false, destructiveHint: false}, `${tool.name}: annotations`);
        t.ok((tool.description ?? '').length > 50, `${tool.name}: a description`);
        const props = tool.inputSchema.properties as Record<string, {description?: string}>;
        for (const [name, p] of Object.entries(props)) t.ok(p.description, `${tool.name}.${name} is described`);
    }
    const byName = new Map(tools.map((x) => [x.name, x]));
    t.same(byName.get('yatmo_get_location_summary')!.inputSchema.required, ['latitude', 'longitude', 'country']);
    t.match(byName.get('yatmo_get_nearby_pois')!.inputSchema.properties, {radiusMeters: {maximum: 3000}, maxResults: {maximum: 50}, categories: {type: 'array'}});
    t.same(byName.get('yatmo_get_nearest_by_category')!.inputSchema.required, ['latitude', 'longitude', 'country', 'category']);
    t.match(byName.get('quartier_compare_locations')!.inputSchema.properties, {positions: {minItems: 2, maxItems: 5}});
});

for (const cc of Object.keys(POSITIONS)) {
    t.test(`${cc}: every tool on a real position, its facts those of /summary and /enrichment`, async (t) => {
        const languages: string[] = (await get(`${server.url}/health`)).body.regions.find((r: any) => r.country === cc)?.languages ?? ['EN'];
        const language = languages.find((l) => l !== 'EN') ?? 'EN';
        const base = `${server.url}/${cc.toLowerCase()}`;
        const summary = (await get(`${base}/summary?${query(cc, language)}`)).body;
        const enrichment = (await get(`${base}/enrichment?${query(cc, language)}`)).body;

        const s = await call('yatmo_get_location_summary', at(cc, {language: language.toLowerCase()}));
        t.notOk(s.isError);
        t.same(Object.keys(s.envelope), ['text', 'facts', 'warnings', 'metadata']);
        t.match(s.envelope.metadata, {country: cc, language});
        t.ok(!Number.isNaN(Date.parse(s.envelope.metadata.generatedAtUtc)));
        t.ok(s.envelope.text.length > 0 && s.envelope.text.length <= 6000, 'a text of at most 6,000 characters');
        const facts = s.envelope.facts;
        // /summary's sub-type numbers are the country's (the nursery is 1 in MT and DE, 6 in IT).
        const numbers = subtypeNumbers(cc);
        const school = summaryNearest(summary, 1, [1, 2, 3].map((st) => numbers.publicSt(1, st)));
        t.same(facts.nearestSchool && {name: facts.nearestSchool.name, meters: facts.nearestSchool.distanceMeters}, school, 'the nearest school of /summary');
        t.same(school, enrichmentNearest(enrichment, SCHOOLS), '… which is /enrichment\'s');
        if (school) t.equal(facts.nearestSchool.travelMode, 'walking');
        const nursery = summaryNearest(summary, 1, [numbers.publicSt(1, 4)]);
        t.same(facts.nearestNursery && {name: facts.nearestNursery.name, meters: facts.nearestNursery.distanceMeters}, nursery, 'nursery: not a school');
        t.same(facts.nearestSupermarket && {name: facts.nearestSupermarket.name, meters: facts.nearestSupermarket.distanceMeters},
            enrichmentNearest(enrichment, ['Shopping.Supermarket']), 'supermarket');
        t.equal(facts.place?.zip ?? null, summary.PlaceInformation?.ZipCode || null, 'the address');

        const n = await call('yatmo_get_nearest_by_category', at(cc, {category: 'school', language}));
        t.same(n.envelope.facts.nearest && {name: n.envelope.facts.nearest.name, meters: n.envelope.facts.nearest.distanceMeters}, school, 'nearest school: the same');
        if (school) t.match(n.envelope.facts.nearest, {travelMode: 'walking', travelTimeMinutes: Number});

        const a = await call('yatmo_get_accessibility_profile', at(cc, {language}));
        t.notOk(a.isError);
        const stop = summaryNearest(summary, 2, [1, 2, 3]);
        t.equal(a.envelope.facts.nearestPublicTransportStopDistanceMeters, stop?.meters ?? null, 'the nearest stop of /summary');
        t.equal(a.envelope.facts.publicTransportLinesCount, facts.transport.linesCount);
        const station = enrichmentNearest(enrichment, ['Transports.TrainStations']);
        t.equal(a.envelope.facts.nearestTrainStationDistanceMeters, station?.meters ?? null, 'the train station of /enrichment');
        const narrative = (await get(`${base}/summary/text?${query(cc, language)}`)).body;
        const transport = narrative.Paragraphs.find((x: any) => x.IconId === 'publictransports');
        if (transport) t.ok(a.envelope.text.includes(transport.Sentences[0][language].replace(/\[\/?STRONG\]/g, '')), 'the narrative\'s public transport paragraph');
        else if (stop) t.ok(a.envelope.text.includes(distanceLabels(stop.meters, language).long), 'without one: the nearest stop\'s figures');

        const p = await call('yatmo_get_nearby_pois', at(cc, {language, radiusMeters: 2000, maxResults: 50}));
        t.notOk(p.isError);
        const pois = p.envelope.facts.pois;
        t.equal(p.envelope.facts.totalReturned, pois.length);
        t.equal(p.envelope.facts.radiusMeters, 2000);
        for (let i = 1; i < pois.length; i++) t.ok(pois[i - 1].distanceMeters <= pois[i].distanceMeters, 'nearest first');
        t.ok(pois.every((x: any) => x.distanceMeters <= 2000 && CATEGORY_TOKENS.includes(x.category)), 'within the radius, known categories');
        const schools = (await call('yatmo_get_nearby_pois', at(cc, {language, radiusMeters: 3000, categories: ['schools']}))).envelope.facts.pois;
        if (school && school.meters <= 3000) t.match(schools[0], {category: 'school', name: school.name, distanceMeters: school.meters, travelMode: 'walking'}, 'the nearest school first, same distance');
    });
}

t.test('the summary text is the narrative of /summary/text in the language, plain', async (t) => {
    const text = (await get(`${server.url}/be/summary/text?${query('BE', 'NL')}`)).body;
    const s = await call('yatmo_get_location_summary', at('BE', {language: 'nl'}));
    for (const p of text.Paragraphs) {
        for (const sentence of p.Sentences) t.ok(s.envelope.text.includes(sentence.NL.replace(/\[\/?STRONG\]/g, '')), 'a sentence of /summary/text');
    }
    t.notMatch(s.envelope.text, /\[STRONG\]/);
});

t.test('every category token and synonym', async (t) => {
    const words: [string, string][] = [...CATEGORY_TOKENS.map((x): [string, string] => [x, x]), ...Object.entries(CATEGORY_SYNONYMS)];
    t.ok(words.length >= 18);
    for (const [word, token] of words) {
        const r = await call('yatmo_get_nearest_by_category', at('BE', {category: word.toUpperCase()}));
        t.notOk(r.isError, word);
        t.equal(r.envelope.facts.category, token, `${word} is ${token}`);
        t.ok(r.envelope.facts.nearest, `${word}: something in Brussels`);
    }
    const motorway = await call('yatmo_get_nearest_by_category', at('BE', {category: 'motorway'}));
    t.equal(motorway.envelope.facts.nearest.travelMode, 'driving', 'a motorway access by car');
    const nursery = await call('yatmo_get_nearest_by_category', at('BE', {category: 'daycare'}));
    const school = await call('yatmo_get_nearest_by_category', at('BE', {category: 'school'}));
    t.not(nursery.envelope.facts.nearest.name, school.envelope.facts.nearest.name, 'school is not daycare');
    const some = await call('yatmo_get_nearby_pois', at('BE', {categories: ['shops', 'train'], radiusMeters: 3000}));
    t.same([...new Set(some.envelope.facts.pois.map((x: any) => x.category))].sort(), ['supermarket', 'train_station']);
    const malta = await call('yatmo_get_nearest_by_category', at('MT', {category: 'train_station'}));
    t.equal(malta.envelope.facts.nearest, null, 'Malta has no train station');
    t.match(malta.envelope.warnings.join(' '), /train_station/);
});

t.test('languages: any case, every language of the country; another is answered in EN with a warning', async (t) => {
    for (const language of ['fr', 'NL', 'en']) {
        const r = await call('yatmo_get_nearest_by_category', at('BE', {category: 'supermarket', language}));
        t.equal(r.envelope.metadata.language, language.toUpperCase());
        t.same(r.envelope.warnings, []);
    }
    const it = await call('yatmo_get_location_summary', at('BE', {language: 'it'}));
    t.equal(it.envelope.metadata.language, 'EN');
    t.match(it.envelope.warnings[0], /IT is not served in BE/);
});

t.test('bad input answers the error envelope naming what is allowed, never a transport error', async (t) => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
        ['yatmo_get_location_summary', {latitude: 95, longitude: 4.35, country: 'BE'}, /latitude/],
        ['yatmo_get_location_summary', {latitude: 50.84, longitude: 190, country: 'BE'}, /longitude/],
        ['yatmo_get_location_summary', {latitude: 'north', longitude: 4.35, country: 'BE'}, /latitude.*number/],
        ['yatmo_get_location_summary', {longitude: 4.35, country: 'BE'}, /latitude/],
        ['yatmo_get_location_summary', {latitude: 50.84, longitude: 4.35, country: 'FR'}, /BE, PT, MT, IT, DE/],
        ['yatmo_get_location_summary', {latitude: 41.1496, longitude: -8.6109, country: 'BE'}, /outside BE/],
        ['yatmo_get_location_summary', {latitude: 50.84, longitude: 4.35, country: 'BE', language: 'french'}, /two-letter/],
        ['yatmo_get_nearest_by_category', at('BE', {category: 'bakery'}), /school, nursery, supermarket, public_transport, train_station, motorway/],
        ['yatmo_get_nearest_by_category', at('BE', {category: 7}), /category/],
        ['yatmo_get_nearby_pois', at('BE', {categories: 'school'}), /categories/],
        ['yatmo_get_nearby_pois', at('BE', {categories: ['school', 'pizza']}), /pizza/],
        ['yatmo_get_nearby_pois', at('BE', {radiusMeters: 5000}), /radiusMeters/],
        ['yatmo_get_nearby_pois', at('BE', {maxResults: 51}), /maxResults/],
        ['quartier_compare_locations', {positions: [{latitude: 50.84, longitude: 4.35}], country: 'BE'}, /positions/],
        ['quartier_compare_locations', {positions: Array(6).fill({latitude: 50.84, longitude: 4.35}), country: 'BE'}, /positions/]
    ];
    for (const [name, args, message] of cases) {
        const r = await call(name, args);
        t.ok(r.isError, `${name} ${JSON.stringify(args).slice(0, 80)}: an error`);
        t.match(r.envelope.error, {code: 400, type: 'bad_request', message}, r.envelope.error?.message);
        t.same(Object.keys(r.envelope), ['text', 'facts', 'warnings', 'metadata', 'error']);
    }
    await t.rejects(client.callTool({name: 'yatmo_unknown', arguments: {}}), /Unknown tool/, 'an unknown tool is a protocol error (MCP)');
});

t.test('keys: none 401, a frontend key 403 with a clear message, a country outside the key 403 in the envelope', async (t) => {
    await t.rejects(connect(null), /401|Missing licence key/);
    await t.rejects(connect(FRONTEND_KEY), /backend key/);
    await t.rejects(connect('not-a-key-at-all'), /Unknown licence key/);
    const raw = await fetch(MCP, {method: 'POST', headers: {LicenseKey: FRONTEND_KEY, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream'}, body: '{}'});
    t.equal(raw.status, 403);
    t.match(((await raw.json()) as any).Error, /frontend .* keys are refused/);
    const beOnly = await connect(BE_ONLY_KEY);
    t.teardown(() => beOnly.close());
    t.notOk((await call('yatmo_get_nearest_by_category', at('BE', {category: 'school'}), beOnly)).isError);
    const pt = await call('yatmo_get_nearest_by_category', at('PT', {category: 'school'}), beOnly);
    t.match(pt.envelope.error, {code: 403, type: 'forbidden', message: /PT/});
});

t.test('HTTP: a 2 MB body is refused (413), SSE when asked first, JSON without Accept, errors with Error, GET 405', async (t) => {
    const headers = {LicenceKey: BACKEND_KEY, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream'};
    const big = JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/list', params: {padding: 'x'.repeat(2 * 1024 * 1024)}});
    const r = await fetch(MCP, {method: 'POST', headers, body: big});
    t.equal(r.status, 413);
    await r.arrayBuffer();
    const list = JSON.stringify({jsonrpc: '2.0', id: 2, method: 'tools/list', params: {}});
    const json = await fetch(MCP, {method: 'POST', headers, body: list});
    t.match(json.headers.get('content-type'), /application\/json/);
    t.equal(((await json.json()) as any).result.tools.length, TOOLS.length);
    const sse = await fetch(MCP, {method: 'POST', headers: {...headers, Accept: 'text/event-stream, application/json'}, body: list});
    t.match(sse.headers.get('content-type'), /text\/event-stream/);
    t.match(await sse.text(), /^event: message\ndata: \{"result":\{"tools":/m);
    const bare = await fetch(MCP, {method: 'POST', headers: {LicenceKey: BACKEND_KEY, 'Content-Type': 'application/json'}, body: list});
    t.equal(bare.status, 200, 'no Accept: JSON');
    t.match(bare.headers.get('content-type'), /application\/json/);
    const notRpc = await fetch(MCP, {method: 'POST', headers, body: '{"hello": "world"}'});
    t.equal(notRpc.status, 400);
    t.match(await notRpc.json(), {Error: /JSON-RPC/, jsonrpc: '2.0', error: {code: -32700}}, 'the transport\'s refusal, with the API\'s Error');
    const html = await fetch(MCP, {method: 'POST', headers: {...headers, Accept: 'text/html'}, body: list});
    t.equal(html.status, 406);
    const getMcp = await fetch(MCP, {headers: {LicenceKey: BACKEND_KEY, Accept: 'text/event-stream'}});
    t.equal(getMcp.status, 405);
});

t.test('quartier_compare_locations on 3 Brussels positions with a destination', async (t) => {
    const positions = [[50.8461, 4.3664, 'Loi'], [50.8350, 4.3720, 'Ixelles'], [50.8550, 4.3500, 'Yser']].map(([latitude, longitude, label]) => ({latitude, longitude, label}));
    const destination = {latitude: 50.8467, longitude: 4.3525, label: 'Grand-Place'};
    const r = await call('quartier_compare_locations', {positions, destination, country: 'BE', language: 'FR'});
    t.notOk(r.isError, r.envelope.error?.message);
    const compared = r.envelope.facts.positions;
    t.equal(compared.length, 3);
    for (let i = 0; i < 3; i++) {
        const p = compared[i], q = `latitude=${positions[i].latitude}&longitude=${positions[i].longitude}&language=FR`;
        const alone = await call('yatmo_get_location_summary', {latitude: positions[i].latitude, longitude: positions[i].longitude, country: 'BE', language: 'FR'});
        t.same({...p, label: undefined, latitude: undefined, longitude: undefined, scores: undefined, toDestination: undefined},
            {...alone.envelope.facts, label: undefined, latitude: undefined, longitude: undefined, scores: undefined, toDestination: undefined}, `${positions[i].label}: the summary's facts`);
        const scores = (await get(`${server.url}/be/scores?${q}`)).body.scores;
        t.same(p.scores.map((s: any) => [s.key, s.value]), scores.map((s: any) => [s.k, s.v]), 'the scores of /scores');
        const matrix = (await get(`${server.url}/be/matrix?travelMode=Driving&sources=${positions[i].latitude},${positions[i].longitude}&destinations=${destination.latitude},${destination.longitude}`)).body;
        t.equal(p.toDestination.driving.durationSeconds, Math.round(matrix.durations[0][0]), 'by car: /matrix\'s time');
        t.equal(p.toDestination.driving.distanceMeters, Math.round(matrix.distances[0][0]));
        t.same(Object.keys(p.toDestination), ['walking', 'cycling', 'driving', 'transit']);
        t.ok(p.toDestination.transit, 'Brussels has public transport');
        t.match(r.envelope.text, new RegExp(`${i + 1}\\. ${positions[i].label}`));
    }
    t.match(r.envelope.text, /→ Grand-Place: /);
    t.notMatch(r.envelope.text, /proche|facilement|idéal|meilleur/i, 'no word of judgement');
});

t.test('metrics count tool calls by tool and outcome; the access log as for every endpoint', async (t) => {
    const text = (await get(`${server.url}/metrics`)).text;
    t.match(text, /quartier_mcp_tool_calls_total\{tool="yatmo_get_location_summary",outcome="ok"\} \d+/);
    t.match(text, /quartier_mcp_tool_calls_total\{tool="yatmo_get_nearest_by_category",outcome="bad_request"\} \d+/);
    t.match(text, /quartier_http_requests_total\{endpoint="\/mcp\/v1",method="POST",status="200"\} \d+/);
});

t.test('`quartier mcp`: the stdio edition answers the same as the HTTP one', async (t) => {
    const stdio = new Client({name: 'quartier-test', version: '1.0.0'});
    const cli = path.join(repoRoot, 'packages/server/dist/src/cli.js');
    const transport = new StdioClientTransport({command: process.execPath, args: [cli, 'mcp', '--out', testBuildRoot, '--cache', 'off', '--no-warmup', '--workers', '1'], cwd: repoRoot, stderr: 'pipe'});
    await stdio.connect(transport);
    t.teardown(() => stdio.close());
    t.same((await stdio.listTools()).tools, (await client.listTools()).tools, 'the same tools');
    for (const [name, args] of [
        ['yatmo_get_location_summary', at('PT', {language: 'pt'})],
        ['yatmo_get_nearest_by_category', at('BE', {category: 'creche', language: 'fr'})],
        ['yatmo_get_nearby_pois', at('MT', {categories: ['shops'], maxResults: 10})],
        ['yatmo_get_accessibility_profile', at('DE')],
        ['yatmo_get_location_summary', at('BE', {latitude: 91})]
    ] as const) {
        const local = await call(name, args, stdio), remote = await call(name, args);
        delete local.envelope.metadata.generatedAtUtc;
        delete remote.envelope.metadata.generatedAtUtc;
        t.same(local, remote, `${name}: the same envelope`);
    }
});
