// A rolling update of the nginx deployment (issue 28), for real: Debian's nginx on deploy/nginx.conf in front of two
// quartier replicas of BE (the tiny hand-made region, served as BE, which the shipped file balances), each with a
// bundle folder of its own. While clients ask through nginx without a pause, tools/rolling-update.js copies the new
// bundle (a supermarket opened) into replica A's folder and swaps it in, then B's: no request fails or needs a second
// replica, the answers turn to the new data, both replicas end on the new bundle, and the admin requests cannot be
// made through the front. A damaged bundle is refused by the first replica: the tool stops there, puts that replica's
// previous bundle back and leaves the second alone.
import {spawn, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import {BACKEND_KEY, getWithHost, repoRoot, type Reply} from './helpers.js';
import {freePort, kill, shippedNginxConf, startNginx, startQuartier} from './services.js';
import {buildTinyRegion, tinyRegion} from './tiny-region.js';

const ADMIN_TOKEN = 'rolling-update-test-token-0123456789';
process.env.QUARTIER_ADMIN_TOKEN = ADMIN_TOKEN; // the replicas inherit it

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-rolling-'));
const children: ChildProcess[] = [];
t.teardown(async () => {
    for (const c of children) await kill(c, c === nginx ? 'SIGTERM' : 'SIGKILL');
    fs.rmSync(dir, {recursive: true, force: true});
});

// The old bundle built once and copied to both replicas' folders; the new one built once into the staging folder.
const folderA = path.join(dir, 'replica-a'), folderB = path.join(dir, 'replica-b'), staging = path.join(dir, 'staging');
const regionsFile = buildTinyRegion(dir, folderA, false, 'BE');
fs.cpSync(folderA, folderB, {recursive: true});
buildTinyRegion(dir, staging, true, 'BE');
const bundleIdIn = (folder: string) => (JSON.parse(fs.readFileSync(path.join(folder, 'BE', 'manifest.json'), 'utf8')).inputHash as string).slice(0, 16);
const oldId = bundleIdIn(folderA), newId = bundleIdIn(staging);

const [portA, portB, small, front] = [await freePort(), await freePort(), await freePort(), await freePort()];
const replica = (port: number, folder: string) => startQuartier(port, ['--regions', 'BE', '--regions-file', regionsFile, '--out', folder, '--cache', path.join(dir, 'cache')]);
// One after the other: both open the shared answers cache (LMDB) at start.
const replicaA = await replica(portA, folderA);
children.push(replicaA);
const replicaB = await replica(portB, folderB);
children.push(replicaB);
const nginx = await startNginx(dir, shippedNginxConf({beA: portA, beB: portB, small, front}), front);
children.push(nginx);
const urlA = `http://127.0.0.1:${portA}`, urlB = `http://127.0.0.1:${portB}`;

/** The rolling update tool, run to its end: exit code and what it wrote. */
function rollingUpdate(args: string[], env: Record<string, string | undefined> = process.env): Promise<{code: number | null; out: string; err: string}> {
    const child = spawn(process.execPath, [path.join(repoRoot, 'tools', 'rolling-update.js'), ...args], {env, stdio: ['ignore', 'pipe', 'pipe']});
    let out = '', err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    return new Promise((resolve) => child.on('close', (code) => resolve({code, out, err})));
}

const replicaArgs = (staged: string) => ['--country', 'BE', '--staged', staged, '--replica', `${folderA}=${urlA}`, '--replica', `${folderB}=${urlB}`];
const health = async (url: string) => (await getWithHost(`${url}/health`, {})).body.regions[0];

const {bounds, supermarket} = tinyRegion('BE');
// What the clients ask through the front, as a portal would: the shops of the grid, the summary at the supermarket's
// corner, the region's health.
const QUESTIONS = [
    `/points?bound1=${bounds.bound1}&bound2=${bounds.bound2}&language=FR`,
    `/summary?latitude=${supermarket.latitude}&longitude=${supermarket.longitude}&language=FR`,
    '/health'
];

interface Answer {
    question: number;
    status: number;
    upstream: string;
    /** Shows the supermarket (points, summary) or the new bundle id (health). */
    isNew: boolean;
    /** The tool's state when it was asked: not started yet, running, or finished. */
    asked: 'before' | 'during' | 'after';
    /** The order of events (a question asked, an answer received), counted over all clients. */
    askedAt: number;
    answeredAt: number;
    error?: string;
}

let events = 0;
let tool: Answer['asked'] = 'before';

/** One question through nginx, its answer noted (a failed connection as status 0). */
async function ask(question: number): Promise<Answer> {
    const asked = tool, askedAt = events++;
    let r: Reply;
    try {
        r = await getWithHost(`http://127.0.0.1:${front}${QUESTIONS[question]}`, {Host: 'be.example.org', LicenseKey: BACKEND_KEY});
    } catch (err) {
        return {question, status: 0, upstream: '', isNew: false, asked, askedAt, answeredAt: events++, error: (err as Error).message};
    }
    const isNew = question === 2 ? r.body.regions?.[0]?.bundleId === newId : r.text.includes(supermarket.name);
    const upstream = r.headers.get('x-test-upstream') ?? '';
    return {question, status: r.status, upstream, isNew, asked, askedAt, answeredAt: events++, ...(r.status === 200 ? {} : {error: r.text.slice(0, 200)})};
}

t.test('a rolling update through nginx: replica A then B swapped while clients ask, no request lost', async (t) => {
    t.equal((await health(urlA)).bundleId, oldId);
    t.equal((await health(urlB)).bundleId, oldId, 'both replicas start on the old bundle');
    const answers: Answer[] = [];
    // Four clients, each asking the three questions in turn until three rounds after the tool finished.
    const clients = Array.from({length: 4}, async (_, c) => {
        for (let round = 0, roundsAfter = 0; roundsAfter < 3; round++) {
            const answer = await ask((round + c) % QUESTIONS.length);
            answers.push(answer);
            if (answer.asked === 'after') roundsAfter++;
        }
    });
    // The clients are under way (eight answers in) before the tool starts.
    while (answers.length < 8) await new Promise((resolve) => setTimeout(resolve, 10));
    tool = 'during';
    const run = await rollingUpdate(replicaArgs(staging));
    tool = 'after';
    await Promise.all(clients);

    t.equal(run.code, 0, run.err);
    t.same(run.out.trim().split('\n').map((line) => line.replace(/\((swapped in [\d.]+ s|unchanged)\)$/, '(swapped)')), [
        `${urlA}: serves BE bundle ${oldId}`,
        `${urlB}: serves BE bundle ${oldId}`,
        `${urlA}: copying bundle ${newId} into ${folderA}/BE`,
        `${urlA}: serves bundle ${newId} (swapped)`,
        `${urlB}: copying bundle ${newId} into ${folderB}/BE`,
        `${urlB}: serves bundle ${newId} (swapped)`,
        `done: 2 replicas serve BE bundle ${newId}`
    ], 'both checked, then A copied and swapped, then B');
    t.notMatch(run.out + run.err, ADMIN_TOKEN, 'the token is never printed');

    t.same(answers.filter((a) => a.status !== 200), [], `every one of ${answers.length} requests answered 200`);
    t.same(answers.filter((a) => a.upstream.includes(',')), [], 'none was sent to a second replica: no replica failed one');
    t.ok(answers.filter((a) => a.asked === 'during').length > 0, `${answers.filter((a) => a.asked === 'during').length} asked while the tool ran`);
    t.same([...new Set(answers.map((a) => a.upstream))].sort(), [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`].sort(), 'both replicas took requests');
    t.same(answers.filter((a) => a.asked === 'before' && a.isNew), [], 'before the update: the old data');
    // A replica that has answered from the new bundle answers every question asked after that from it.
    for (const upstream of [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`]) {
        const firstNew = Math.min(...answers.filter((a) => a.upstream === upstream && a.isNew).map((a) => a.answeredAt));
        t.same(answers.filter((a) => a.upstream === upstream && a.askedAt > firstNew && !a.isNew), [], `${upstream}: never the old data again once it gave the new`);
    }
    const after = answers.filter((a) => a.asked === 'after');
    t.same(after.filter((a) => !a.isNew), [], `after the update all ${after.length} answers are the new data (the supermarket, the new bundle id)`);
    t.ok(after.some((a) => a.question === 0) && after.some((a) => a.question === 1), 'points and summaries among them');

    for (const url of [urlA, urlB]) {
        const region = await health(url);
        t.equal(region.bundleId, newId, `${url} serves the new bundle`);
        t.ok(region.swappedAt, 'swapped in while running');
    }
    t.equal(bundleIdIn(folderA), newId, 'the new bundle is in both folders');
    t.equal(bundleIdIn(folderB), newId);
    t.same(fs.readdirSync(folderA), ['BE'], 'no copy or previous bundle left beside it');

    const again = await rollingUpdate(replicaArgs(staging));
    t.equal(again.code, 0, 'run again: nothing to do');
    t.match(again.out, `${urlA}: ${folderA}/BE already holds bundle ${newId}`);
    t.match(again.out, `${urlB}: serves bundle ${newId} (unchanged)`);
});

t.test('the admin requests cannot be made through nginx', async (t) => {
    const post = (port: number, pathAndQuery: string, host = 'be.example.org') => new Promise<number>((resolve, reject) => {
        // node:http: fetch cannot set Host.
        const req = http.request({host: '127.0.0.1', port, path: pathAndQuery, method: 'POST', agent: false, headers: {Host: host, Authorization: `Bearer ${ADMIN_TOKEN}`}}, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end();
    });
    for (const p of ['/admin/reload', '/admin/reload?country=BE', '/ADMIN/Reload', '/be/admin/reload', '//admin/reload', '/%61dmin/reload', '/admin']) {
        t.equal(await post(front, p), 404, `POST ${p} through nginx: 404`);
    }
    t.equal(await post(front, '/admin/reload', 'map.example.org'), 404, 'nor through the map host');
    t.equal(await post(portA, '/admin/reload?country=BE'), 200, 'asked directly, the replica answers');
});

t.test('a bundle the first replica refuses stops the update: its previous bundle back, the second not touched', async (t) => {
    // The new bundle with a section gone, under another input hash.
    const damaged = path.join(dir, 'damaged');
    fs.cpSync(staging, damaged, {recursive: true});
    const manifestFile = path.join(damaged, 'BE', 'manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    manifest.inputHash = 'e'.repeat(64);
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    fs.rmSync(path.join(damaged, 'BE', manifest.sections.pois.file));

    const run = await rollingUpdate(replicaArgs(damaged));
    t.equal(run.code, 1);
    t.match(run.err, `rolling-update: ${urlA} refused bundle eeeeeeeeeeeeeeee: BE: region bundle ${path.join(folderA, 'BE')}`);
    t.match(run.err, `It goes on serving bundle ${newId}; its folder has its previous bundle again`);
    t.match(run.err, `rolling-update: stopped. Not updated: ${urlA}, ${urlB}.`);
    t.notMatch(run.out, `${urlB}: copying`, 'B was not touched');
    t.equal(bundleIdIn(folderA), newId, "A's folder has its bundle back");
    t.same(fs.readdirSync(folderA), ['BE']);
    t.equal((await health(urlA)).bundleId, newId, 'A serves on');
    const b = await health(urlB);
    t.equal(b.bundleId, newId, 'B serves on');
    t.equal(b.refused, undefined, 'B never saw the damaged bundle');
    t.equal(bundleIdIn(folderB), newId);
});

t.test('usage errors exit 2 and say what is wrong', async (t) => {
    const none = await rollingUpdate([]);
    t.equal(none.code, 2);
    t.match(none.err, '--country is missing');
    t.match(none.err, 'Usage: QUARTIER_ADMIN_TOKEN=');
    const noToken = await rollingUpdate(replicaArgs(staging), {...process.env, QUARTIER_ADMIN_TOKEN: undefined});
    t.equal(noToken.code, 2);
    t.match(noToken.err, 'QUARTIER_ADMIN_TOKEN is not set');
    const shared = await rollingUpdate(['--country', 'BE', '--staged', staging, '--replica', `${folderA}=${urlA}`, '--replica', `${folderA}/=${urlB}`]);
    t.equal(shared.code, 2);
    t.match(shared.err, 'A rolling update wants a folder per replica');
    const notStaged = await rollingUpdate(['--country', 'MT', '--staged', staging, '--replica', `${folderA}=${urlA}`]);
    t.equal(notStaged.code, 2);
    t.match(notStaged.err, `${path.join(staging, 'MT')} holds no region bundle`);
    t.match((await rollingUpdate(['--replica', folderA])).err, '--replica takes FOLDER=URL');
});
