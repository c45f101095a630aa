// Isochrones against routing, a small version of bench/isochrone-accuracy.js: for a few origins per road
// mode in Brussels, the 10-minute area is computed, positions around it are routed to by the contraction
// hierarchies (a search independent of the isochrone's own), and "inside the polygon" must agree with
// "reachable within 10 minutes" (under the same off-road rule) for at least 97% of them. Positions within
// one grid spacing (or 50 m) of the outline are left out: the outline is drawn between grid cells.
import t from 'tap';
import {BIKE, CAR, FOOT, RoadIsochrones, pointInPolygon, regionSections} from '../src/internal.js';
import {random, testRegion} from './helpers.js';

const LIMIT = 600;
const ORIGINS = 4;
const SAMPLES = 150;
const BAND = 50;
const BOX = [50.82, 4.33, 50.87, 4.41];

type Ring = number[][];

/** Metres from a position to the nearest outline segment. */
function outlineDistance(lat: number, lon: number, rings: Ring[]): number {
    const kx = 111320 * Math.cos((lat * Math.PI) / 180), ky = 111320;
    let best = Infinity;
    for (const ring of rings) {
        for (let i = 0; i + 1 < ring.length; i++) {
            const ax = (ring[i][0] - lon) * kx, ay = (ring[i][1] - lat) * ky;
            const dx = (ring[i + 1][0] - ring[i][0]) * kx, dy = (ring[i + 1][1] - ring[i][1]) * ky, l2 = dx * dx + dy * dy;
            const s = l2 > 0 ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / l2)) : 0;
            best = Math.min(best, Math.hypot(ax + s * dx, ay + s * dy));
        }
    }
    return best;
}

const region = testRegion('BE');
const router = region.router;
const iso = new RoadIsochrones(regionSections(region).roads, router.snapper);

for (const [mode, name] of [[CAR, 'car'], [FOOT, 'foot'], [BIKE, 'bike']] as const) {
    t.test(`${name}: the 10-minute area agrees with routing`, async (t) => {
        const rand = random(20261124 + mode);
        let checked = 0, right = 0;
        const wrong: string[] = [];
        for (let o = 0; o < ORIGINS; o++) {
            const lat = BOX[0] + rand() * (BOX[2] - BOX[0]), lon = BOX[1] + rand() * (BOX[3] - BOX[1]);
            const result = iso.compute(mode, lat, lon, [LIMIT]);
            if (!result) {
                o--;
                continue;
            }
            const rings = result.areas[0].coordinates as Ring[];
            let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
            for (const [x, y] of rings[0]) {
                minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
            }
            const gx = (maxX - minX) * 0.1, gy = (maxY - minY) * 0.1;
            for (let k = 0; k < SAMPLES; k++) {
                const plon = minX - gx + rand() * (maxX - minX + 2 * gx), plat = minY - gy + rand() * (maxY - minY + 2 * gy);
                if (outlineDistance(plat, plon, rings) < Math.max(BAND, result.cellMeters)) continue;
                const snap = router.snap(plat, plon, mode);
                let time = Infinity;
                if (snap && snap.distance <= result.offRoadMeters) {
                    try {
                        time = router.route(mode, lat, lon, snap.lat, snap.lon).time / 1000;
                    } catch (err) {
                        if ((err as {code?: string}).code === 'same-position') time = 0;
                        else if ((err as {code?: string}).code !== 'unreachable') throw err;
                    }
                }
                const inside = pointInPolygon(plon, plat, rings), reachable = time <= LIMIT;
                checked++;
                if (inside === reachable) right++;
                else if (wrong.length < 5) wrong.push(`${plat.toFixed(5)},${plon.toFixed(5)}: ${inside ? 'inside' : 'outside'}, ${Number.isFinite(time) ? `${time.toFixed(0)} s` : 'unreachable'}`);
            }
        }
        t.ok(checked >= ORIGINS * SAMPLES * 0.5, `${checked} positions checked`);
        t.ok(right / checked >= 0.97, `${((100 * right) / checked).toFixed(1)}% right (at least 97%); first wrong: ${wrong.join('; ')}`);
    });
}
