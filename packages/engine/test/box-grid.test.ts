import t from 'tap';
import {BoxGrid} from '../src/geo/box-grid.js';
import {random} from './helpers.js';

t.test('a search finds every box that meets it (grown by the margin), each once', async (t) => {
    const next = random(5);
    const n = 5000, minX = new Float64Array(n), minY = new Float64Array(n), maxX = new Float64Array(n), maxY = new Float64Array(n);
    for (let i = 0; i < n; i++) {
        // Mostly small boxes over 20 km, a few long ones (a street across town), one a point.
        const w = i % 50 === 0 ? next() * 5000 : next() * 200, h = i % 50 === 1 ? next() * 5000 : next() * 200;
        minX[i] = -10000 + next() * 20000;
        minY[i] = -10000 + next() * 20000;
        maxX[i] = i === 7 ? minX[i] : minX[i] + w;
        maxY[i] = i === 7 ? minY[i] : minY[i] + h;
    }
    const margin = 8, grid = new BoxGrid(minX, minY, maxX, maxY, 500, margin);
    const out: number[] = [];
    let missed = 0, twice = 0, found = 0;
    for (let q = 0; q < 3000; q++) {
        // Around the data and beyond its edges.
        const x = -12000 + next() * 24000, y = -12000 + next() * 24000, r = q % 10 === 0 ? 0 : next() * 400;
        grid.search(x - r, y - r, x + r, y + r, out);
        const got = new Set(out);
        if (got.size !== out.length) twice++;
        for (let i = 0; i < n; i++) {
            const meets = minX[i] - margin <= x + r && maxX[i] + margin >= x - r && minY[i] - margin <= y + r && maxY[i] + margin >= y - r;
            if (meets) found++;
            if (meets && !got.has(i)) missed++;
        }
    }
    t.equal(missed, 0, 'no box that meets a search is missed');
    t.equal(twice, 0, 'no box found twice by one search');
    t.ok(found > 3000, `the searches met boxes (${found})`);
    t.same(new BoxGrid(new Float64Array(0), new Float64Array(0), new Float64Array(0), new Float64Array(0), 500, 1).search(0, 0, 1, 1, out), [],
        'an empty grid finds nothing');
});
