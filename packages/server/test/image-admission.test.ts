// The render queue admits by cost: renders are held in flight by a gate (ServerHooks.beforeRender),
// so the test knows exactly what is admitted whatever the machine's speed. Large images fill the
// pool's capacity (device pixels its threads draw within START_WITHIN_MS); the next large one is
// refused at once with 503 and Retry-After while a small one is still admitted; once the gate
// opens, every admitted image is drawn.
import t from 'tap';
import {Gate, get, testServer} from './helpers.js';
import {IMAGE_WORKERS, START_WITHIN_MS, renderCapacity} from '../src/image/image-pool.js';

// A slow renderer (QUARTIER_RENDER_PIXELS_PER_SECOND): its capacity holds two 2048 × 2048 images
// (4.2 million device pixels each, drawn at their own size) and a bit, so the test draws few.
const RATE = Math.ceil(2.2 * 2048 * 2048 / (IMAGE_WORKERS * START_WITHIN_MS / 1000));
const gate = new Gate();
const server = await testServer({'render-rate': String(RATE)}, {beforeRender: gate.pass});
t.teardown(async () => {
    gate.open();
    await server.close();
});

let colour = 0;
const image = (width: number, height: number) =>
    get(`${server.url}/be/image?latitude=50.8461&longitude=4.3664&hexaColor=${(colour++).toString(16).padStart(6, '0')}&width=${width}&height=${height}`);

t.test('large images fill the capacity; the next is a 503 at once, a small one still fits', async (t) => {
    const capacity = renderCapacity(IMAGE_WORKERS, RATE);
    const largeCost = 2048 * 2048; // 2048 × 2048 at ratio 1
    const admitted = Math.floor(capacity / largeCost);
    t.equal(admitted, 2);
    const held: ReturnType<typeof image>[] = [];
    for (let i = 0; i < admitted; i++) {
        held.push(image(2048, 2048));
        await gate.entries(i + 1);
    }
    t.equal(gate.entered, admitted, `${admitted} large images admitted and held`);
    // The gate is shut: this answer cannot wait for any render to finish.
    const refused = await image(2048, 2048);
    t.equal(refused.status, 503);
    const retry = Number(refused.headers.get('retry-after'));
    t.equal(retry, Math.max(1, Math.ceil(admitted * largeCost / (IMAGE_WORKERS * RATE))), `Retry-After ${retry} s: the admitted work`);
    t.match(refused.body.Error, /retry in \d+ s/);
    t.equal(gate.entered, admitted, 'the refused image never reached the queue');
    // Cost, not count: a small image fits in what is left.
    const left = capacity - admitted * largeCost;
    const small = 200 * 120; // 200 × 120 at ratio 1
    t.ok(small <= left, `${left} device pixels left`);
    held.push(image(200, 120));
    await gate.entries(admitted + 1);
    gate.open();
    const answers = await Promise.all(held);
    t.same(answers.map((r) => r.status), held.map(() => 200), 'every admitted image is drawn');
    t.equal(answers[0].headers.get('content-type'), 'image/jpeg');
});

t.test('an idle pool takes any image the parameters allow', async (t) => {
    const r = await image(2048, 2048);
    t.equal(r.status, 200);
});
