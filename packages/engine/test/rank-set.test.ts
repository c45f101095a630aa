// The sweeps' selection set (ch/query/rank-set.ts): whatever ranks are added, in any order and with repeats, it
// gives each back once, highest first, with its position, and is empty afterwards (the next selection starts clean).
import fc from 'fast-check';
import t from 'tap';
import {RankSet} from '../src/ch/query/rank-set.js';

t.test('members back once each, highest rank first, with their positions; empty afterwards', async (t) => {
    await fc.assert(fc.property(fc.integer({min: 1, max: 70000}), fc.array(fc.array(fc.nat(), {maxLength: 300}), {minLength: 1, maxLength: 3}), (nodeCount, rounds) => {
        const set = new RankSet(nodeCount), out = new Uint32Array(nodeCount), index = new Uint32Array(nodeCount);
        for (const draws of rounds) {
            const ranks = draws.map((d) => d % nodeCount);
            const firsts = ranks.filter((x, i) => ranks.indexOf(x) === i);
            // add() says whether the rank is new, has() what is in.
            if (ranks.some((x, i) => set.add(x) !== (ranks.indexOf(x) === i))) return false;
            if (firsts.some((x) => !set.has(x))) return false;
            const count = set.drainDescending(out, index);
            const expected = [...firsts].sort((a, b) => b - a);
            if (count !== expected.length || expected.some((x, p) => out[p] !== x || index[x] !== p)) return false;
            if (firsts.some((x) => set.has(x))) return false;
        }
        return true;
    }), {numRuns: 300});
    t.pass('300 random sets, up to three rounds each on the same set');
});

t.test('the edges: rank 0, the last rank, a word\'s sign bit, a whole word, an empty set', async (t) => {
    const set = new RankSet(2048), out = new Uint32Array(2048), index = new Uint32Array(2048);
    t.equal(set.drainDescending(out, index), 0, 'empty');
    for (const x of [0, 31, 2047, 1023, 1024, 32]) set.add(x);
    for (let x = 64; x < 96; x++) set.add(x);
    const count = set.drainDescending(out, index);
    const expected = [2047, 1024, 1023, ...Array.from({length: 32}, (_, i) => 95 - i), 32, 31, 0];
    t.same(Array.from(out.subarray(0, count)), expected);
    t.equal(set.drainDescending(out, index), 0, 'empty again');
});
