// /image's labels against MapLibre's in Chromium for 20 views (5 regions × styles × zooms 13–17): the
// share of MapLibre's street and place labels inside the frame that the image also shows, and the
// image's labels MapLibre does not place. It runs the label test (packages/server/test/image-labels.test.ts,
// built) over its bench views, which saves each pair of pictures under build/test-artifacts/image-labels
// and a report beside them; this prints the report. Speed: bench/image.js (p50/p95 per style over HTTP).
// Usage: node bench/image-labels.js
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const test = path.join(root, 'packages', 'server', 'dist', 'test', 'image-labels.test.js');
const reportFile = path.join(root, 'build', 'test-artifacts', 'image-labels', 'bench-report.json');
fs.rmSync(reportFile, {force: true});
const run = spawnSync(process.execPath, [test], {cwd: root, env: {...process.env, QUARTIER_LABEL_VIEWS: 'bench', TAP_TIMEOUT: '0'}, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024});
if (!fs.existsSync(reportFile)) throw new Error(`no report from ${test}:\n${run.stdout}\n${run.stderr}`);
const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
console.log('| view | MapLibre street and place labels | also on /image | agreement | /image labels | not placed by MapLibre |');
console.log('|---|---|---|---|---|---|');
let wanted = 0, shared = 0, drawn = 0, extra = 0;
for (const r of report) {
    console.log(`| ${r.view} | ${r.streetsAndPlaces} | ${r.shared} | ${(100 * r.agreement).toFixed(0)}% | ${r.drawn} | ${r.extra.length}${r.extra.length ? ` (${r.extra.join('; ')})` : ''} |`);
    wanted += r.streetsAndPlaces;
    shared += r.shared;
    drawn += r.drawn;
    extra += r.extra.length;
}
console.log(`| all ${report.length} views | ${wanted} | ${shared} | ${(100 * shared / Math.max(1, wanted)).toFixed(0)}% | ${drawn} | ${extra} |`);
