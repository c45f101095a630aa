// Turn restrictions on real routes: each drawn route walked point by point against the extract's
// turn restrictions (packages/engine/test/restriction-checker.ts reads them again from the OSM file).
// Brussels: the 1,000 pairs of ../shared/reference/osrm-brussels-1000.json; the other test regions:
// 1,000 seeded random pairs of junctions in the car network. By car and by bicycle.
// Prints the restrictions placed and the routes that break one (and, of those, by which relation).
// --without: the same on a graph built without the restrictions (the count to compare with).
// Usage: node bench/turn-restrictions.js [--regions BE,DE,IT,PT,MT] [--bundles build/test-regions] [--without]
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {Region} from '@quartier/engine';
import {BIKE, CAR, CHQuery, ContractionHierarchy, RoadRouter, contract, dataRoot, regionSections} from '@quartier/engine/internal';
import {RestrictionChecker} from '../packages/engine/dist/test/restriction-checker.js';
import {loadRoadGraph} from './ch-lib.js';
import {mulberry32} from './lib/stats.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : fallback;
};
const bundles = arg('bundles', path.join(root, 'build', 'test-regions'));
const regions = JSON.parse(fs.readFileSync(path.join(root, 'data', 'regions.json'), 'utf8')).regions;
const reference = JSON.parse(fs.readFileSync(path.join(dataRoot(), '..', 'reference', 'osrm-brussels-1000.json'), 'utf8'));

for (const code of arg('regions', 'BE,DE,IT,PT,MT').split(',')) {
    const region = Region.open(path.join(bundles, code));
    const osm = path.join(dataRoot(), regions.find((r) => r.country === code).osm[0]);
    let pairs;
    if (code === 'BE') {
        pairs = reference.queries.map((q) => [q.from, q.to]);
    } else {
        const g = regionSections(region).roads, random = mulberry32(15);
        const main = [];
        for (let x = 0; x < g.junctionCount; x++) if (g.inMainComponent(x, CAR)) main.push(x);
        const at = () => {
            const x = main[Math.floor(random() * main.length)];
            return [g.nodeLat[x] / 1e7 + (random() - 0.5) * 0.001, g.nodeLon[x] / 1e7 + (random() - 0.5) * 0.001];
        };
        pairs = Array.from({length: 1000}, () => [at(), at()]);
    }
    const without = process.argv.includes('--without') ? loadRoadGraph(osm, {restrictions: false}) : null;
    for (const [name, mode] of [['car', CAR], ['bike', BIKE]]) {
        const checker = new RestrictionChecker(osm, mode);
        let router = region.router;
        if (without) {
            const bytes = contract(without, mode);
            const finders = [null, null, null];
            finders[mode] = new CHQuery(without, ContractionHierarchy.from(bytes.buffer, mode, bytes.byteOffset, bytes.byteLength));
            router = new RoadRouter(without, finders);
        }
        let routed = 0, failed = 0, breaking = 0, through = 0;
        const byRelation = new Map();
        for (const [from, to] of pairs) {
            let route;
            try {
                route = router.route(mode, from[0], from[1], to[0], to[1]);
            } catch {
                failed++;
                continue;
            }
            routed++;
            if (checker.passesVia(route.points)) through++;
            const found = checker.violations(route.points);
            if (found.length > 0) breaking++;
            for (const v of found) byRelation.set(v.relation, (byRelation.get(v.relation) ?? 0) + 1);
        }
        console.log(`${code} ${name}${without ? ' (without restrictions)' : ''}: ${checker.restrictions.length} restrictions placed (${checker.unplaced} not: ways missing); ` +
            `${routed} routes (${failed} not routable), ${through} pass a via node, ${breaking} break a restriction` +
            (byRelation.size ? ` (${byRelation.size} relations; most broken: ${[...byRelation].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([r, n]) => `${r} ×${n}`).join(', ')})` : ''));
    }
}
