// Turn restrictions on real routes: the 1,000 Brussels pairs of ../shared/reference/osrm-brussels-1000.json
// routed by car and by bicycle, each drawn route walked point by point against the extract's turn
// restrictions (packages/engine/test/restriction-checker.ts reads them again from the OSM file).
// Prints the restrictions found and the routes that break one.
// Usage: node bench/turn-restrictions.js [bundle dir, default build/test-regions/BE]
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {BIKE, CAR, Region, dataRoot} from '../packages/engine/dist/src/index.js';
import {RestrictionChecker} from '../packages/engine/dist/test/restriction-checker.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.argv[2] ?? path.join(root, 'build', 'test-regions', 'BE');
const region = Region.open(dir);
const osm = path.join(dataRoot(), 'be-brussels', 'osm', 'brussels_capital_region-2013-01-01.osm.pbf');
const reference = JSON.parse(fs.readFileSync(path.join(dataRoot(), '..', 'reference', 'osrm-brussels-1000.json'), 'utf8'));

for (const [name, mode] of [['car', CAR], ['bike', BIKE]]) {
    const checker = new RestrictionChecker(osm, mode);
    let routed = 0, failed = 0, breaking = 0;
    const byRelation = new Map();
    for (const q of reference.queries) {
        let route;
        try {
            route = region.router.route(mode, q.from[0], q.from[1], q.to[0], q.to[1]);
        } catch {
            failed++;
            continue;
        }
        routed++;
        const found = checker.violations(route.points);
        if (found.length > 0) breaking++;
        for (const v of found) byRelation.set(v.relation, (byRelation.get(v.relation) ?? 0) + 1);
    }
    console.log(`${name}: ${checker.restrictions.length} restrictions placed (${checker.unplaced} not: ways missing from the extract); ` +
        `${routed} routes (${failed} failed), ${breaking} break a restriction` +
        (byRelation.size ? ` (relation: routes ${[...byRelation].map(([r, n]) => `${r}: ${n}`).join(', ')})` : ''));
}
