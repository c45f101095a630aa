// POST /enrichment/batch: up to MAX_BATCH_LISTINGS listings (a JSON array or NDJSON of {id, latitude,
// longitude}) answered as NDJSON streamed in input order, one line per listing: its enrichment
// document with its id, or {"id", "error"} (with "retry": true when the engine failed, not the listing).
// Backend keys only. Batches share the workers with interactive requests: their chunks are small and
// at most half the workers' worth run at once across all batches, so an interactive task waits behind
// at most one short chunk per worker, never a whole batch.
import {once} from 'node:events';
import type {Transform} from 'node:stream';
import zlib from 'node:zlib';
import type {Express, Request} from 'express';
import {Gate, enrichListings, readListing} from '../enrichment/bulk.js';
import {ndjsonLine} from '../answers/enrichment-batch-answer.js';
import type {Guard} from '../http/request-contract.js';
import {HttpError, badRequest} from '../http/errors.js';
import {optionalString} from '../http/params.js';

export const MAX_BATCH_LISTINGS = 10000;
/** Bytes a batch body may have: 10,000 listings of about 100 bytes, with room. */
export const MAX_BATCH_BYTES = 2 * 1024 * 1024;
/** Listings per pool task: a chunk takes a few tens of ms, what an interactive request may wait behind. */
const BATCH_CHUNK = 8;

export function enrichmentBatchRoutes(app: Express, guard: Guard, workers: number): void {
    const gate = new Gate(Math.max(1, Math.floor(workers / 2)));
    app.post('/enrichment/batch', guard('backend', async (ctx, req, res) => {
        const region = ctx.region;
        const languages = region.country.languages;
        const requested = optionalString(ctx.query, 'language');
        const language = requested === undefined ? 'EN' : requested.toUpperCase();
        if (!languages.includes(language)) throw badRequest(`Language '${requested!.slice(0, 10)}' is not served in ${ctx.country}: use one of ${languages.join(', ')}.`);
        if (!ctx.pool) throw new HttpError(503, 'The routing engine is not running.');
        const records = parseBody(await readBody(req));
        const abort = new AbortController();
        res.on('close', () => abort.abort());
        res.status(200).type('application/x-ndjson');
        const listings = records.map((r, i) => (r === null
            ? {id: null, record: i + 1, lat: NaN, lon: NaN, error: `Listing ${i + 1} is not a JSON object with id, latitude and longitude.`}
            : readListing(r, i + 1, region)));
        for await (const result of enrichListings(ctx.pool, region, language, listings, {chunkSize: BATCH_CHUNK, inFlight: 2, gate, signal: abort.signal})) {
            if (abort.signal.aborted) break;
            // Backpressure: a slow reader holds the batch, not the server's memory; a reader gone ends it.
            if (!res.write(`${ndjsonLine(result)}\n`)) {
                try {
                    await once(res, 'drain', {signal: abort.signal});
                } catch {
                    break;
                }
            }
        }
        res.end();
    }));
}

/** Content encodings a batch body may have (as /matrix's JSON body); the inflated body is bounded too. */
const DECODERS: Record<string, (() => Transform) | null> = {
    identity: null, gzip: () => zlib.createGunzip(), 'x-gzip': () => zlib.createGunzip(), deflate: () => zlib.createInflate(), br: () => zlib.createBrotliDecompress()
};

/** The body as text (inflated when it is compressed), refused past MAX_BATCH_BYTES. */
async function readBody(req: Request): Promise<string> {
    const encoding = String(req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
    if (!Object.hasOwn(DECODERS, encoding)) {
        throw new HttpError(415, `Content-Encoding '${encoding.slice(0, 20)}' is not supported: send the batch as is, or gzip, deflate or br.`);
    }
    const decoder = DECODERS[encoding];
    const source: AsyncIterable<Buffer> = decoder ? req.pipe(decoder()) : req;
    const chunks: Buffer[] = [];
    let bytes = 0;
    try {
        for await (const chunk of source) {
            bytes += chunk.length;
            if (bytes > MAX_BATCH_BYTES) throw new HttpError(413, `The batch body is larger than ${MAX_BATCH_BYTES / 1048576} MB${decoder ? ' once inflated' : ''}: send at most ${MAX_BATCH_LISTINGS.toLocaleString('en')} listings per request.`);
            chunks.push(chunk);
        }
    } catch (err) {
        if (err instanceof HttpError) throw err;
        // The client went away mid-upload: nobody to answer, nothing to log as our fault.
        if (req.readableAborted || !decoder) throw new HttpError(400, 'The batch upload was interrupted.');
        throw badRequest(`The batch body is not valid ${encoding} data (${(err as Error).message}).`);
    }
    return Buffer.concat(chunks).toString('utf8');
}

/** Listings from a JSON array or NDJSON; null for an entry that is not an object. */
function parseBody(text: string): (Record<string, unknown> | null)[] {
    const trimmed = text.trim();
    if (trimmed === '') throw badRequest('The batch is empty: send a JSON array or NDJSON of {"id", "latitude", "longitude"}.');
    let records: unknown[];
    if (trimmed.startsWith('[')) {
        try {
            records = JSON.parse(trimmed) as unknown[];
        } catch (err) {
            throw badRequest(`The batch is not valid JSON: ${(err as Error).message}`);
        }
    } else {
        records = [];
        const lines = trimmed.split('\n');
        for (let i = 0; i < lines.length; i++) {
            if (lines[i].trim() === '') continue;
            try {
                records.push(JSON.parse(lines[i]));
            } catch {
                throw badRequest(`Line ${i + 1} of the batch is not JSON: send a JSON array or one JSON object per line (NDJSON).`);
            }
        }
    }
    if (records.length === 0) throw badRequest('The batch is empty: send a JSON array or NDJSON of {"id", "latitude", "longitude"}.');
    if (records.length > MAX_BATCH_LISTINGS) {
        throw badRequest(`The batch has ${records.length.toLocaleString('en')} listings; at most ${MAX_BATCH_LISTINGS.toLocaleString('en')} per request (quartier enrich scores files of any size).`);
    }
    return records.map((r) => (r !== null && typeof r === 'object' && !Array.isArray(r) ? r as Record<string, unknown> : null));
}
