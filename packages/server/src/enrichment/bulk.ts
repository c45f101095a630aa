// Bulk enrichment, shared by `quartier enrich` and POST /enrichment/batch: listings checked one by
// one (a bad one becomes an error record, the run goes on), the good ones enriched by the worker pool
// in chunks (one message per chunk, documents written on the workers), results in input order. The
// output lines (NDJSON, CSV) are written by answers/enrichment-batch-answer.ts.
//
// Listings are read a window at a time and sent in the order of a Hilbert curve over the window's
// box: a worker then scores neighbours one after the other, whose searches touch the same part of
// the graph and timetable (in its caches) and often the same places (the sweeps' selections and the
// egress walks kept from the listing before). A listing's answer does not depend on the order.
import type {Region} from '@quartier/engine';
import {hilbert16} from '@quartier/engine/internal';
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
    /** Listings read ahead and sent in spatial order (1: in input order); results still come in input order. */
    window?: number;
    /** Taken before a chunk is sent and released after: shares the pool between batches. */
    gate?: Gate;
    /** Stops sending chunks (what is under way still comes back). */
    signal?: AbortSignal;
}

/** Enriches listings in input order: yields one result per listing read, errors included. */
export async function* enrichListings(pool: WorkerPool, region: Region, language: string, listings: AsyncIterable<Listing> | Iterable<Listing>,
    options: BulkOptions): AsyncGenerator<BulkResult> {
    // A task's time limit runs from when it is sent: not while the workers still load and warm up (public transport's
    // stop profiles among it; seconds on a loaded machine), which would fail the first chunks of a new pool.
    await pool.allStarted();
    const windowSize = Math.max(1, options.window ?? 1);
    const queue: Promise<void>[] = [];
    // Results by their listing's place in the input (from 0), kept until every listing before them is out.
    const ready = new Map<number, BulkResult>();
    let read = 0, yielded = 0;
    let window: Listing[] = [];
    function* inOrder(): Generator<BulkResult> {
        for (let r = ready.get(yielded); r !== undefined; r = ready.get(yielded)) {
            ready.delete(yielded++);
            yield r;
        }
    }
    const sendWindow = async function* (): AsyncGenerator<BulkResult> {
        const first = read - window.length, order = spatialOrder(window);
        for (let at = 0; at < order.length && !options.signal?.aborted; at += options.chunkSize) {
            const part = order.subarray(at, at + options.chunkSize);
            queue.push(runChunk(pool, region, language, Array.from(part, (i) => window[i]), options.gate).then((results) => {
                for (let k = 0; k < part.length; k++) ready.set(first + part[k], results[k]);
            }));
            while (queue.length >= options.inFlight) {
                await queue.shift();
                yield* inOrder();
            }
        }
        window = [];
    };
    for await (const listing of listings) {
        if (options.signal?.aborted) break;
        window.push(listing);
        read++;
        if (window.length >= windowSize) yield* sendWindow();
    }
    if (window.length && !options.signal?.aborted) yield* sendWindow();
    while (queue.length) {
        await queue.shift();
        yield* inOrder();
    }
}

/** The window's listings by their place on a Hilbert curve over the box of their positions; those that cannot be scored last. */
function spatialOrder(listings: Listing[]): Uint32Array {
    const order = Uint32Array.from(listings, (_, i) => i);
    if (listings.length < 3) return order;
    let minLat = Infinity, maxLat = -Infinity, minLon = Infinity, maxLon = -Infinity;
    for (const l of listings) {
        if (l.error !== undefined) continue;
        minLat = Math.min(minLat, l.lat);
        maxLat = Math.max(maxLat, l.lat);
        minLon = Math.min(minLon, l.lon);
        maxLon = Math.max(maxLon, l.lon);
    }
    const sx = 65535 / Math.max(maxLon - minLon, 1e-9), sy = 65535 / Math.max(maxLat - minLat, 1e-9);
    const keys = Float64Array.from(listings, (l) => (l.error !== undefined ? Infinity
        : hilbert16(Math.floor((l.lon - minLon) * sx), Math.floor((l.lat - minLat) * sy))));
    // Equal keys keep their input order (the sort is stable).
    return order.sort((a, b) => keys[a] - keys[b]);
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
