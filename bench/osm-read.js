// OSM PBF reader bench: for every *.osm.pbf under the data root (or the files given), the read time
// for counts only, nodes only, and a full decode (all three callbacks touching tags), and peak RSS.
// Each file runs in its own process so the peak RSS is that file's.
//   npx tsc -b && node bench/osm-read.js [file.osm.pbf ...]
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {countOsmPbf, readOsmPbf} from '@quartier/engine/internal';

const RUNS = 3; // best of, after one warm-up run

function findPbfs(dir) {
    const out = [];
    for (const e of fs.readdirSync(dir, {withFileTypes: true})) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) out.push(...findPbfs(p));
        else if (e.name.endsWith('.osm.pbf')) out.push(p);
    }
    return out.sort();
}

function best(fn) {
    fn();
    let ms = Infinity;
    for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        fn();
        ms = Math.min(ms, performance.now() - start);
    }
    return ms;
}

function child(file) {
    let counts, sink = 0;
    const countMs = best(() => { counts = countOsmPbf(file); });
    const nodesMs = best(() => readOsmPbf(file, {node(n) { sink += n.lat + n.lon; }}));
    const fullMs = best(() => readOsmPbf(file, {
        node(n) { sink += n.lat + n.tags.count; if (n.tags.count) sink += n.tags.key(0).length; },
        way(w) { sink += w.refCount + (w.tags.get('highway') ? 1 : 0); },
        relation(r) { sink += r.memberCount + (r.tags.get('type') ? 1 : 0); }
    }));
    const rssMB = process.resourceUsage().maxRSS / 1024;
    console.log(JSON.stringify({counts, countMs, nodesMs, fullMs, rssMB, sink}));
}

if (process.argv[2] === '--child') {
    child(process.argv[3]);
} else {
    const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const dataRoot = process.env.QUARTIER_DATA ?? path.resolve(repoRoot, '../shared/data');
    const files = process.argv.length > 2 ? process.argv.slice(2) : findPbfs(dataRoot);
    const pad = (s, n) => String(s).padStart(n);
    console.log(`${'file'.padEnd(44)} ${pad('MB', 6)} ${pad('nodes', 9)} ${pad('ways', 8)} ${pad('rels', 6)}` +
        ` ${pad('count ms', 9)} ${pad('nodes ms', 9)} ${pad('full ms', 8)} ${pad('full MB/s', 9)} ${pad('Mnodes/s', 8)} ${pad('peak RSS MB', 11)}`);
    for (const file of files) {
        const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', file], {encoding: 'utf8'});
        const r = JSON.parse(out.trim().split('\n').pop());
        const mb = fs.statSync(file).size / 1e6;
        console.log(`${path.basename(file).padEnd(44)} ${pad(mb.toFixed(1), 6)} ${pad(r.counts.nodes, 9)} ${pad(r.counts.ways, 8)}` +
            ` ${pad(r.counts.relations, 6)} ${pad(r.countMs.toFixed(1), 9)} ${pad(r.nodesMs.toFixed(1), 9)} ${pad(r.fullMs.toFixed(1), 8)}` +
            ` ${pad((mb / r.fullMs * 1000).toFixed(0), 9)} ${pad((r.counts.nodes / r.nodesMs / 1000).toFixed(1), 8)} ${pad(r.rssMB.toFixed(0), 11)}`);
    }
}
