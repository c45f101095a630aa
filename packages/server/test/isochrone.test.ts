// /isochrone, /isochrone/TravelTime and /isochrone/GetMultipleTimes on the real Brussels network:
// valid RFC 7946 geometry, nesting, identical answers for mode names and numbers, bad input.
import t from 'tap';
import {get, testServer} from './helpers.js';

const server = await testServer();
t.teardown(() => server.close());
const base = `${server.url}/be`;
const HERE = 'latitude=50.8461&longitude=4.3664';

type Ring = [number, number][];

function signedArea(ring: Ring): number {
    let a = 0;
    for (let i = 0; i + 1 < ring.length; i++) a += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
    return a / 2;
}

function segmentsCross(a: number[], b: number[], c: number[], d: number[]): boolean {
    const o = (p: number[], q: number[], r: number[]) => Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
    const o1 = o(a, b, c), o2 = o(a, b, d), o3 = o(c, d, a), o4 = o(c, d, b);
    return o1 * o2 < 0 && o3 * o4 < 0;
}

function inside(x: number, y: number, rings: Ring[]): boolean {
    let c = false;
    for (const ring of rings) {
        for (let i = 0, j = ring.length - 2; i < ring.length - 1; j = i++) {
            const [xi, yi] = ring[i], [xj, yj] = ring[j];
            if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c;
        }
    }
    return c;
}

function boundaryMeters(x: number, y: number, rings: Ring[]): number {
    const kx = 111320 * Math.cos((y * Math.PI) / 180), ky = 111320;
    let best = Infinity;
    for (const ring of rings) {
        for (let i = 0; i + 1 < ring.length; i++) {
            const ax = (ring[i][0] - x) * kx, ay = (ring[i][1] - y) * ky, bx = (ring[i + 1][0] - x) * kx, by = (ring[i + 1][1] - y) * ky;
            const dx = bx - ax, dy = by - ay, l2 = dx * dx + dy * dy;
            const t = l2 > 0 ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / l2)) : 0;
            best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
        }
    }
    return best;
}

/** RFC 7946 polygon rules: closed rings of 4+ positions, exterior CCW, holes CW, 6 decimals, no self-crossing. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function checkPolygon(t: any, rings: Ring[]): void {
    t.ok(rings.length >= 1, 'an exterior ring');
    rings.forEach((ring, r) => {
        t.ok(ring.length >= 4, `ring ${r}: ${ring.length} positions`);
        t.same(ring[0], ring[ring.length - 1], 'closed');
        t.ok(r === 0 ? signedArea(ring) > 0 : signedArea(ring) < 0, r === 0 ? 'exterior counter-clockwise' : 'hole clockwise');
        for (const [x, y] of ring) {
            if (Math.round(x * 1e6) / 1e6 !== x || Math.round(y * 1e6) / 1e6 !== y) {
                t.fail('coordinates rounded to 6 decimals');
                return;
            }
        }
    });
    // No two segments of any rings cross.
    const segs: number[][][] = [];
    for (const ring of rings) for (let i = 0; i + 1 < ring.length; i++) segs.push([ring[i], ring[i + 1]]);
    let crossings = 0;
    for (let i = 0; i < segs.length; i++) {
        for (let j = i + 2; j < segs.length; j++) if (segmentsCross(segs[i][0], segs[i][1], segs[j][0], segs[j][1])) crossings++;
    }
    t.equal(crossings, 0, `no self-intersection among ${segs.length} segments`);
}


t.test('a 15-minute walk is a valid polygon around the origin', async (t) => {
    const r = await get(`${base}/isochrone?travelMode=Walking&${HERE}&numberOfSeconds=900`);
    t.equal(r.status, 200);
    t.equal(r.body.type, 'Polygon');
    checkPolygon(t, r.body.coordinates);
    t.ok(inside(4.3664, 50.8461, r.body.coordinates), 'contains the origin');
    t.notOk(inside(4.3664, 50.9, r.body.coordinates), '6 km away is outside');
    const vertices = r.body.coordinates.reduce((s: number, ring: Ring) => s + ring.length, 0);
    t.ok(vertices <= 4000, `${vertices} positions`);
    const tt = await get(`${base}/isochrone/TravelTime?travelMode=walking&${HERE}&numberOfSeconds=900`);
    t.same(tt.body, r.body, '/isochrone/TravelTime gives the same area');
});

t.test('names and numbers give byte-identical answers', async (t) => {
    for (const [name, num] of [['Driving', 1], ['Walking', 2], ['Bicycling', 3]] as const) {
        const a = await get(`${base}/isochrone?travelMode=${name}&${HERE}&numberOfSeconds=600`);
        const b = await get(`${base}/isochrone?travelMode=${num}&${HERE}&numberOfSeconds=600`);
        t.equal(a.status, 200);
        t.equal(a.text, b.text, `${name} = ${num}`);
    }
});

t.test('GetMultipleTimes: three nested areas, smallest first, localized labels', async (t) => {
    for (const mode of ['Walking', 'Bicycling', 'Driving']) {
        const r = await get(`${base}/Isochrone/GetMultipleTimes?travelMode=${mode}&${HERE}&language=FR`);
        t.equal(r.status, 200);
        t.equal(r.body.length, 3);
        t.same(r.body.map((x: any) => x.label), ['5 min', '10 min', '20 min']);
        for (const x of r.body) checkPolygon(t, x.iso.coordinates);
        // Nested up to the simplification tolerance (a quarter of the grid spacing, at most 15 m here, on each outline).
        for (let i = 0; i < 2; i++) {
            const small = r.body[i].iso.coordinates[0] as Ring, big = r.body[i + 1].iso.coordinates;
            const outside = small.filter(([x, y]) => !inside(x, y, big) && boundaryMeters(x, y, big) > 30).length;
            t.equal(outside, 0, `${mode}: ${r.body[i].label} lies inside ${r.body[i + 1].label}`);
        }
    }
});

t.test('transit: a MultiPolygon of valid pieces; Malta has no timetable', async (t) => {
    const r = await get(`${base}/isochrone?travelMode=Transit&${HERE}&numberOfSeconds=1200`);
    t.equal(r.status, 200);
    t.equal(r.body.type, 'MultiPolygon');
    t.ok(r.body.coordinates.length >= 1);
    for (const polygon of r.body.coordinates) checkPolygon(t, polygon);
    const inAny = r.body.coordinates.some((p: Ring[]) => inside(4.3664, 50.8461, p));
    t.ok(inAny, 'contains the origin');
    const walk = await get(`${base}/isochrone?travelMode=Walking&${HERE}&numberOfSeconds=1200`);
    // Riding reaches farther than walking: some place along the metro is in the transit area only.
    const area = (rings: Ring[]) => Math.abs(signedArea(rings[0])) - rings.slice(1).reduce((s, h) => s + Math.abs(signedArea(h)), 0);
    const transitArea = r.body.coordinates.reduce((s: number, p: Ring[]) => s + area(p), 0);
    t.ok(transitArea > area(walk.body.coordinates), 'transit reaches more than walking');
    const multi = await get(`${base}/isochrone/GetMultipleTimes?travelMode=4&${HERE}&language=NL`);
    t.equal(multi.status, 200);
    t.same(multi.body.map((x: any) => x.iso.type), ['MultiPolygon', 'MultiPolygon', 'MultiPolygon']);
    const mt = await get(`${server.url}/mt/isochrone?travelMode=Transit&latitude=35.8989&longitude=14.5146&numberOfSeconds=600`);
    t.equal(mt.status, 400);
    t.match(mt.body.Error, /no timetable/);
});

t.test('bad input: a clear 400', async (t) => {
    const cases: [string, RegExp][] = [
        [`travelMode=2&${HERE}&numberOfSeconds=10`, /numberOfSeconds/],
        [`travelMode=2&${HERE}&numberOfSeconds=100000`, /numberOfSeconds/],
        [`travelMode=2&${HERE}&numberOfSeconds=abc`, /numberOfSeconds/],
        [`travelMode=2&${HERE}`, /numberOfSeconds/],
        [`travelMode=Boat&${HERE}&numberOfSeconds=600`, /travelMode/],
        ['travelMode=2&latitude=48.8566&longitude=2.3522&numberOfSeconds=600', /outside BE/],
        // Off Ostend: Belgian waters, far outside what the Brussels region covers.
        ['travelMode=2&latitude=51.30&longitude=2.80&numberOfSeconds=600', /^The position is outside the area this server has data for \(BE: Brussels-Capital Region\)/],
        ['travelMode=2&latitude=abc&longitude=4.3664&numberOfSeconds=600', /latitude/]
    ];
    for (const [q, re] of cases) {
        const r = await get(`${base}/isochrone?${q}`);
        t.equal(r.status, 400, q);
        t.match(r.body.Error, re);
    }
    const multi = await get(`${base}/isochrone/GetMultipleTimes?travelMode=9&${HERE}`);
    t.equal(multi.status, 400);
});
