// GetMultipleTimes' areas nest (issue 31): every point of the 5-minute area lies in the 10-minute
// area, and every point of that in the 20-minute one, whatever the origin and the mode. A property
// test over seeded origins in every test region, sampled as a client would test containment:
// thousands of random points inside each area, each tested against the next.
import t from 'tap';
import {mulberry32, pointInPolygon} from '@quartier/engine/internal';
import {get, testServer} from './helpers.js';

type Ring = number[][];
const server = await testServer();
t.teardown(() => server.close());

const REGIONS = [
    {cc: 'be', lat: 50.8461, lon: 4.3664, transit: true},
    {cc: 'pt', lat: 41.1496, lon: -8.6109, transit: false},
    {cc: 'mt', lat: 35.8989, lon: 14.5146, transit: true},
    {cc: 'it', lat: 45.4642, lon: 9.19, transit: false},
    {cc: 'de', lat: 50.7753, lon: 6.0839, transit: false}
];
const ORIGINS_PER_REGION = 5;
const SAMPLES_PER_AREA = 3000;

/** The polygons of a Polygon or MultiPolygon geometry. */
function polygonsOf(geometry: {type: string; coordinates: unknown}): Ring[][] {
    return geometry.type === 'Polygon' ? [geometry.coordinates as Ring[]] : geometry.coordinates as Ring[][];
}

const inside = (polygons: Ring[][], x: number, y: number) => polygons.some((rings) => pointInPolygon(x, y, rings));

/** Random points of the area (uniform in its box, kept when inside), at most `wanted`. */
function samplePoints(polygons: Ring[][], wanted: number, random: () => number): number[][] {
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const rings of polygons) for (const [x, y] of rings[0] ?? []) {
        minX = Math.min(minX, x); maxX = Math.max(maxX, x);
        minY = Math.min(minY, y); maxY = Math.max(maxY, y);
    }
    const points: number[][] = [];
    for (let tries = 0; tries < wanted * 20 && points.length < wanted; tries++) {
        const x = minX + random() * (maxX - minX), y = minY + random() * (maxY - minY);
        if (inside(polygons, x, y)) points.push([x, y]);
    }
    return points;
}

for (const region of REGIONS) {
    t.test(`${region.cc}: each area lies inside the next`, async (t) => {
        const random = mulberry32(31 + region.lat * 1000);
        const origins = [[region.lat, region.lon]];
        for (let i = 1; i < ORIGINS_PER_REGION; i++) origins.push([region.lat + (random() - 0.5) * 0.04, region.lon + (random() - 0.5) * 0.06]);
        const modes = region.transit ? ['Driving', 'Walking', 'Bicycling', 'Transit'] : ['Driving', 'Walking', 'Bicycling'];
        let areasTested = 0;
        for (const [lat, lon] of origins) {
            for (const mode of modes) {
                const r = await get(`${server.url}/${region.cc}/isochrone/GetMultipleTimes?travelMode=${mode}&latitude=${lat.toFixed(5)}&longitude=${lon.toFixed(5)}`);
                if (r.status !== 200) continue;
                const areas = r.body.map((a: {iso: {type: string; coordinates: unknown}}) => polygonsOf(a.iso));
                for (let i = 0; i + 1 < areas.length; i++) {
                    const points = samplePoints(areas[i], SAMPLES_PER_AREA, random);
                    const outside = points.filter(([x, y]) => !inside(areas[i + 1], x, y));
                    t.equal(outside.length, 0, `${mode} from ${lat.toFixed(5)}, ${lon.toFixed(5)}: ${outside.length} of ${points.length} points of area ${i + 1} outside area ${i + 2}${outside.length ? ` (${outside[0].join(', ')})` : ''}`);
                    areasTested++;
                }
            }
        }
        t.ok(areasTested >= 2 * ORIGINS_PER_REGION * 2, `${areasTested} pairs of areas tested`);
    });
}
