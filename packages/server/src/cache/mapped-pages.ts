// How much of the answers cache's data file this process keeps mapped. LMDB reads through a memory map, and a page
// fault maps the pages around it that the kernel already holds (fault-around, 64 KiB), so the pages a server has
// mapped grow with what its lookups reach, towards the whole file (up to the cache's bound, 1 GiB by default): 90
// MiB over 100,000 fuzzed requests. They are file pages the kernel can take back, but they count in the RSS.
// Every CHECK_EVERY operations, the process's resident file pages (RssFile: code, libraries and this file) are
// compared with what they were when the file was last opened; beyond the bound, the cache maps its file afresh
// (cache.ts, remapSoon), which takes the pages out of the RSS (they stay in the kernel's page cache). Where /proc
// is not there (not Linux), nothing is measured and the file stays mapped.
import fs from 'node:fs';

const CHECK_EVERY = 32;

export class MappedPages {
    /** How many times the file was mapped afresh. */
    remaps = 0;
    private operations = 0;
    private base: number | null;

    constructor(private readonly maxBytes: number) {
        this.base = residentFileBytes();
    }

    /** Counts an operation; every CHECK_EVERY, whether the file pages mapped since the last opening exceed the bound. */
    tooMany(): boolean {
        if (++this.operations < CHECK_EVERY || this.base === null) return false;
        this.operations = 0;
        const now = residentFileBytes();
        return now !== null && now - this.base > this.maxBytes;
    }

    /** The file was mapped afresh: what is resident now is the new base. */
    remapped(): void {
        this.remaps++;
        this.operations = 0;
        this.base = residentFileBytes();
    }
}

/** This process's resident file-backed memory (bytes), or null where /proc/self/status cannot tell. */
function residentFileBytes(): number | null {
    try {
        const m = /RssFile:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
        return m ? Number(m[1]) * 1024 : null;
    } catch {
        return null;
    }
}
