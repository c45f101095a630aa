// GetMultipleTimes' clipping (isochrone/nesting.ts) on hand-made outlines whose answers are known: a
// piece sticking out of the next area and into its hole, one sharing an edge with it, one inside it.
import t from 'tap';
import {nestInside} from '../src/isochrone/nesting.js';
import {signedArea, type Ring} from '../src/geo/ring.js';

/** A rectangle as a closed ring, counter-clockwise (or clockwise: a hole). */
function box(x0: number, y0: number, x1: number, y1: number, hole = false): Ring {
    const ring: Ring = [[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]];
    return hole ? ring.reverse() : ring;
}

const area = (polygons: Ring[][]) => polygons.reduce((sum, rings) => sum + rings.reduce((a, r, i) => a + Math.abs(signedArea(r)) * (i ? -1 : 1), 0), 0);

/** A square of 0.01° with a hole of 0.002° in its middle. */
const outer: Ring[][] = [[box(0, 0, 0.01, 0.01), box(0.004, 0.004, 0.006, 0.006, true)]];

t.test('a piece sticking out of the area and into its hole is cut to the area, hole included', async (t) => {
    const result = nestInside([[box(0.005, 0.002, 0.012, 0.008)]], outer);
    t.equal(result.length, 1);
    // 0.005 × 0.006 inside the square, less 0.001 × 0.002 of the hole.
    t.ok(Math.abs(area(result) - 2.8e-5) < 1e-12, `area ${area(result)}`);
    for (const [x, y] of result.flat(2) as unknown as number[][]) {
        t.ok(x >= 0 && x <= 0.01 && y >= 0 && y <= 0.01, `${x}, ${y} in the square`);
        t.notOk(x > 0.004 && x < 0.006 && y > 0.004 && y < 0.006, `${x}, ${y} not in the hole`);
    }
    t.ok(signedArea(result[0][0]) > 0, 'the exterior turns counter-clockwise');
});

t.test('a piece sharing an edge with the area keeps the edge', async (t) => {
    const result = nestInside([[box(0.002, 0, 0.003, 0.011)]], outer);
    t.equal(result.length, 1);
    t.ok(Math.abs(area(result) - 1e-5) < 1e-12, `area ${area(result)}`);
    const ys = (result[0][0] as number[][]).map(([, y]) => y);
    t.equal(Math.min(...ys), 0, 'the shared bottom edge stays');
    t.equal(Math.max(...ys), 0.01, 'cut at the top edge');
});

t.test('a piece with a hole, cut by the area: its hole stays a hole', async (t) => {
    const piece = [box(0.007, 0.001, 0.013, 0.003), box(0.0075, 0.0015, 0.0085, 0.0025, true)];
    const result = nestInside([piece], outer);
    t.equal(result.length, 1);
    t.equal(result[0].length, 2, 'exterior and hole');
    // 0.003 × 0.002 inside the square, less the piece's own hole of 0.001 × 0.001.
    t.ok(Math.abs(area(result) - 5e-6) < 1e-12, `area ${area(result)}`);
});

t.test('a piece plainly inside is kept as it is; one wholly in the hole is dropped', async (t) => {
    const inside = [box(0.001, 0.001, 0.002, 0.002)];
    t.same(nestInside([inside], outer), [inside]);
    t.same(nestInside([[box(0.0045, 0.0045, 0.0055, 0.0055)]], outer), []);
    t.same(nestInside([inside], []), [], 'no next area: nothing is inside it');
});
