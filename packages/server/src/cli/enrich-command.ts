// `quartier enrich`: a listing file (CSV or NDJSON) scored through the worker pool, written as NDJSON
// (one enrichment document per line, as GET /enrichment answers it, with the listing's id) or CSV.
// Resumable: ids already in the output are skipped, and a line a killed run left half-written is cut
// off first; lines are only ever appended whole.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import {parseArgs} from 'node:util';
import {parse as parseCsv} from 'csv-parse';
import {Region, loadRegionConfigs} from '@quartier/engine';
import {Progress, buildRoot, regionsFile} from '@quartier/engine/internal';
import {enrichListings, readListing, type BulkResult, type Listing} from '../enrichment/bulk.js';
import {csvColumns, csvRow, ndjsonLine} from '../answers/enrichment-batch-answer.js';
import {WorkerPool} from '../workers/pool.js';

/** Listings per pool task, and tasks in flight per worker. */
const CHUNK = 32;
const CHUNKS_PER_WORKER = 2;
/** Listings read ahead and sent in spatial order (bulk.ts): neighbours scored one after the other on a worker. */
const WINDOW = 8192;
/** Output is written at least this often (whole lines), and fsynced every FSYNC_MS. */
const FLUSH_BYTES = 1 << 16;
const FSYNC_MS = 5000;

class UsageError extends Error {}

/** Runs the command; the process exit code (0 done, 1 could not run, 2 done but some listings to retry). */
export async function runEnrichCommand(argv: string[]): Promise<number> {
    try {
        return await enrich(argv);
    } catch (err) {
        process.stderr.write(`quartier enrich: ${(err as Error).message}\n`);
        return 1;
    }
}

async function enrich(argv: string[]): Promise<number> {
    let parsed;
    try {
        parsed = parseArgs({
            args: argv, allowPositionals: true,
            options: {
                country: {type: 'string'}, output: {type: 'string', short: 'o'}, language: {type: 'string'},
                workers: {type: 'string'}, out: {type: 'string'}, 'regions-file': {type: 'string'}, 'input-format': {type: 'string'}
            }
        });
    } catch (err) {
        throw new UsageError((err as Error).message);
    }
    const {values, positionals} = parsed;
    if (positionals.length !== 1) throw new UsageError('give one input file: quartier enrich --country BE listings.csv -o scored.ndjson');
    const input = path.resolve(positionals[0]);
    if (!values.output) throw new UsageError('give the output file with -o (scored.ndjson or scored.csv)');
    const output = path.resolve(values.output);
    const country = (values.country ?? '').toUpperCase();
    if (!country) throw new UsageError('give the country with --country (e.g. --country BE)');
    const inputFormat = values['input-format'] ?? (/\.csv$/i.test(input) ? 'csv' : /\.(nd)?json(l)?$/i.test(input) ? 'ndjson' : '');
    if (inputFormat !== 'csv' && inputFormat !== 'ndjson') throw new UsageError(`cannot tell the input's format from '${path.basename(input)}': name it .csv or .ndjson, or give --input-format csv|ndjson`);
    const outputFormat = /\.csv$/i.test(output) ? 'csv' : /\.(nd)?json(l)?$/i.test(output) ? 'ndjson' : '';
    if (!outputFormat) throw new UsageError(`the output must end in .ndjson or .csv, got '${path.basename(output)}'`);
    if (!fs.existsSync(input)) throw new UsageError(`no input file ${input}`);
    if (sameFile(input, output)) throw new UsageError(`-o names the input file ${positionals[0]}: write the scores to another file`);
    const workers = values.workers === undefined ? undefined : Number(values.workers);
    if (workers !== undefined && !(Number.isInteger(workers) && workers >= 1)) throw new UsageError(`--workers must be a positive integer, got '${values.workers}'`);

    const region = openRegion(country, values.out, regionsFile(values['regions-file']));
    const languages = region.country.languages;
    const language = (values.language ?? 'EN').toUpperCase();
    if (!languages.includes(language)) throw new UsageError(`language '${values.language}' is not served in ${country}: use one of ${languages.join(', ')}`);

    // The input is read (its CSV header checked) before the output is touched: a usage error leaves no file behind.
    const records = readRecords(input, inputFormat)[Symbol.asyncIterator]();
    const first = await records.next();
    const unlock = lockOutput(output);
    process.once('exit', unlock);
    const columns = outputFormat === 'csv' ? csvColumns(country) : [];
    const done = await readDone(output, outputFormat, columns);
    const fd = fs.openSync(output, 'a');
    if (outputFormat === 'csv' && done.fresh) fs.writeSync(fd, `${columns.join(',')}\n`);
    const total = countRecords(input, inputFormat);
    const pool = new WorkerPool([region], {size: workers, warm: 'enrichment', maxQueue: 1 << 20});
    const progress = new Progress('enrich');
    const writer = new LineWriter(fd);
    const started = performance.now();
    let scored = 0, failed = 0, skipped = 0, retry = 0;
    const killAfter = Number(process.env.QUARTIER_ENRICH_KILL_AFTER ?? NaN);

    // The listings to score: read, checked, and those already in the output (or twice in the input) set aside.
    const seen = new Set<string>();
    async function* listings(): AsyncGenerator<Listing> {
        let at = 0;
        for (let next = first; !next.done; next = await records.next()) {
            const record = next.value;
            at++;
            // A listing without an id is known by its place in the input: its error record is written once.
            if (done.records.has(at)) {
                skipped++;
                continue;
            }
            if ('error' in record) {
                yield {id: null, record: at, lat: NaN, lon: NaN, error: record.error as string};
                continue;
            }
            const listing = readListing(record, at, region);
            if (listing.id !== null) {
                const key = String(listing.id);
                if (done.ids.has(key)) {
                    skipped++;
                    continue;
                }
                if (seen.has(key)) listing.error = `The id ${key} appears more than once in the input; it was scored at its first appearance.`;
                seen.add(key);
            }
            yield listing;
        }
    }

    try {
        const results = enrichListings(pool, region, language, listings(), {chunkSize: CHUNK, inFlight: CHUNKS_PER_WORKER * pool.size, window: WINDOW});
        for await (const r of results) {
            if (r.retry) {
                // The engine failed, not the listing: left out of the output, so the next run tries it again.
                retry++;
                continue;
            }
            if (r.document !== null) scored++;
            else failed++;
            writer.add(outputFormat === 'csv' ? csvRow(r, columns) : ndjsonLine(r));
            if (scored + failed === killAfter) killForTest(writer, r);
            const finished = scored + failed + skipped + retry;
            const seconds = (performance.now() - started) / 1000;
            const rate = (scored + failed + retry) / Math.max(seconds, 1e-3);
            progress.update('scoring', total ? finished / total : 0,
                `${finished.toLocaleString('en')}/${total.toLocaleString('en')}, ${Math.round(rate)}/s, ETA ${eta((total - finished) / Math.max(rate, 1e-3))}`);
        }
        writer.close();
    } finally {
        await pool.close();
        unlock();
    }
    const seconds = (performance.now() - started) / 1000;
    progress.done(`done ${scored + failed} (scored ${scored}, failed ${failed}), skipped ${skipped} already in ${path.basename(output)}, `
        + `${Math.round((scored + failed) / Math.max(seconds, 1e-3))} listings/s in ${seconds.toFixed(1)} s`
        + (retry ? `; ${retry} not scored because the engine failed on them: run the same command again to retry them` : ''));
    return retry ? 2 : 0;
}

function openRegion(country: string, out: string | undefined, file: string | undefined): Region {
    const configured = loadRegionConfigs(undefined, file);
    if (!configured.some((r) => r.country === country)) {
        throw new UsageError(`no region is configured for ${country} (${file ?? 'data/regions.json'} lists ${configured.map((r) => r.country).join(', ')})`);
    }
    const dir = path.join(buildRoot(out), country);
    if (!fs.existsSync(path.join(dir, 'manifest.json'))) {
        throw new Error(`no region bundle for ${country} in ${dir}: build it with "npx quartier build-region ${country}" (or start the server once, which builds what is missing)`);
    }
    return Region.open(dir);
}

/**
 * What the output already holds (ids, and the input places of records without an id), and whether it
 * is new. A half-written last line (a run killed inside a write) is cut off first. Read as a stream:
 * outputs of millions of listings are larger than a string can be.
 */
async function readDone(output: string, format: string, columns: string[]): Promise<{ids: Set<string>; records: Set<number>; fresh: boolean}> {
    const ids = new Set<string>(), records = new Set<number>();
    if (!fs.existsSync(output)) return {ids, records, fresh: true};
    if (format === 'csv') cutPartialCsvRecord(output);
    else cutPartialLine(output);
    if (fs.statSync(output).size === 0) return {ids, records, fresh: true};
    const note = (id: unknown, record: unknown) => {
        if (id !== null && id !== undefined && id !== '') ids.add(String(id));
        else if (Number.isInteger(Number(record)) && record !== '') records.add(Number(record));
    };
    if (format === 'ndjson') {
        let line = 0;
        for await (const l of readline.createInterface({input: fs.createReadStream(output), crlfDelay: Infinity})) {
            line++;
            if (l === '') continue;
            let r: {id?: unknown; record?: unknown};
            try {
                r = JSON.parse(l) as {id?: unknown; record?: unknown};
            } catch {
                throw new Error(`${output} line ${line} is not an enrichment record: choose another output file`);
            }
            note(r.id, r.record);
        }
        return {ids, records, fresh: false};
    }
    let header = true;
    for await (const row of fs.createReadStream(output).pipe(parseCsv({relax_column_count: true})) as AsyncIterable<string[]>) {
        if (header) {
            if (row.join(',') !== columns.join(',')) throw new Error(`${output} has other columns than this command writes: choose another output file`);
            header = false;
            continue;
        }
        note(row[0], row[1]);
    }
    return {ids, records, fresh: header};
}

/** Truncates a file after its last newline (nothing kept when it has none), reading only its tail. */
function cutPartialLine(file: string): void {
    const fd = fs.openSync(file, 'r');
    try {
        const size = fs.fstatSync(fd).size;
        const buf = Buffer.alloc(1 << 16);
        for (let end = size; end > 0;) {
            const start = Math.max(0, end - buf.length);
            const n = fs.readSync(fd, buf, 0, end - start, start);
            const at = buf.subarray(0, n).lastIndexOf(10);
            if (at >= 0) {
                if (start + at + 1 < size) fs.truncateSync(file, start + at + 1);
                return;
            }
            end = start;
        }
        if (size > 0) fs.truncateSync(file, 0);
    } finally {
        fs.closeSync(fd);
    }
}

/**
 * Truncates a CSV file after its last whole record. A quoted field may hold line breaks (RFC 4180), so the
 * end of a record is a line break outside quotes: the file is read through once, tracking the quotes.
 */
function cutPartialCsvRecord(file: string): void {
    const fd = fs.openSync(file, 'r');
    let recordEnd = 0, quoted = false, at = 0, n: number;
    const buf = Buffer.alloc(1 << 20);
    try {
        while ((n = fs.readSync(fd, buf, 0, buf.length, null)) > 0) {
            for (let i = 0; i < n; i++) {
                const c = buf[i];
                if (c === 34) quoted = !quoted;
                else if (c === 10 && !quoted) recordEnd = at + i + 1;
            }
            at += n;
        }
    } finally {
        fs.closeSync(fd);
    }
    if (recordEnd < at) fs.truncateSync(file, recordEnd);
}

/** Records of the input: objects with id, latitude, longitude; {error} for one that cannot be read. */
async function* readRecords(file: string, format: string): AsyncGenerator<Record<string, unknown>> {
    if (format === 'ndjson') {
        const lines = readline.createInterface({input: fs.createReadStream(file), crlfDelay: Infinity});
        let n = 0;
        for await (let line of lines) {
            n++;
            // A byte-order mark (editors on Windows write one) is not part of listing 1.
            if (n === 1 && line.charCodeAt(0) === 0xfeff) line = line.slice(1);
            if (line.trim() === '') continue;
            let record: unknown;
            try {
                record = JSON.parse(line);
            } catch {
                yield {error: `Line ${n} is not JSON.`};
                continue;
            }
            if (record === null || typeof record !== 'object' || Array.isArray(record)) yield {error: `Line ${n} is not a JSON object.`};
            else yield record as Record<string, unknown>;
        }
        return;
    }
    const skipped: string[] = [];
    const parser = fs.createReadStream(file).pipe(parseCsv({
        columns: (header: string[]) => {
            const names = header.map((h) => h.trim().toLowerCase());
            for (const need of ['id', 'latitude', 'longitude']) {
                if (!names.includes(need)) throw new Error(`${file}: the header has no '${need}' column (it needs id, latitude, longitude)`);
            }
            return names;
        },
        bom: true, trim: true, skip_empty_lines: true, relax_column_count: true, skip_records_with_error: true,
        on_skip: (err) => {
            skipped.push(`A row cannot be read as CSV: ${err?.message ?? 'malformed'}.`);
            return undefined;
        }
    }));
    for await (const record of parser) {
        while (skipped.length) yield {error: skipped.shift()};
        yield record as Record<string, unknown>;
    }
    while (skipped.length) yield {error: skipped.shift()};
}

/** Records in the input, for the progress bar (lines; the CSV header and blank lines left out). */
function countRecords(file: string, format: string): number {
    const fd = fs.openSync(file, 'r');
    const buf = Buffer.alloc(1 << 20);
    let lines = 0, last = 10, n: number;
    try {
        while ((n = fs.readSync(fd, buf, 0, buf.length, null)) > 0) {
            for (let i = 0; i < n; i++) {
                if (buf[i] === 10 && last !== 10) lines++;
                last = buf[i];
            }
        }
    } finally {
        fs.closeSync(fd);
    }
    if (last !== 10) lines++;
    return Math.max(0, format === 'csv' ? lines - 1 : lines);
}

/** Whether two paths name one file (links and relative paths included). */
function sameFile(a: string, b: string): boolean {
    if (a === b) return true;
    try {
        const sa = fs.statSync(a), sb = fs.statSync(b);
        return sa.dev === sb.dev && sa.ino === sb.ino;
    } catch {
        return false;
    }
}

/**
 * Holds the output for this run (OUTPUT.lock, made with O_EXCL, naming this process): a second run on the
 * same output would score every listing again beside this one. A lock whose process is gone (a killed
 * run) is taken over. Returns its release.
 */
function lockOutput(output: string): () => void {
    const lock = `${output}.lock`;
    const me = `${process.pid} ${os.hostname()} ${new Date().toISOString()}\n`;
    for (let attempt = 0; ; attempt++) {
        try {
            fs.writeFileSync(lock, me, {flag: 'wx'});
            break;
        } catch (err) {
            if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
            const [pid, host, since] = fs.readFileSync(lock, 'utf8').trim().split(' ');
            if (host === os.hostname() && !alive(Number(pid))) {
                fs.rmSync(lock, {force: true});
                continue;
            }
            throw new UsageError(`${output} is being written by another run (process ${pid} on ${host}, since ${since}): wait for it, or delete ${lock} if that run is gone`);
        }
    }
    let held = true;
    return () => {
        if (held) fs.rmSync(lock, {force: true});
        held = false;
    };
}

function alive(pid: number): boolean {
    if (!Number.isInteger(pid) || pid <= 0) return false;
    try {
        process.kill(pid, 0);
        return true;
    } catch (err) {
        return (err as NodeJS.ErrnoException).code === 'EPERM';
    }
}

function eta(seconds: number): string {
    if (!Number.isFinite(seconds)) return '-';
    const s = Math.round(seconds);
    return s < 60 ? `${s} s` : s < 3600 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/** Appends whole lines: buffered, written when the buffer is large or old, fsynced now and then. */
class LineWriter {
    private buffer: string[] = [];
    private bytes = 0;
    private lastSync = performance.now();
    private lastWrite = performance.now();

    constructor(readonly fd: number) {}

    add(line: string): void {
        this.buffer.push(line, '\n');
        this.bytes += line.length + 1;
        const now = performance.now();
        if (this.bytes >= FLUSH_BYTES || now - this.lastWrite > 200) this.flush();
        if (now - this.lastSync > FSYNC_MS) {
            fs.fsyncSync(this.fd);
            this.lastSync = now;
        }
    }

    /** One write per flush: lines only ever reach the file whole (bar a crash inside this write, cut off at the next start). */
    flush(): void {
        if (this.buffer.length === 0) return;
        fs.writeSync(this.fd, this.buffer.join(''));
        this.buffer = [];
        this.bytes = 0;
        this.lastWrite = performance.now();
    }

    close(): void {
        this.flush();
        fs.fsyncSync(this.fd);
        fs.closeSync(this.fd);
    }
}

/**
 * Test hook (QUARTIER_ENRICH_KILL_AFTER=n): the process kills itself hard once n records are in the
 * output, as a crash or `kill -9` would; with QUARTIER_ENRICH_KILL_PARTIAL=1 it first writes half of
 * one more line, as a crash inside a write could.
 */
function killForTest(writer: LineWriter, last: BulkResult): void {
    writer.flush();
    if (process.env.QUARTIER_ENRICH_KILL_PARTIAL === '1') fs.writeSync(writer.fd, ndjsonLine(last).slice(0, 20));
    process.kill(process.pid, 'SIGKILL');
}
