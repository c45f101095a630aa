// Isochrone accuracy against routing. For random origins per mode and region, computes the areas
// for 5, 10, 20 and 30 minutes (each on its own, as /isochrone does), samples positions around them, routes to each position with the
// engine's router (contraction hierarchies: independent of the isochrone's own search), and
// compares "inside the polygon" with "reachable within the limit" under the same off-road rule
// (the position's nearest usable road is within OFF_ROAD_METERS and reached in time). Positions
// within BAND metres of the polygon's outline are left out. Nesting (5 ⊂ 10 ⊂ 20) is checked on
// the three areas of one GetMultipleTimes-style call: every vertex of an area inside the next, or
// within half a grid spacing of its outline (each outline is simplified by a quarter spacing).
// Usage: node bench/isochrone-accuracy.js [origins=50] [samples=300]
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {Region, buildRegion, loadRegionConfigs} from '@quartier/engine';
import {OFF_ROAD_METERS, haversineMeters} from '@quartier/engine/internal';
import {mulberry32} from './lib/stats.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const origins = Number(process.argv[2] ?? 50);
const samples = Number(process.argv[3] ?? 300);
const LIMITS = [300, 600, 1200, 1800];
const BAND = 50;  // plus one grid spacing: see below
const boxes = {BE: [50.80, 4.30, 50.89, 4.45], PT: [41.13, -8.66, 41.19, -8.57]};

const rand = mulberry32(20261122);

function inside(x, y, rings) {
    let c = false;
    for (const ring of rings) {
        for (let i = 0, j = ring.length - 2; i < ring.length - 1; j = i++) {
            const [xi, yi] = ring[i], [xj, yj] = ring[j];
            if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c;
        }
    }
    return c;
}

function boundaryDistance(lat, lon, rings) {
    const kx = 111320 * Math.cos((lat * Math.PI) / 180), ky = 111320;
    let best = Infinity;
    for (const ring of rings) {
        for (let i = 0; i + 1 < ring.length; i++) {
            const ax = (ring[i][0] - lon) * kx, ay = (ring[i][1] - lat) * ky;
            const bx = (ring[i + 1][0] - lon) * kx, by = (ring[i + 1][1] - lat) * ky;
            const dx = bx - ax, dy = by - ay, l2 = dx * dx + dy * dy;
            let t = l2 > 0 ? -(ax * dx + ay * dy) / l2 : 0;
            t = Math.max(0, Math.min(1, t));
            best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
        }
    }
    return best;
}

console.log(`origins per mode and region: ${origins}; samples per origin: ${samples}; band: max(${BAND} m, grid spacing); off-road: max(${OFF_ROAD_METERS} m, grid spacing)`);
console.log('| region | mode | limit | points | right | false inside | false outside | vertices (mean) | nested |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const cc of Object.keys(boxes)) {
    const [config] = loadRegionConfigs([cc]);
    const region = Region.open(buildRegion(config, {outDir: path.join(root, 'build', 'regions'), quiet: true}).dir);
    const router = region.router;
    const iso = region.roadIsochrones;
    const transitIso = region.hasTransit ? region.transitIsochrones : null;
    // Transit: the same areas as walking, made of every piece; routes by RAPTOR with walking access.
    const TRANSIT = 3;
    const modes = [[0, 'car'], [1, 'foot'], [2, 'bike']];
    if (transitIso) modes.push([TRANSIT, 'transit']);
    const compute = (mode, lat, lon, limits) => {
        if (mode !== TRANSIT) return iso.compute(mode, lat, lon, limits);
        const found = transitIso.compute(lat, lon, limits);
        if (!found) return null;
        // A MultiPolygon's rings, flattened: even-odd over all of them is inside any piece.
        return {...found, areas: found.areas.map((a) => ({coordinates: a.coordinates.flat()}))};
    };
    const travel = (mode, lat, lon, toLat, toLon) => mode === TRANSIT
        ? region.transitRouter.route(lat, lon, toLat, toLon).time / 1000
        : router.route(mode, lat, lon, toLat, toLon).time / 1000;
    for (const [mode, name] of modes) {
        const stats = LIMITS.map(() => ({n: 0, right: 0, fin: 0, fout: 0, vertices: 0, polys: 0}));
        let nestedOk = 0, nestedAll = 0;
        for (let o = 0; o < origins; o++) {
            const [s, w, n, e] = boxes[cc];
            const lat = s + rand() * (n - s), lon = w + rand() * (e - w);
            const single = LIMITS.map((limit) => compute(mode, lat, lon, [limit]));
            if (!single[0]) {
                o--;
                continue;
            }
            const polys = single.map((r) => r.areas[0]);
            const result = single[LIMITS.length - 1];
            // Nesting, on one call for 5, 10 and 20 minutes: every vertex of an area inside the next.
            const multi = compute(mode, lat, lon, [300, 600, 1200]);
            for (let l = 0; l + 1 < 3; l++) {
                nestedAll++;
                let ok = true;
                const slack = multi.cellMeters / 2;
                for (const ring of multi.areas[l].coordinates.slice(0, 1)) {
                    for (const [x, y] of ring) if (!inside(x, y, multi.areas[l + 1].coordinates) && boundaryDistance(y, x, multi.areas[l + 1].coordinates) > slack) ok = false;
                }
                if (ok) nestedOk++;
            }
            // Positions: uniform in the largest area's box, grown by a fifth.
            let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
            for (const [x, y] of polys[LIMITS.length - 1].coordinates[0] ?? []) {
                minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
            }
            const gx = (maxX - minX) * 0.1, gy = (maxY - minY) * 0.1;
            for (let k = 0; k < samples; k++) {
                const plon = minX - gx + rand() * (maxX - minX + 2 * gx), plat = minY - gy + rand() * (maxY - minY + 2 * gy);
                const snap = router.snap(plat, plon, mode === TRANSIT ? 1 : mode);
                let time = Infinity;
                if (snap && snap.distance <= result.offRoadMeters) {
                    // (The off-road allowance of the largest area; smaller ones use at most as much.)
                    try {
                        time = travel(mode, lat, lon, snap.lat, snap.lon);
                    } catch (err) {
                        time = err.code === 'same-position' ? 0 : Infinity;
                    }
                }
                LIMITS.forEach((limit, l) => {
                    const rings = polys[l].coordinates;
                    if (rings.length === 0 || boundaryDistance(plat, plon, rings) < Math.max(BAND, single[l].cellMeters)) return;
                    const st = stats[l];
                    const inPoly = inside(plon, plat, rings), reachable = time <= limit;
                    st.n++;
                    if (inPoly === reachable) st.right++;
                    else if (inPoly) st.fin++;
                    else st.fout++;
                });
            }
            LIMITS.forEach((_, l) => {
                stats[l].vertices += polys[l].coordinates.reduce((a, r) => a + r.length, 0);
                stats[l].polys++;
            });
        }
        LIMITS.forEach((limit, l) => {
            const st = stats[l];
            const pct = (x) => `${((100 * x) / Math.max(1, st.n)).toFixed(1)}%`;
            console.log(`| ${cc} | ${name} | ${limit / 60} min | ${st.n} | ${pct(st.right)} | ${pct(st.fin)} | ${pct(st.fout)} | ${(st.vertices / st.polys).toFixed(0)} | ${l < 2 ? `${nestedOk}/${nestedAll}` : ''} |`);
        });
    }
}
