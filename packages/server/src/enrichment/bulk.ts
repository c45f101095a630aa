// Bulk enrichment, shared by `quartier enrich` and POST /enrichment/batch: listings checked one by
// one (a bad one becomes an error record, the run goes on), the good ones enriched by the worker pool
// in chunks (one message per chunk, documents written on the workers), results in input order. The
// output lines (NDJSON, CSV) are written by answers/enrichment-batch-answer.ts.
import type {Region} from '@quartier/engine';
import {HttpError} from '../http/errors.js';
import {coordinateText, parseLatitude, parseLongitude} from '../http/params.js';
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
        listing.lat = parseLatitude(coordinateText(record.latitude, 'latitude'), 'latitude');
        listing.lon = parseLongitude(coordinateText(record.longitude, 'longitude'), 'longitude');
        requireCovered(region, listing.lat, listing.lon);
    } catch (err) {
        listing.error = (err as Error).message;
    }
    return listing;
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
