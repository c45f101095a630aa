// One thread's contraction-hierarchy queries share their node-sized scratch (ch/scratch.ts): the car,
// foot and bike queries of a region, used in any order, answer exactly as queries with scratch of
// their own, including the tables and sweeps that keep state between calls (buckets, selections).
import t from 'tap';
import {CHQuery, CHScratch, threadScratch, turnCosts, regionSections} from '../src/internal.js';
import {random as seeded, testRegion} from './helpers.js';

t.test('queries sharing one scratch, interleaved across modes, answer as queries with their own', async (t) => {
    const region = testRegion('BE');
    const g = regionSections(region).roads;
    const scratch = new CHScratch(g.nodeCount);
    const shared = regionSections(region).ch.map((ch, mode) => new CHQuery(g, ch, turnCosts(g, mode), scratch));
    const own = regionSections(region).ch.map((ch, mode) => new CHQuery(g, ch, turnCosts(g, mode)));
    const random = seeded(5);
    const node = () => Math.floor(random() * g.nodeCount);
    const targets = Uint32Array.from({length: 12}, node);
    const sources = Uint32Array.from({length: 4}, node);
    let checked = 0;
    for (let round = 0; round < 3; round++) {
        for (let step = 0; step < 12; step++) {
            const mode = (step * 7 + round) % 3;
            const s = node(), d = node();
            switch (step % 4) {
                case 0:
                    t.equal(shared[mode].distance(s, d), own[mode].distance(s, d), `mode ${mode}: distance ${s} → ${d}`);
                    break;
                case 1:
                    t.same(Array.from(shared[mode].path(s, d).arcs), Array.from(own[mode].path(s, d).arcs), `mode ${mode}: path ${s} → ${d}`);
                    break;
                case 2: {
                    // The same targets each time: the buckets kept from an earlier call must be this query's.
                    const a = shared[mode].tableWithLengths(sources, targets), b = own[mode].tableWithLengths(sources, targets);
                    t.same([Array.from(a.times), Array.from(a.lengths)], [Array.from(b.times), Array.from(b.lengths)], `mode ${mode}: table`);
                    break;
                }
                default: {
                    const seedTime = Float64Array.of(0), seedLength = Float64Array.of(0);
                    const a = shared[mode].sweepFromSeeds(Uint32Array.of(s), seedTime, seedLength, targets);
                    const b = own[mode].sweepFromSeeds(Uint32Array.of(s), seedTime, seedLength, targets);
                    t.same([Array.from(a.times), Array.from(a.lengths)], [Array.from(b.times), Array.from(b.lengths)], `mode ${mode}: sweep from ${s}`);
                }
            }
            checked++;
        }
    }
    t.equal(checked, 36);
});

t.test('queries of several regions sharing the scratch of the largest answer as queries with their own', async (t) => {
    const regions = ['DE', 'BE', 'MT'].map((c) => regionSections(testRegion(c)));
    const largest = Math.max(...regions.map((r) => r.roads.nodeCount));
    const scratch = threadScratch(largest);
    t.equal(threadScratch(regions[0].roads.nodeCount), scratch, 'a smaller region takes the larger\'s arrays');
    t.throws(() => new CHQuery(regions[0].roads, regions[0].ch[0], null, new CHScratch(regions[0].roads.nodeCount - 1)), /scratch for/, 'too small: refused');
    const pairs = regions.flatMap((r) => r.ch.map((ch, mode) => ({
        g: r.roads, mode,
        shared: new CHQuery(r.roads, ch, turnCosts(r.roads, mode), scratch),
        own: new CHQuery(r.roads, ch, turnCosts(r.roads, mode))
    })));
    const random = seeded(9);
    let checked = 0;
    for (let step = 0; step < 36; step++) {
        const q = pairs[(step * 5) % pairs.length], node = () => Math.floor(random() * q.g.nodeCount);
        const s = node(), d = node();
        t.throws(() => q.shared.distance(s, q.g.nodeCount + 1), /not in the road graph/, 'a node past this graph is refused, whatever the scratch\'s size');
        if (step % 3 === 0) t.equal(q.shared.distance(s, d), q.own.distance(s, d), `mode ${q.mode}: distance ${s} → ${d}`);
        else if (step % 3 === 1) t.same(Array.from(q.shared.path(s, d).arcs), Array.from(q.own.path(s, d).arcs), `mode ${q.mode}: path`);
        else {
            const targets = Uint32Array.from({length: 8}, node), sources = Uint32Array.from({length: 3}, node);
            const a = q.shared.tableWithLengths(sources, targets), b = q.own.tableWithLengths(sources, targets);
            t.same([Array.from(a.times), Array.from(a.lengths)], [Array.from(b.times), Array.from(b.lengths)], `mode ${q.mode}: table`);
        }
        checked++;
    }
    t.equal(checked, 36);
});
