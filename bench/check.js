// `npm run bench:check`: re-measures the headline figures of bench/RESULTS.md in a few minutes and says
// which are stale. The figures, their recorded values, commits and dates, the bench runs that measure them
// (existing bench scripts at a quick size, each printing its figures as FIGURE lines: bench/lib/figure.js)
// and the code each measures are in bench/figures.json. Prints one table: each figure recorded and now, the
// ratio now / recorded, the ratio to the bench's own baseline measured in the same run (which the machine's
// load moves far less), and stale when a commit after the figure's own changed its code (the commits of
// figures.json's sameAnswers apart, each but for the code sets its `except` names). Quick sizes differ from the recorded runs' (fewer requests, shorter
// runs): read a ratio within ±25% as the same figure, and a loaded machine (see the load printed) as slower.
//   node bench/check.js [--only route-http,matrix] [--no-run] [--rows] [--record]   (each bench's output: build/bench-check/)
//   --no-run: staleness only, nothing measured; --rows: every row of bench/RESULTS.md in a section that
//   figures.json maps to code, with its commit and what the rule says of it (stale or current);
//   --record: writes the figures measured into figures.json as recorded at HEAD (its commit and date, the
//   ratio to the baseline), refused when tracked files differ from HEAD or a bench failed: the figures
//   recorded are then bench:check's own, at its quick sizes, and stay current until their code changes.
import {execFileSync, spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const registry = JSON.parse(fs.readFileSync(path.join(root, 'bench', 'figures.json'), 'utf8'));
const {values: flags} = parseArgs({options: {only: {type: 'string'}, 'no-run': {type: 'boolean'}, rows: {type: 'boolean'}, record: {type: 'boolean'}}});
const BUDGET_S = 300;
/** A bench that takes longer than this is stopped (its process group: the servers it started too). */
const BENCH_TIMEOUT_S = 150;
/** Each bench's whole output (stdout, then stderr) goes to <OUTPUT_DIR>/<bench>.txt. */
const OUTPUT_DIR = path.join(root, 'build', 'bench-check');

const git = (...args) => execFileSync('git', args, {cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']}).trim();

/**
 * Full hashes of the commits declared to change no answer and no cost (figures.json sameAnswers), each with the
 * code sets whose figures it does change (an entry's `except`; none: it changes no figure).
 */
function sameAnswerCommits() {
    const out = new Map();
    for (const {commits, except} of registry.sameAnswers ?? []) {
        const list = commits.includes('..') ? git('rev-list', commits) : git('rev-parse', `${commits}^{commit}`);
        for (const h of list.split('\n')) if (h) out.set(h, new Set(except ?? []));
    }
    return out;
}
const sameAnswers = sameAnswerCommits();

/** The code paths of some of figures.json's named code sets. */
function codePaths(names) {
    return names.flatMap((n) => {
        if (!registry.code[n]) throw new Error(`figures.json: no code set '${n}'`);
        return registry.code[n];
    });
}

/**
 * The commits after `commit` (on the way to HEAD) that changed any of the paths, sameAnswers apart:
 * short hashes, newest first; null when the commit is not in this repository.
 */
function changesSince(commit, names) {
    try {
        git('rev-parse', '--verify', `${commit}^{commit}`);
    } catch {
        return null;
    }
    const list = git('rev-list', `${commit}..HEAD`, '--', ...codePaths(names)).split('\n').filter(Boolean);
    return list.filter((h) => !sameAnswers.has(h) || names.some((n) => sameAnswers.get(h).has(n))).map((h) => h.slice(0, 7));
}

function staleness(commit, names) {
    const changes = changesSince(commit, names);
    if (changes === null) return `unknown commit ${commit}`;
    if (changes.length === 0) return 'current';
    return `stale: ${changes.length} commit${changes.length > 1 ? 's' : ''} since, first ${changes.slice(-3).reverse().join(', ')}`;
}

/** Runs one bench in its own process group; its FIGURE lines as id → {value, baseline}. */
function runBench(name, {command}) {
    return new Promise((resolve) => {
        const started = performance.now();
        const child = spawn(process.execPath, command, {cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe']});
        let stdout = '', stderr = '', timedOut = false;
        child.stdout.on('data', (d) => (stdout += d));
        child.stderr.on('data', (d) => (stderr += d));
        const timer = setTimeout(() => {
            timedOut = true;
            process.kill(-child.pid, 'SIGTERM');
        }, BENCH_TIMEOUT_S * 1000);
        child.on('exit', (code) => {
            clearTimeout(timer);
            const figures = new Map();
            for (const line of stdout.split('\n')) {
                if (!line.startsWith('FIGURE ')) continue;
                const f = JSON.parse(line.slice(7));
                figures.set(f.id, f);
            }
            fs.mkdirSync(OUTPUT_DIR, {recursive: true});
            fs.writeFileSync(path.join(OUTPUT_DIR, `${name}.txt`), `${stdout}\n${stderr}`);
            const seconds = (performance.now() - started) / 1000;
            const failure = timedOut ? `stopped after ${BENCH_TIMEOUT_S} s` : code !== 0 ? `exit ${code}: ${stderr.trim().split('\n').slice(-3).join(' / ')}` : null;
            process.stderr.write(`${name}: ${seconds.toFixed(0)} s${failure ? ` (${failure})` : ''}\n`);
            resolve({figures, seconds, failure});
        });
    });
}

const fmt = (x) => (x === undefined || x === null || !Number.isFinite(x) ? '–' : Math.abs(x) >= 100 ? Math.round(x).toLocaleString('en') : Number(x.toPrecision(3)).toString());

function printFigures(measured) {
    console.log('| figure | unit | recorded (commit, date) | now | now / recorded | ratio to baseline, now (recorded) | status |');
    console.log('|---|---|---|---|---|---|---|');
    for (const f of registry.figures) {
        const now = measured.get(f.id);
        const ratio = now ? now.value / f.value : undefined;
        const toBaseline = now?.baseline ? `${fmt(now.value / now.baseline)}${f.baselineRatio ? ` (${fmt(f.baselineRatio)})` : ''}` : '–';
        console.log(`| ${f.id} | ${f.unit} | ${fmt(f.value)} (${f.commit}, ${f.date}) | ${now ? fmt(now.value) : 'not measured'} | ${ratio ? `${fmt(ratio)}×` : '–'} | ${toBaseline} | ${staleness(f.commit, f.code)} |`);
    }
}

/** Each figure's date against its commit's (git log %cs): a wrong date is a typing slip. */
function checkDates() {
    for (const f of registry.figures) {
        let date;
        try {
            date = git('log', '-1', '--format=%cs', f.commit);
        } catch {
            continue;
        }
        if (date !== f.date) console.log(`note: ${f.id} says ${f.date}, its commit ${f.commit} is of ${date}`);
    }
}

/** A row's code sets: the section's list, or its object's entry for the row (by the start of its first cell), or "*". */
function rowCode(sectionCode, firstCell) {
    if (Array.isArray(sectionCode)) return sectionCode;
    const key = Object.keys(sectionCode).find((k) => k !== '*' && firstCell.startsWith(k));
    return sectionCode[key ?? '*'];
}

/** The rows of bench/RESULTS.md in the sections figures.json maps to code: commit, date, the rule's verdict. */
function printRows() {
    const lines = fs.readFileSync(path.join(root, 'bench', 'RESULTS.md'), 'utf8').split('\n');
    console.log('| section | row | commit | date | the rule says | the row says |');
    console.log('|---|---|---|---|---|---|');
    let section = null, commitAt = -1, statusAt = -1;
    for (const line of lines) {
        if (line.startsWith('## ')) {
            section = registry.sections[line.slice(3).trim()] ? line.slice(3).trim() : null;
            commitAt = statusAt = -1;
            continue;
        }
        if (!line.startsWith('|')) commitAt = statusAt = -1;
        if (!section || !line.startsWith('|') || line.startsWith('|---')) continue;
        const cells = line.split('|').slice(1, -1).map((c) => c.trim());
        if (commitAt === -1) {
            commitAt = cells.findIndex((c) => /commit/i.test(c));
            if (commitAt === -1) commitAt = -2;
            statusAt = cells.findIndex((c) => /status/i.test(c));
            continue;
        }
        if (commitAt === -2) continue; // a table without a commit column (e.g. the 25 countries, dated in its caption)
        const cell = cells[commitAt] ?? '';
        const commits = cell.match(/\b[0-9a-f]{7,40}\b/g) ?? [];
        const commit = commits[commits.length - 1];
        const date = /\b\d\d-\d\d\b/.test(cell) ? 'yes' : 'missing';
        const code = rowCode(registry.sections[section], cells[0]);
        const verdict = !code ? 'no code set' : commit ? staleness(commit, code) : 'no commit';
        const says = (cells[statusAt] ?? '').replace(/\*/g, '').split(/[:;( ]/)[0] || '–';
        console.log(`| ${section} | ${cells[0].slice(0, 70)} | ${commit ?? '–'} | ${date} | ${verdict} | ${says} |`);
    }
}

/** The section of bench/RESULTS.md where a run with --record lists its figures. */
const RECORDED_SECTION = "The registry's figures (bench:check --record)";

/** Figures.json's text as it is kept: a top-level list or object one entry per line. */
function registryText(value) {
    const entries = Object.entries(value).map(([key, v]) => {
        const inner = Array.isArray(v) ? v.map((x) => `    ${JSON.stringify(x)}`)
            : v && typeof v === 'object' ? Object.entries(v).map(([k, x]) => `    ${JSON.stringify(k)}: ${JSON.stringify(x)}`) : null;
        if (!inner) return `  ${JSON.stringify(key)}: ${JSON.stringify(v)}`;
        const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
        return `  ${JSON.stringify(key)}: ${open}\n${inner.join(',\n')}\n  ${close}`;
    });
    return `{\n${entries.join(',\n')}\n}\n`;
}

/** Figures.json with the measured figures recorded at HEAD (written under a temporary name, then renamed); the ids recorded. */
function record(measured, head) {
    if (git('status', '--porcelain', '--untracked-files=no') !== '') throw new Error('--record: tracked files differ from HEAD; commit first, so that the figures name the code they measured');
    const date = git('log', '-1', '--format=%cs', 'HEAD');
    const recorded = [];
    for (const f of registry.figures) {
        const now = measured.get(f.id);
        if (!now) continue;
        f.value = Number(now.value.toPrecision(4));
        if (now.baseline) f.baselineRatio = Number((now.value / now.baseline).toPrecision(3));
        else delete f.baselineRatio;
        f.commit = head;
        f.date = date;
        f.results = RECORDED_SECTION;
        recorded.push(f.id);
    }
    const file = path.join(root, 'bench', 'figures.json');
    fs.writeFileSync(`${file}.tmp`, registryText(registry));
    fs.renameSync(`${file}.tmp`, file);
    return recorded;
}

const started = performance.now();
const head = git('rev-parse', '--short=7', 'HEAD');
console.log(`bench:check at ${head} (${git('log', '-1', '--format=%cs', 'HEAD')}), ${os.availableParallelism()} cores, load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}\n`);
if (flags.rows) {
    printRows();
} else {
    const measured = new Map();
    const only = flags.only ? new Set(flags.only.split(',')) : null;
    let failed = 0;
    for (const [name, bench] of Object.entries(registry.benches)) {
        if (flags['no-run'] || (only && !only.has(name))) continue;
        const r = await runBench(name, bench);
        for (const [id, f] of r.figures) measured.set(id, f);
        if (r.failure) failed++;
    }
    printFigures(measured);
    checkDates();
    if (flags.record) {
        if (failed) throw new Error(`--record: ${failed} bench(es) failed; nothing recorded`);
        const ids = record(measured, head);
        console.log(`\nrecorded ${ids.length} of ${registry.figures.length} figures at ${head} in bench/figures.json`);
    }
    for (const [name, bench] of Object.entries(registry.benches)) if (bench.baseline) console.log(`baseline of ${name}: ${bench.baseline}`);
    const total = (performance.now() - started) / 1000;
    console.log(`\ntotal ${total.toFixed(0)} s${total > BUDGET_S ? ` (over the ${BUDGET_S} s budget)` : ''}; load at the end ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
    process.exitCode = failed ? 1 : 0;
}
