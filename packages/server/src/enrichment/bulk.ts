// Bulk enrichment, shared by `quartier enrich` and POST /enrichment/batch: listings checked one by
// one (a bad one becomes an error record, the run goes on), the good ones enriched by the worker pool
// in chunks (one message per chunk, documents formatted on the workers), results in input order.
import type {Region} from '@quartier/engine';
import {loadCategories} from '@quartier/engine/internal';
import {HttpError} from '../http/errors.js';
import {parseLatitude, parseLongitude} from '../http/params.js';
import type {WorkerPool} from '../workers/pool.js';
import {requireCovered} from '../http/position.js';
import type {EnrichmentBatchResult} from '../workers/tasks.js';

/** A listing as read: its id and position, or why it cannot be scored. */
export interface Listing {
    /** As given (string or number); null when the record has none. */
    id: string | number | null;
    /** Its place in the input, 1 for the first listing (what names a listing without an id). */
    record: number;
    lat: number;
    lon: number;
    /** Set when the listing cannot be scored. */
    error?: string;
}

/** One listing's outcome: the enrichment document as JSON text, or the reason it has none. */
export interface BulkResult {
    id: string | number | null;
    record: number;
    document: string | null;
    error: string | null;
    /** The engine failed (a crashed worker, the time limit), not the listing: worth trying again. */
    retry: boolean;
}

/** Checks a record's id and position against the region; a listing with `error` set when it cannot be scored. */
export function readListing(record: Record<string, unknown>, at: number, region: Region): Listing {
    const rawId = record.id;
    const id = typeof rawId === 'number' && Number.isFinite(rawId) ? rawId : typeof rawId === 'string' && rawId.trim() !== '' ? rawId : null;
    const listing: Listing = {id, record: at, lat: NaN, lon: NaN};
    try {
        if (id === null) throw new HttpError(400, 'The listing has no id (a non-empty string or a number).');
        listing.lat = parseLatitude(text(record.latitude), 'latitude');
        listing.lon = parseLongitude(text(record.longitude), 'longitude');
        requireCovered(region, listing.lat, listing.lon);
    } catch (err) {
        listing.error = (err as Error).message;
    }
    return listing;
}

function text(v: unknown): string {
    return v === undefined || v === null ? '' : String(v);
}

export interface BulkOptions {
    /** Listings per pool task. */
    chunkSize: number;
    /** Chunks computing at once (their own); more wait here, not in the pool's queue. */
    inFlight: number;
    /** Taken before a chunk is sent and released after: shares the pool between batches. */
    gate?: Gate;
    /** Stops sending chunks (what is under way still comes back). */
    signal?: AbortSignal;
}

/** Enriches listings in input order: yields one result per listing read, errors included. */
export async function* enrichListings(pool: WorkerPool, region: Region, language: string, listings: AsyncIterable<Listing> | Iterable<Listing>,
    options: BulkOptions): AsyncGenerator<BulkResult> {
    const queue: Promise<BulkResult[]>[] = [];
    let chunk: Listing[] = [];
    const send = () => {
        queue.push(runChunk(pool, region, language, chunk, options.gate));
        chunk = [];
    };
    for await (const listing of listings) {
        if (options.signal?.aborted) break;
        chunk.push(listing);
        if (chunk.length >= options.chunkSize) send();
        while (queue.length >= options.inFlight) yield* await queue.shift()!;
    }
    if (chunk.length && !options.signal?.aborted) send();
    while (queue.length) yield* await queue.shift()!;
}

async function runChunk(pool: WorkerPool, region: Region, language: string, listings: Listing[], gate: Gate | undefined): Promise<BulkResult[]> {
    const results: BulkResult[] = listings.map((l) => ({id: l.id, record: l.record, document: null, error: l.error ?? null, retry: false}));
    const positions: number[] = [], at: number[] = [];
    listings.forEach((l, i) => {
        if (l.error !== undefined) return;
        positions.push(l.lat, l.lon);
        at.push(i);
    });
    if (at.length === 0) return results;
    if (gate) await gate.take();
    try {
        const done = await pool.run<EnrichmentBatchResult>({type: 'enrichment-batch', country: region.country.code, language, positions});
        at.forEach((i, k) => {
            results[i].document = done.documents[k];
            results[i].error = done.errors[k];
        });
    } catch (err) {
        // The chunk's listings fail with the reason (a worker crash, the time limit); the run goes on.
        for (const i of at) {
            results[i].error = (err as Error).message;
            results[i].retry = true;
        }
    } finally {
        gate?.release();
    }
    return results;
}

/** A counting semaphore: at most `size` holders; later takers wait in order. */
export class Gate {
    private held = 0;
    private readonly waiting: (() => void)[] = [];

    constructor(readonly size: number) {}

    take(): Promise<void> {
        if (this.held < this.size) {
            this.held++;
            return Promise.resolve();
        }
        return new Promise((resolve) => this.waiting.push(resolve));
    }

    release(): void {
        const next = this.waiting.shift();
        if (next) next();
        else this.held--;
    }
}

/**
 * The NDJSON line of a result (without its newline): the document with the listing's id first, or
 * the error with the listing's place in the input (and "retry" when the engine failed, not the listing).
 */
export function ndjsonLine(r: BulkResult): string {
    const id = JSON.stringify(r.id);
    if (r.document !== null) return `{"id":${id},${r.document.slice(1)}`;
    return `{"id":${id},"record":${r.record},"error":${JSON.stringify(r.error ?? 'Not scored.')}${r.retry ? ',"retry":true' : ''}}`;
}

const TRIP_MODES = ['walking', 'bicycling', 'driving', 'transit'] as const;
const TRIP_FIELDS = ['durationSeconds', 'distanceMeters'] as const;
const PLACE_FIELDS = ['name', 'latitude', 'longitude', 'straightLineDistanceMeters'] as const;

/** Flat CSV columns of a country's enrichment: the listing, then per category its place, each mode's trip and completeness. */
export function csvColumns(country: string): string[] {
    const columns = ['id', 'record', 'error', 'latitude', 'longitude', 'dataReachMeters'];
    for (const e of loadCategories().enrichment[country] ?? []) {
        for (const f of PLACE_FIELDS) columns.push(`${e.key}.${f}`);
        for (const m of TRIP_MODES) for (const f of TRIP_FIELDS) columns.push(`${e.key}.${m}.${f}`);
        columns.push(`${e.key}.complete`);
    }
    return columns;
}

interface Document {
    latitude: number;
    longitude: number;
    dataReachMeters: number | null;
    categories: {key: string; complete: boolean; nearest: (Record<string, unknown> & Record<typeof TRIP_MODES[number], Record<string, number> | null>) | null}[];
}

/** The CSV row of a result, in csvColumns order: empty where a value is missing (never 0). One line: newlines in names become spaces. */
export function csvRow(r: BulkResult, columns: string[]): string {
    const values = new Map<string, unknown>([['id', r.id], ['record', r.record], ['error', r.error]]);
    if (r.document !== null) {
        const doc = JSON.parse(r.document) as Document;
        values.set('latitude', doc.latitude);
        values.set('longitude', doc.longitude);
        values.set('dataReachMeters', doc.dataReachMeters);
        for (const c of doc.categories) {
            values.set(`${c.key}.complete`, c.complete);
            const n = c.nearest;
            if (!n) continue;
            for (const f of PLACE_FIELDS) values.set(`${c.key}.${f}`, n[f]);
            for (const m of TRIP_MODES) for (const f of TRIP_FIELDS) values.set(`${c.key}.${m}.${f}`, n[m]?.[f]);
        }
    }
    return columns.map((c) => csvField(values.get(c))).join(',');
}

function csvField(v: unknown): string {
    if (v === null || v === undefined) return '';
    const s = String(v).replace(/[\r\n]+/g, ' ');
    return /[",]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
