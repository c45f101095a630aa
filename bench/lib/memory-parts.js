// The server's resident memory by part, read from outside: /proc/PID/smaps (file mappings: the LMDB
// answers cache, code and libraries; anonymous memory: everything allocated), the sections' bytes
// (read once into shared memory, resident whole) and the main thread's V8 heap from /metrics.
// The worker threads' heaps, their typed arrays and the render threads' decoded tiles are what the threads
// report (quartier_thread_memory_bytes); the rest of the anonymous memory (allocator arenas' free and
// fragmented pages, thread stacks, native memory no heap accounts for) is given as what is left.
import fs from 'node:fs';

/** Rss (MiB) of the mappings of a process, grouped: lmdb (*.mdb), files (others), anonymous, and per anonymous mapping size class. */
export function smapsParts(pid) {
    const parts = {lmdb: 0, files: 0, anonymous: 0, arenas: 0, threads: 0};
    let path = '', sizeKb = 0;
    for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
        const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
        if (head) {
            path = head[1];
            continue;
        }
        if (line.startsWith('Size:')) sizeKb = Number(line.split(/\s+/)[1]);
        if (!line.startsWith('Rss:')) continue;
        const mb = Number(line.split(/\s+/)[1]) / 1024;
        if (path.endsWith('.mdb')) parts.lmdb += mb;
        else if (path.startsWith('/')) parts.files += mb;
        else {
            parts.anonymous += mb;
            // glibc's per-thread malloc arenas are reserved 64 MiB at a time (a used part and a ---p rest).
            if (sizeKb <= 65536 && sizeKb > 8192) parts.arenas += mb;
        }
    }
    parts.threads = Number(/Threads:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
    return parts;
}

export const rssMB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** A Prometheus metric's value (the first sample, or the one with exactly these `labels`: 'a="x",b="y"'), or NaN. */
export function metricValue(text, name, labels = null) {
    const labelPart = labels === null ? '(?:\\{[^}]*\\})?' : `\\{${labels}\\}`;
    const m = new RegExp(`^${name}${labelPart} ([0-9.e+-]+)$`, 'm').exec(text);
    return m ? Number(m[1]) : NaN;
}

/** A quartier_thread_memory_bytes sample (MiB), 0 when absent. */
function threadMB(text, pool, kind) {
    return (metricValue(text, 'quartier_thread_memory_bytes', `pool="${pool}",kind="${kind}"`) || 0) / 1048576;
}

/** The account: one row per part (MiB). `sectionsMB`: the bundles' section bytes. */
export async function memoryAccount(server, pid, sectionsMB, headers) {
    const metrics = await (await fetch(`${server.url}/metrics`, {headers})).text();
    const heapMB = metricValue(metrics, 'nodejs_heap_size_total_bytes') / 1048576;
    const heapUsedMB = metricValue(metrics, 'nodejs_heap_size_used_bytes') / 1048576;
    const externalMB = metricValue(metrics, 'nodejs_external_memory_bytes') / 1048576;
    const cacheMB = metricValue(metrics, 'quartier_cache_bytes') / 1048576;
    const s = smapsParts(pid);
    const rss = rssMB(pid);
    const routing = threadMB(metrics, 'routing', 'heap'), routingArrays = threadMB(metrics, 'routing', 'external');
    const render = threadMB(metrics, 'render', 'heap'), renderArrays = threadMB(metrics, 'render', 'external');
    return {
        rss,
        rows: [
            ['sections (shared memory, resident whole)', sectionsMB],
            ['main thread V8 heap', heapMB],
            ['… of it in use', heapUsedMB],
            ['main thread typed arrays and native objects', externalMB],
            ['routing threads\' V8 heaps', routing],
            ['… of them in use', threadMB(metrics, 'routing', 'heap_used')],
            ['routing threads\' typed arrays (search scratch, kept searches)', routingArrays],
            ['… of which kept searches', threadMB(metrics, 'routing', 'caches')],
            ['render threads\' V8 heaps', render],
            ['… of them in use', threadMB(metrics, 'render', 'heap_used')],
            ['render threads\' typed arrays and native objects', renderArrays],
            ['… of which decoded tiles (render threads\' estimate, in their heaps and arrays)', threadMB(metrics, 'render', 'caches')],
            ['other anonymous memory (allocator free and fragmented pages, stacks, canvas)', s.anonymous - sectionsMB - heapMB - externalMB - routing - routingArrays - render - renderArrays],
            ['… of anonymous memory in 8–64 MiB mappings (malloc arenas)', s.arenas],
            ['LMDB map (answers cache, resident pages)', s.lmdb],
            ['code and libraries (other files)', s.files]
        ],
        notes: {threads: s.threads, externalMB, cacheMB}
    };
}
