// Licence keys: who may call what (SPEC §5, COMPAT.md). Keys are compared through their
// SHA-256 digests with a constant-time comparison, and never written to a log.
import crypto from 'node:crypto';
import fs from 'node:fs';
import {HttpError} from './errors.js';

export interface KeyEntry {
    key: string;
    kind: 'backend' | 'frontend';
    countries: string[];
    domains?: string[];
    appIds?: string[];
    /**
     * Requests per second allowed for this key (token bucket). Default: DEFAULT_RATE for a frontend
     * key; none for a backend key (a portal scoring its listings is not throttled unless its entry says so).
     */
    ratePerSecond?: number;
    burst?: number;
    name?: string;
    /**
     * Who the key belongs to: a portal gives its frontend and backend keys the same owner to share what is
     * kept per owner (favourite addresses). A key without one is its own owner.
     */
    owner?: string;
}

/** Owner names: a non-empty string of at most this many characters. */
export const MAX_OWNER_LENGTH = 100;

/** Requests per second of a frontend key whose entry sets no rate. */
export const DEFAULT_RATE = 50;
/** The committed development key: a production server refuses to start with it. */
export const DEVELOPMENT_KEY_MARK = 'quartier-dev-';

/** A key's entry as a request learns it: with the id of its owner (see ownerId). */
export type CheckedKey = KeyEntry & {ownerId: string};

interface KeyRecord {
    entry: CheckedKey;
    digest: Buffer;
    countries: Set<string> | null;
    /** Its token bucket's index. */
    bucket: number;
}

/** What an HTTP thread needs to check keys as the main thread does: the entries, the rate buckets they share. */
export interface SharedKeys {
    entries: KeyEntry[];
    source: string;
    buckets: SharedArrayBuffer;
}

export type Access = 'any' | 'backend';

export class KeyStore {
    private readonly byDigest = new Map<string, KeyRecord>();
    private readonly buckets: RateBuckets;
    readonly usesDevelopmentKeys: boolean;

    /**
     * `now`: the clock of the rate buckets (ms); a test passes a still one. `buckets`: those of another thread's
     * store of the same entries (KeyStore.shared), whose rates this one's requests then count against.
     */
    constructor(private readonly entries: KeyEntry[], private readonly source = 'keys file', private readonly now: () => number = Date.now,
        buckets?: SharedArrayBuffer) {
        if (!Array.isArray(entries)) throw new Error(`${source}: expected a JSON array of keys`);
        let dev = false;
        entries.forEach((entry, i) => {
            const where = `${source}: entry ${i}`;
            if (typeof entry.key !== 'string' || entry.key.length < 8) throw new Error(`${where}: "key" must be a string of at least 8 characters`);
            if (entry.kind !== 'backend' && entry.kind !== 'frontend') throw new Error(`${where}: "kind" must be "backend" or "frontend"`);
            if (!Array.isArray(entry.countries) || entry.countries.length === 0) throw new Error(`${where}: "countries" must be a non-empty array (["*"] for all)`);
            if (entry.kind === 'frontend' && !(entry.domains?.length || entry.appIds?.length)) {
                throw new Error(`${where}: a frontend key needs "domains" (web) or "appIds" (mobile)`);
            }
            if (entry.key.startsWith(DEVELOPMENT_KEY_MARK)) dev = true;
            const digest = sha256(entry.key);
            const countries = entry.countries.includes('*') ? null : new Set(entry.countries.map((c) => c.toUpperCase()));
            if (entry.ratePerSecond !== undefined && !(typeof entry.ratePerSecond === 'number' && entry.ratePerSecond > 0)) {
                throw new Error(`${where}: "ratePerSecond" must be a positive number`);
            }
            if (entry.owner !== undefined && !(typeof entry.owner === 'string' && entry.owner.trim() !== '' && entry.owner.length <= MAX_OWNER_LENGTH)) {
                throw new Error(`${where}: "owner" must be a non-empty string of at most ${MAX_OWNER_LENGTH} characters`);
            }
            this.byDigest.set(digest.toString('hex'), {entry: {...entry, ownerId: ownerId(entry.owner, digest)}, digest, countries, bucket: i});
        });
        this.usesDevelopmentKeys = dev;
        this.buckets = new RateBuckets(entries.length, (i) => burstOf(entries[i]), now(), buckets);
    }

    /** Its entries and rate buckets, for a store on another thread (new KeyStore(...)) that counts against the same rates. */
    get shared(): SharedKeys {
        return {entries: this.entries, source: this.source, buckets: this.buckets.buffer};
    }

    static fromShared(keys: SharedKeys): KeyStore {
        return new KeyStore(keys.entries, keys.source, Date.now, keys.buckets);
    }

    static fromFile(file: string): KeyStore {
        let text: string;
        try {
            text = fs.readFileSync(file, 'utf8');
        } catch (err) {
            throw new Error(`cannot read the keys file ${file}: ${(err as Error).message}. Set QUARTIER_KEYS to a JSON file (see config/keys.example.json).`);
        }
        let entries: KeyEntry[];
        try {
            entries = JSON.parse(text);
        } catch (err) {
            throw new Error(`the keys file ${file} is not valid JSON: ${(err as Error).message}`);
        }
        return new KeyStore(entries, file);
    }

    /**
     * Checks a request's key for a country and an endpoint's access level; throws the 401/403/429
     * the client should see. Returns the key's entry and its owner id.
     */
    check(presented: string | undefined, country: string, access: Access, origin: RequestOrigin): CheckedKey {
        if (presented === undefined || presented === '') {
            throw new HttpError(401, 'Missing licence key: send it in the LicenseKey header (or the licenseKey query parameter).');
        }
        const digest = sha256(presented);
        const record = this.byDigest.get(digest.toString('hex'));
        if (!record || !crypto.timingSafeEqual(record.digest, digest)) throw new HttpError(401, 'Unknown licence key.');
        const entry = record.entry;
        if (entry.kind === 'backend' && origin.browser) throw new HttpError(403, BACKEND_KEY_IN_BROWSER);
        if (record.countries !== null && !record.countries.has(country)) {
            throw new HttpError(403, `Your account is authorized to access to the following countries: ${[...record.countries].join(', ')}.`);
        }
        if (entry.kind === 'frontend') {
            if (access === 'backend') throw new HttpError(403, 'This endpoint needs a backend key; frontend (domain or app) keys are refused here.');
            checkFrontendOrigin(entry, origin);
        }
        this.take(record);
        return entry;
    }

    /** A frontend key tied to this web host (for the playground page opened there), or null. */
    frontendKeyFor(host: string): string | null {
        for (const {entry} of this.byDigest.values()) {
            if (entry.kind === 'frontend' && domainMatches(entry.domains, host)) return entry.key;
        }
        return null;
    }

    private take(record: KeyRecord): void {
        const rate = rateOf(record.entry);
        if (rate === null) return;
        const missing = this.buckets.take(record.bucket, rate, burstOf(record.entry), this.now());
        if (missing > 0) {
            const wait = Math.max(1, Math.ceil(missing / rate));
            throw new HttpError(429, `Too many requests for this key (at most ${rate} per second); retry after ${wait} s.`, {'Retry-After': String(wait)});
        }
    }
}

export interface RequestOrigin {
    /** Host of the Origin or Referer header, lower-case, when present. */
    webHost?: string;
    /** X-Service-App-Id or X-Yatmo-App-Id, when present. */
    appId?: string;
    /** The request comes from a web page: it has an Origin (any value) or a Sec-Fetch-Site header. */
    browser?: boolean;
}

/** SPEC §5.6: the answer to a backend key sent by a browser. */
export const BACKEND_KEY_IN_BROWSER = 'A backend key must never reach a browser: this request comes from a web page (it has an Origin '
    + 'or Sec-Fetch-Site header), where anyone can read the key. Call with the backend key from your server, '
    + 'or use a frontend key tied to your domain in the page.';

function checkFrontendOrigin(entry: KeyEntry, origin: RequestOrigin): void {
    if (origin.appId !== undefined) {
        if (entry.appIds?.includes(origin.appId)) return;
        throw new HttpError(403, `The application id '${origin.appId.slice(0, 60)}' is not registered for this key.`);
    }
    if (origin.webHost !== undefined && entry.domains?.length) {
        const host = origin.webHost;
        if (domainMatches(entry.domains, host)) return;
        throw new HttpError(403, `This key is tied to another domain than '${host.slice(0, 100)}'.`);
    }
    throw new HttpError(403, entry.domains?.length
        ? 'This key is tied to a web domain: the request must come from a page of that domain (Origin or Referer header).'
        : 'This key is tied to mobile applications: send the X-Service-App-Id header.');
}

/** Whether a web host is one of a key's domains or a sub-domain of one. */
function domainMatches(domains: string[] | undefined, host: string): boolean {
    return domains?.some((d) => host === d.toLowerCase() || host.endsWith(`.${d.toLowerCase()}`)) ?? false;
}

/** The tokens of a key's full bucket (0: unlimited). */
function burstOf(entry: KeyEntry): number {
    const rate = rateOf(entry);
    return rate === null ? 0 : entry.burst ?? 2 * rate;
}

/** The key's requests per second, null when unlimited (a backend key without a rate). */
function rateOf(entry: KeyEntry): number | null {
    return entry.ratePerSecond ?? (entry.kind === 'backend' ? null : DEFAULT_RATE);
}

/**
 * The id of what a key owns: its `owner`, or for a key without one an id derived from the key's SHA-256
 * digest (never the key itself, which must not reach a store or a log).
 */
function ownerId(owner: string | undefined, digest: Buffer): string {
    return owner !== undefined ? `owner:${owner}` : `key:${crypto.createHash('sha256').update(digest).digest('hex').slice(0, 32)}`;
}

function sha256(s: string): Buffer {
    return crypto.hash('sha256', s, 'buffer');
}

// The keys' token buckets in one SharedArrayBuffer: the main thread makes it and every HTTP thread takes the same
// (KeyStore.shared), so a key's rate is the server's, not each thread's. Bucket i is two float64s (tokens, refilled
// at, in ms) guarded by int32 lock i; a take holds its lock for a few arithmetic operations.
const SLOT_BYTES = 16;
const LOCK_BYTES = 4;

class RateBuckets {
    readonly buffer: SharedArrayBuffer;
    private readonly state: Float64Array;
    private readonly locks: Int32Array;

    /** `count` buckets, full at `full[i]` tokens as of `now`; or, given `buffer`, the buckets another thread made. */
    constructor(count: number, full: (i: number) => number, now: number, buffer?: SharedArrayBuffer) {
        this.buffer = buffer ?? new SharedArrayBuffer(count * (SLOT_BYTES + LOCK_BYTES));
        this.state = new Float64Array(this.buffer, 0, count * 2);
        this.locks = new Int32Array(this.buffer, count * SLOT_BYTES, count);
        if (buffer) return;
        for (let i = 0; i < count; i++) {
            this.state[2 * i] = full(i);
            this.state[2 * i + 1] = now;
        }
    }

    /**
     * Refills bucket i at `rate` tokens a second up to `burst`, then takes a token if there is one. Returns 0 when
     * taken, else the tokens missing.
     */
    take(i: number, rate: number, burst: number, now: number): number {
        // Spun, not waited on: the holder is a few operations from letting go (a thread descheduled meanwhile is rare).
        while (Atomics.compareExchange(this.locks, i, 0, 1) !== 0);
        try {
            // Another thread may have refilled at a later `now` than this one's.
            const last = this.state[2 * i + 1];
            const tokens = Math.min(burst, this.state[2 * i] + (Math.max(0, now - last) / 1000) * rate);
            this.state[2 * i + 1] = Math.max(now, last);
            if (tokens < 1) {
                this.state[2 * i] = tokens;
                return 1 - tokens;
            }
            this.state[2 * i] = tokens - 1;
            return 0;
        } finally {
            Atomics.store(this.locks, i, 0);
        }
    }
}
