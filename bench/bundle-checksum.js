// What verifying the section checksums costs when a region bundle is opened (issue 16): per region, the median of
// several runs of (a) reading every section file into memory, the baseline, (b) verifySection over those bytes
// (XXH3-64 of every byte, plus the header checks), (c) Region.open as a whole (which does both, then reopens the
// sections). Reported as milliseconds and as the checksum's share of the open time.
// Usage: node bench/bundle-checksum.js [bundles dir = build/test-regions] [runs = 7]
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {Region} from '@quartier/engine';
import {readFileShared, verifySection} from '@quartier/engine/internal';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.resolve(process.argv[2] ?? path.join(root, 'build', 'test-regions'));
const runs = Number(process.argv[3] ?? 7);
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

const rows = [];
for (const cc of fs.readdirSync(dir).sort()) {
    const bundle = path.join(dir, cc);
    if (!fs.existsSync(path.join(bundle, 'manifest.json'))) continue;
    const files = fs.readdirSync(bundle).filter((f) => f.endsWith('.bin')).map((f) => path.join(bundle, f));
    const read = [], verify = [], open = [];
    let bytes = 0;
    for (let i = 0; i < runs; i++) {
        let t = performance.now();
        const buffers = files.map((f) => readFileShared(f));
        read.push(performance.now() - t);
        bytes = buffers.reduce((n, b) => n + b.byteLength, 0);
        t = performance.now();
        for (const b of buffers) verifySection(b);
        verify.push(performance.now() - t);
        t = performance.now();
        Region.open(bundle);
        open.push(performance.now() - t);
    }
    const r = {region: cc, MiB: bytes / 1048576, readMs: median(read), verifyMs: median(verify), openMs: median(open)};
    r.verifyGBs = bytes / 1e9 / (r.verifyMs / 1000);
    r.share = r.verifyMs / r.openMs;
    rows.push(r);
}
console.log(`bundle checksum cost (${dir}, median of ${runs} runs)`);
console.log('region    MiB   read ms  verify ms  GB/s  Region.open ms  checksum share of open  verify/read');
for (const r of rows) {
    console.log(`${r.region.padEnd(6)} ${r.MiB.toFixed(1).padStart(6)} ${r.readMs.toFixed(1).padStart(9)} ${r.verifyMs.toFixed(1).padStart(10)} ${r.verifyGBs.toFixed(2).padStart(5)}` +
        ` ${r.openMs.toFixed(1).padStart(15)} ${(r.share * 100).toFixed(0).padStart(22)} %  ${(r.verifyMs / r.readMs).toFixed(2).padStart(10)}`);
}
