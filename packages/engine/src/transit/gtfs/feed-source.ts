// Where a GTFS feed's files come from: a zip archive (inflated entry by entry with fflate, in
// chunks, so a large stop_times.txt is never held whole) or a folder of .txt files.
import fs from 'node:fs';
import path from 'node:path';
import {Unzip, UnzipInflate, UnzipPassThrough, unzipSync} from 'fflate';

const CHUNK = 1 << 20;

export interface FeedSource {
    /** The path the feed was read from. */
    readonly path: string;
    /** Whether the feed holds this file (e.g. 'stops.txt'). */
    has(name: string): boolean;
    /** Feeds the file's bytes to `onChunk`, in order. */
    read(name: string, onChunk: (chunk: Uint8Array) => void): void;
    /** Total bytes of a file (uncompressed), for progress; 0 when unknown. */
    size(name: string): number;
}

export class FeedSourceError extends Error {}

/** Opens a feed: a .zip file or a folder. */
export function openFeedSource(file: string): FeedSource {
    if (!fs.existsSync(file)) {
        throw new FeedSourceError(`GTFS feed not found: ${file}. Set QUARTIER_DATA (or --data) to the folder holding the data, or fix the region's gtfs list.`);
    }
    return fs.statSync(file).isDirectory() ? new FolderSource(file) : new ZipSource(file);
}

class FolderSource implements FeedSource {
    private readonly files = new Map<string, string>();

    constructor(readonly path: string) {
        for (const name of fs.readdirSync(path)) this.files.set(name.toLowerCase(), name);
    }

    has(name: string): boolean {
        return this.files.has(name);
    }

    size(name: string): number {
        const f = this.files.get(name);
        return f ? fs.statSync(path.join(this.path, f)).size : 0;
    }

    read(name: string, onChunk: (chunk: Uint8Array) => void): void {
        const f = this.files.get(name);
        if (!f) throw new FeedSourceError(`${this.path}: no ${name}`);
        const fd = fs.openSync(path.join(this.path, f), 'r');
        try {
            const buffer = new Uint8Array(CHUNK);
            for (;;) {
                const n = fs.readSync(fd, buffer, 0, CHUNK, null);
                if (n === 0) break;
                onChunk(buffer.subarray(0, n));
            }
        } finally {
            fs.closeSync(fd);
        }
    }
}

class ZipSource implements FeedSource {
    private readonly bytes: Uint8Array;
    /** Lower-cased base name → entry name and size; a feed zipped inside a folder is found too. */
    private readonly entries = new Map<string, {name: string; size: number; depth: number}>();

    constructor(readonly path: string) {
        this.bytes = fs.readFileSync(path);
        try {
            // The central directory lists the entries; returning false inflates none of them.
            unzipSync(this.bytes, {
                filter: (f) => {
                    if (f.name.endsWith('/')) return false;
                    const base = f.name.slice(f.name.lastIndexOf('/') + 1).toLowerCase();
                    const depth = f.name.split('/').length;
                    const known = this.entries.get(base);
                    if (!known || depth < known.depth) this.entries.set(base, {name: f.name, size: f.originalSize, depth});
                    return false;
                }
            });
        } catch (err) {
            throw new FeedSourceError(`${path}: not a readable zip archive (${(err as Error).message}). Give a GTFS .zip or a folder of .txt files.`);
        }
    }

    has(name: string): boolean {
        return this.entries.has(name);
    }

    size(name: string): number {
        return this.entries.get(name)?.size ?? 0;
    }

    read(name: string, onChunk: (chunk: Uint8Array) => void): void {
        const entry = this.entries.get(name);
        if (!entry) throw new FeedSourceError(`${this.path}: no ${name}`);
        let inflateError: Error | null = null;
        let handlerError: unknown = null;
        let found = false;
        const unzip = new Unzip((file) => {
            if (file.name !== entry.name || found) return;
            found = true;
            file.ondata = (err, chunk) => {
                if (err) inflateError = err;
                else if (handlerError === null && chunk.length > 0) {
                    try {
                        onChunk(chunk);
                    } catch (e) {
                        handlerError = e;
                    }
                }
            };
            file.start();
        });
        unzip.register(UnzipInflate);
        unzip.register(UnzipPassThrough);
        const bytes = this.bytes;
        try {
            for (let at = 0; at < bytes.length && handlerError === null && inflateError === null; at += CHUNK) {
                const end = Math.min(bytes.length, at + CHUNK);
                unzip.push(bytes.subarray(at, end), end === bytes.length);
            }
        } catch (err) {
            inflateError = err as Error;
        }
        // A parse error of the file's content is the caller's to report as it is.
        if (handlerError !== null) throw handlerError;
        if (inflateError !== null) {
            throw new FeedSourceError(`${this.path}: ${name} cannot be inflated (${(inflateError as Error).message}); the archive looks damaged.`);
        }
        if (!found) throw new FeedSourceError(`${this.path}: ${name} is listed but could not be read; the archive looks damaged.`);
    }
}
