// What the hierarchy queries keep between calls (kept-searches.ts) stays within one budget per thread, whatever the
// number of queries (a routing thread holds four per region), and forgetting changes no answer.
import t from 'tap';
import {CHQuery, KEPT_BYTES_PER_THREAD, keptBytes, regionSections} from '../src/internal.js';
import {random as seeded, testRegion} from './helpers.js';

t.test('the kept searches of many queries stay within the thread\'s budget and answer as fresh queries', async (t) => {
    const queries = [];
    for (const country of ['BE', 'DE']) {
        const region = testRegion(country);
        const g = regionSections(region).roads;
        for (const ch of regionSections(region).ch) queries.push({g, kept: new CHQuery(g, ch), fresh: () => new CHQuery(g, ch)});
    }
    const random = seeded(31);
    let peak = 0, checked = 0;
    for (let round = 0; round < 2; round++) {
        for (const q of queries) {
            // Every node a target once (the second round again): far more than the budget holds.
            const targets = Uint32Array.from({length: q.g.nodeCount}, (_, i) => i);
            const sources = Uint32Array.from({length: 2}, () => Math.floor(random() * q.g.nodeCount));
            const times = q.kept.table(sources, targets);
            peak = Math.max(peak, keptBytes());
            t.ok(keptBytes() <= KEPT_BYTES_PER_THREAD, `within the budget: ${keptBytes()} bytes`);
            if (round === 1 && checked++ < 2) t.same(Array.from(times), Array.from(q.fresh().table(sources, targets)), 'the same times as a fresh query');
        }
    }
    t.ok(peak > KEPT_BYTES_PER_THREAD / 4, `the stores did keep (peak ${peak} bytes)`);
});
