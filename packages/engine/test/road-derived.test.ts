// What the build stores in the roads section so that worker threads share it (graph/derived.ts):
// per-edge weights, through and for a trip's ends, edge bearings and junction kinds, equal to what a
// thread would compute from the graph, and read in place from the section (no copies).
import t from 'tap';
import {MODES, edgeBearings, junctionKinds, turnCosts, regionSections} from '../src/internal.js';
import {testRegion} from './helpers.js';

const same = (a: ArrayLike<number>, b: ArrayLike<number>): boolean => a.length === b.length && Array.prototype.every.call(a, (x: number, i: number) => x === b[i]);

for (const cc of ['BE', 'PT', 'MT']) {
    t.test(`${cc}: the roads section's derived arrays are the graph's own`, async (t) => {
        const g = regionSections(testRegion(cc)).roads;
        const buffer = g.section.buffer;
        for (let m = 0; m < MODES.length; m++) {
            const stored = g.edgeWeights(m);
            t.ok(stored[0].buffer === buffer && stored[1].buffer === buffer, `${MODES[m]}: edge weights are views of the section`);
            const fresh = g.cheapestPerEdge(m, false);
            t.ok(same(stored[0], fresh[0]) && same(stored[1], fresh[1]), `${MODES[m]}: edge weights as computed (${g.edgeCount} edges)`);
            const access = g.accessWeights(m), freshAccess = g.cheapestPerEdge(m, true);
            t.ok(same(access[0], freshAccess[0]) && same(access[1], freshAccess[1]), `${MODES[m]}: access weights as computed`);
            if (g.localArcs.length > 0) {
                t.ok(access[0].buffer === buffer, `${MODES[m]}: access weights are views of the section`);
                // Cars: access=destination and private roads (walkers may use most of them through).
                if (m === 0) t.notOk(same(access[0], stored[0]) && same(access[1], stored[1]), 'car: start-or-end-only ways make them differ from the through weights');
            }
            const tc = turnCosts(g, m);
            t.ok(tc.junction.buffer === buffer && same(tc.junction, junctionKinds(g, m)), `${MODES[m]}: junction kinds stored and as computed`);
        }
        const [start, end] = edgeBearings(g);
        const tc = turnCosts(g, 0);
        t.ok(tc.startBearing.buffer === buffer && same(tc.startBearing, start) && same(tc.endBearing, end), 'edge bearings stored and as computed');
        t.ok(start.some((b) => b !== 0), 'bearings are not all zero');
    });
}
