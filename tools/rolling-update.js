#!/usr/bin/env node
// A rolling update of a region's bundle over the replicas of a deployment (docs/operations.md, "Rolling update"):
// the new bundle, built once into a staging folder, is copied into each replica's bundle folder in turn and
// swapped in there (POST /admin/reload), and the next replica is only touched once this one serves it. The other
// replicas keep serving meanwhile (nginx balances over them), so no request is lost. A replica that refuses the
// bundle stops the update: its folder gets its previous bundle back (it never stopped serving it), the replicas
// after it are not touched, and the tool says which replica refused and why.
//
// Usage: QUARTIER_ADMIN_TOKEN=... node tools/rolling-update.js --country CC --staged DIR --replica FOLDER=URL ...
// The token is read from the environment only, sent only in the Authorization header, and never printed.
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';

const USAGE = `Usage: QUARTIER_ADMIN_TOKEN=<the replicas' admin token> node tools/rolling-update.js \\
         --country CC --staged DIR --replica FOLDER=URL --replica FOLDER=URL ... [--timeout SECONDS]

  --country CC          the region to update (a two-letter country code)
  --staged DIR          the folder holding the new bundle as DIR/CC (built there by
                        npx quartier build-region CC --out DIR, or update-region CC ... --out DIR)
  --replica FOLDER=URL  a replica: its bundle folder (its --out or QUARTIER_BUILD) and its own base URL
                        (http://host:port, not the nginx front); one per replica, updated in this order
  --timeout SECONDS     how long one request to a replica may take (default 600: a swap starts the
                        region's threads before it answers)

Each replica gets its own bundle folder: replicas watching one shared folder all swap at once.
Exit 0: every replica serves the staged bundle; 1: a replica refused it or could not be reached (the
replicas after it were not touched); 2: wrong usage.`;

class UsageError extends Error {}

function parseArgs(argv) {
    const options = {country: null, staged: null, replicas: [], timeoutSeconds: 600};
    for (let i = 0; i < argv.length; i++) {
        const flag = argv[i];
        if (flag === '--help' || flag === '-h') return null;
        const value = argv[i + 1];
        if (!['--country', '--staged', '--replica', '--timeout'].includes(flag)) throw new UsageError(`unknown argument '${flag.slice(0, 60)}'`);
        if (value === undefined || value.startsWith('--')) throw new UsageError(`${flag} needs a value`);
        i++;
        if (flag === '--country') {
            if (!/^[A-Za-z]{2}$/.test(value)) throw new UsageError(`--country takes a two-letter country code; got '${value.slice(0, 20)}'`);
            options.country = value.toUpperCase();
        } else if (flag === '--staged') {
            options.staged = path.resolve(value);
        } else if (flag === '--replica') {
            options.replicas.push(parseReplica(value));
        } else {
            const seconds = Number(value);
            if (!(seconds > 0 && seconds <= 86400)) throw new UsageError(`--timeout takes seconds between 1 and 86400; got '${value.slice(0, 20)}'`);
            options.timeoutSeconds = seconds;
        }
    }
    if (!options.country) throw new UsageError('--country is missing');
    if (!options.staged) throw new UsageError('--staged is missing');
    if (options.replicas.length === 0) throw new UsageError('no --replica given');
    return options;
}

/** FOLDER=URL: split where the URL begins (a folder may hold '=' itself). */
function parseReplica(value) {
    const at = value.search(/=https?:\/\//);
    if (at <= 0) throw new UsageError(`--replica takes FOLDER=URL (e.g. /srv/quartier/a/regions=http://10.0.0.5:8081); got '${value.slice(0, 80)}'`);
    const folder = path.resolve(value.slice(0, at));
    let url;
    try {
        url = new URL(value.slice(at + 1));
    } catch {
        throw new UsageError(`--replica ${value.slice(0, 80)}: not a URL after '='`);
    }
    if (url.username || url.password || url.search || url.hash) throw new UsageError(`--replica ${url.host}: give the base URL alone (no credentials, query or fragment)`);
    return {folder, url: url.href.replace(/\/+$/, '')};
}

/** The bundle's input hash from its manifest (its first 16 characters are the bundle id /health shows), or null. */
function bundleHash(dir) {
    try {
        return JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')).inputHash ?? null;
    } catch {
        return null;
    }
}

/** Checks what can be checked before any replica is touched; answers the staged bundle's id. */
function checkSetup(options) {
    const stagedDir = path.join(options.staged, options.country);
    let manifest;
    try {
        manifest = JSON.parse(fs.readFileSync(path.join(stagedDir, 'manifest.json'), 'utf8'));
    } catch (err) {
        throw new UsageError(`${stagedDir} holds no region bundle (${err.code === 'ENOENT' ? 'no manifest.json' : err.message}): build it there first`);
    }
    if (manifest.country !== options.country || typeof manifest.inputHash !== 'string') {
        throw new UsageError(`${stagedDir} holds a bundle of ${manifest.country ?? 'no country'}, not ${options.country}`);
    }
    const seen = new Map();
    for (const replica of options.replicas) {
        let real;
        try {
            real = fs.realpathSync(replica.folder);
        } catch {
            throw new UsageError(`${replica.folder} (the bundle folder of ${replica.url}) does not exist`);
        }
        if (!fs.statSync(real).isDirectory()) throw new UsageError(`${replica.folder} is not a folder`);
        if (real === fs.realpathSync(options.staged)) throw new UsageError(`${replica.folder} is the staging folder itself: stage the bundle elsewhere`);
        if (seen.has(real)) {
            throw new UsageError(`${seen.get(real)} and ${replica.url} share the bundle folder ${real}: a server watches its folder and swaps as soon as a bundle lands there, so replicas sharing one swap all at once. A rolling update wants a folder per replica (--out or QUARTIER_BUILD).`);
        }
        seen.set(real, replica.url);
    }
    return {stagedDir, bundleId: manifest.inputHash.slice(0, 16), hash: manifest.inputHash};
}

/** A request to a replica: {status, body} with the body parsed when it is JSON. The token goes in the header only. */
function ask(method, url, {token, timeoutMs}) {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    const headers = token ? {Authorization: `Bearer ${token}`} : {};
    return new Promise((resolve, reject) => {
        const req = client.request(target, {method, headers, agent: false, timeout: timeoutMs}, (res) => {
            const chunks = [];
            res.on('data', (c) => chunks.push(c));
            res.on('end', () => {
                const text = Buffer.concat(chunks).toString('utf8');
                let body = null;
                try {
                    body = JSON.parse(text);
                } catch {
                    body = {Error: text.slice(0, 200)};
                }
                resolve({status: res.statusCode ?? 0, body});
            });
            res.on('error', reject);
        });
        req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
        req.on('error', (err) => reject(new Error(`${method} ${url}: ${err.message}`)));
        req.end();
    });
}

/** The bundle id a replica's /health names for the country, or an error saying why there is none. */
async function servedBundle(replica, country, timeoutMs) {
    const health = await ask('GET', `${replica.url}/health`, {timeoutMs});
    const region = health.body?.regions?.find?.((r) => r.country === country);
    if (health.status !== 200) throw new Error(`${replica.url}/health answered ${health.status}${health.body?.error ? `: ${health.body.error}` : ''}`);
    if (!region) throw new Error(`${replica.url} does not serve ${country} (it serves ${(health.body?.regions ?? []).map((r) => r.country).join(', ') || 'nothing'})`);
    return region.bundleId;
}

/**
 * Copies the staged bundle into the replica's folder under a name the server does not watch, then renames the
 * old one away and the new one in, as a build does. Answers where the old one went (null: there was none).
 */
function install(stagedDir, folder, country) {
    const target = path.join(folder, country);
    const incoming = path.join(folder, `.${country}.incoming-${process.pid}`);
    const previous = path.join(folder, `.${country}.previous-${process.pid}`);
    fs.rmSync(incoming, {recursive: true, force: true});
    try {
        fs.cpSync(stagedDir, incoming, {recursive: true});
    } catch (err) {
        fs.rmSync(incoming, {recursive: true, force: true});
        throw new Error(`copying ${stagedDir} into ${folder} failed (${err.message}); the replica's folder is as it was`);
    }
    const had = fs.existsSync(target);
    if (had) fs.renameSync(target, previous);
    fs.renameSync(incoming, target);
    return had ? previous : null;
}

/** Puts the previous bundle back in place of the refused one. */
function restore(folder, country, previous) {
    const target = path.join(folder, country);
    const refused = path.join(folder, `.${country}.refused-${process.pid}`);
    fs.renameSync(target, refused);
    if (previous) fs.renameSync(previous, target);
    fs.rmSync(refused, {recursive: true, force: true});
}

/** Updates one replica: copy, swap, check. Throws, with the replica's folder as it was, when it refuses. */
async function updateReplica(replica, staged, options, token) {
    const {country} = options;
    const timeoutMs = options.timeoutSeconds * 1000;
    const inPlace = bundleHash(path.join(replica.folder, country)) === staged.hash;
    say(`${replica.url}: ${inPlace ? `${replica.folder}/${country} already holds bundle ${staged.bundleId}` : `copying bundle ${staged.bundleId} into ${replica.folder}/${country}`}`);
    const previous = inPlace ? null : install(staged.stagedDir, replica.folder, country);
    const undo = () => {
        if (!inPlace) restore(replica.folder, country, previous);
        return inPlace ? 'its folder held that bundle already' : 'its folder has its previous bundle again';
    };
    let answer;
    try {
        answer = await ask('POST', `${replica.url}/admin/reload?country=${country}`, {token, timeoutMs});
    } catch (err) {
        // It may still be swapping: its folder is left as it is (the new bundle in place).
        throw new Error(`${replica.url} did not answer the swap (${err.message}); its folder holds the new bundle${previous ? ` (the previous one: ${previous})` : ''}: look at its /health and log`);
    }
    const outcome = answer.body?.regions?.find?.((r) => r.country === country);
    if (answer.status !== 200 || !outcome || !['swapped', 'unchanged'].includes(outcome.outcome) || outcome.bundleId !== staged.bundleId) {
        const folderNote = undo();
        const why = answer.body?.Error ?? `outcome ${outcome?.outcome ?? 'none'}, bundle ${outcome?.bundleId ?? 'none'}`;
        const verb = outcome?.outcome === 'refused' ? 'refused' : `did not swap in (${answer.status})`;
        throw new Error(`${replica.url} ${verb} bundle ${staged.bundleId}: ${why}. ${outcome ? `It goes on serving bundle ${outcome.bundleId}` : 'It serves what it served'}; ${folderNote}`);
    }
    const served = await servedBundle(replica, country, timeoutMs);
    if (served !== staged.bundleId) throw new Error(`${replica.url} answered ${outcome.outcome} but its /health names bundle ${served}, not ${staged.bundleId}`);
    if (previous) fs.rmSync(previous, {recursive: true, force: true});
    say(`${replica.url}: serves bundle ${staged.bundleId} (${outcome.outcome}${outcome.outcome === 'swapped' ? ` in ${outcome.seconds.toFixed(1)} s` : ''})`);
}

function say(line) {
    process.stdout.write(`${line}\n`);
}

async function main() {
    let options, staged;
    const token = process.env.QUARTIER_ADMIN_TOKEN ?? '';
    try {
        options = parseArgs(process.argv.slice(2));
        if (options === null) {
            say(USAGE);
            return 0;
        }
        if (token.length < 16) throw new UsageError('QUARTIER_ADMIN_TOKEN is not set (or shorter than 16 characters): set it in the environment to the replicas\' admin token');
        staged = checkSetup(options);
    } catch (err) {
        if (!(err instanceof UsageError)) throw err;
        process.stderr.write(`rolling-update: ${err.message}\n\n${USAGE}\n`);
        return 2;
    }
    const {country, replicas} = options;
    const done = [];
    try {
        // Every replica must answer and serve the country before the first is touched.
        for (const replica of replicas) say(`${replica.url}: serves ${country} bundle ${await servedBundle(replica, country, options.timeoutSeconds * 1000)}`);
        for (const replica of replicas) {
            await updateReplica(replica, staged, options, token);
            done.push(replica.url);
        }
    } catch (err) {
        const left = replicas.map((r) => r.url).filter((u) => !done.includes(u));
        process.stderr.write(`rolling-update: ${err.message}\n`);
        process.stderr.write(`rolling-update: stopped. ${done.length ? `Serving the new bundle ${staged.bundleId}: ${done.join(', ')}. ` : ''}Not updated: ${left.join(', ')}.\n`);
        return 1;
    }
    say(`done: ${replicas.length} replica${replicas.length > 1 ? 's' : ''} serve${replicas.length > 1 ? '' : 's'} ${country} bundle ${staged.bundleId}`);
    return 0;
}

process.exitCode = await main();
