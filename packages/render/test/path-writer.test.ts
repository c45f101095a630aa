// The path written as SVG data (scene/path-writer.ts) is the path the canvas calls would make, to 1/100
// of a pixel: the same contours, the same points rounded.
import t from 'tap';
import fc from 'fast-check';
import {createCanvas, Path2D} from '@napi-rs/canvas';
import {PathWriter} from '../src/scene/path-writer.js';

/** Whether two SVG path strings have the same commands and numbers within two float32 steps (Skia's parser may land one off). */
function samePath(a: string, b: string): boolean {
    const tokens = (s: string) => s.match(/[MLZ]|-?[\d.]+(e[-+]?\d+)?/g) ?? [];
    const x = tokens(a), y = tokens(b);
    return x.length === y.length && x.every((v, i) => /[MLZ]/.test(v) ? v === y[i] :
        Math.abs(Number(v) - Number(y[i])) <= Math.max(1e-6, Math.abs(Number(v)) * 2.5e-7));
}

type Op = ['M' | 'L', number, number] | ['Z'];

/** The ops through the writer, and through Path2D's own calls with the points rounded to 1/100. */
function both(ops: Op[]): [Path2D, Path2D] {
    const writer = new PathWriter();
    const direct = new Path2D();
    // (+ 0: -0 is written as 0.)
    const r = (v: number) => Math.round(v * 100) / 100 + 0;
    for (const op of ops) {
        if (op[0] === 'Z') {
            writer.closePath();
            direct.closePath();
        } else if (op[0] === 'M') {
            writer.moveTo(op[1], op[2]);
            direct.moveTo(r(op[1]), r(op[2]));
        } else {
            writer.lineTo(op[1], op[2]);
            direct.lineTo(r(op[1]), r(op[2]));
        }
    }
    return [writer.take(), direct];
}

t.test('points far and near, negative, whole and fractional come out as the canvas calls', async (t) => {
    const coordinate = fc.oneof(
        fc.double({min: -2000, max: 3000, noNaN: true}),
        fc.integer({min: -5000, max: 5000}),
        fc.double({min: -1e8, max: 1e8, noNaN: true}),
        fc.constantFrom(0, -0, 0.005, -0.005, 0.994999, 1.005, 99.995, -123.4)
    );
    const op: fc.Arbitrary<Op> = fc.tuple(fc.constantFrom<'M' | 'L'>('M', 'L'), coordinate, coordinate);
    // Compared as text, without the cases where the two spell the same drawing differently (a closed contour,
    // a line to the point it is at).
    const distinct = (ops: Op[]) => ops.every((o, i) => i === 0 || o[1] !== ops[i - 1][1] || o[2] !== ops[i - 1][2]);
    fc.assert(fc.property(fc.array(op, {minLength: 1, maxLength: 40}).filter(distinct), (ops) => {
        const [written, called] = both([['M', 0.5, 0.5], ...ops]);
        return samePath(written.toSVGString(), called.toSVGString());
    }), {numRuns: 2000});
    t.pass('2,000 random paths the same');
});

t.test('filled and stroked, closed contours included, the pixels are the canvas calls\' to within anti-aliasing', async (t) => {
    const coordinate = fc.double({min: -40, max: 240, noNaN: true});
    const op: fc.Arbitrary<Op> = fc.oneof(fc.tuple(fc.constantFrom<'M' | 'L'>('M', 'L', 'L', 'L'), coordinate, coordinate), fc.constant<Op>(['Z']));
    const canvas = createCanvas(200, 200), ctx = canvas.getContext('2d');
    const draw = (path: Path2D) => {
        ctx.fillStyle = '#ffffff';
        ctx.fillRect(0, 0, 200, 200);
        ctx.fillStyle = '#3366cc';
        ctx.fill(path, 'nonzero');
        ctx.strokeStyle = '#aa2200';
        ctx.lineWidth = 1.5;
        ctx.stroke(path);
        return ctx.getImageData(0, 0, 200, 200).data;
    };
    fc.assert(fc.property(fc.array(op, {minLength: 1, maxLength: 30}), (ops) => {
        const [written, called] = both([['M', 100, 100], ...ops]);
        const a = draw(written), b = draw(called);
        let max = 0;
        for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i] - b[i]));
        return max <= 4;
    }), {numRuns: 300});
    t.pass('300 random paths drawn the same');
});

t.test('a point that is not finite is left out, as the canvas does', async (t) => {
    const w = new PathWriter();
    w.moveTo(1, 2);
    w.lineTo(NaN, 3);
    w.lineTo(4, Infinity);
    w.lineTo(-Infinity, 0);
    w.lineTo(5, 6);
    const p = new Path2D();
    p.moveTo(1, 2);
    p.lineTo(5, 6);
    t.equal(w.take().toSVGString(), p.toSVGString());
});

t.test('the buffer grows past its first size, and take starts a new path', async (t) => {
    const w = new PathWriter();
    const p = new Path2D();
    for (let i = 0; i < 20000; i++) {
        const x = i * 1.37 - 5000, y = (i * 7919) % 4096 - 0.25;
        if (i % 50 === 0) {
            w.moveTo(x, y);
            p.moveTo(Math.round(x * 100) / 100 + 0, Math.round(y * 100) / 100 + 0);
        } else {
            w.lineTo(x, y);
            p.lineTo(Math.round(x * 100) / 100 + 0, Math.round(y * 100) / 100 + 0);
        }
    }
    t.ok(samePath(w.take().toSVGString(), p.toSVGString()));
    t.ok(w.empty, 'empty after take');
    w.moveTo(3, 4);
    w.lineTo(5, 6);
    t.equal(w.take().toSVGString(), 'M3 4L5 6');
    // A line first starts the path, as on the canvas.
    w.lineTo(1, 2);
    w.lineTo(3, 4);
    t.equal(w.take().toSVGString(), 'M1 2L3 4');
});
