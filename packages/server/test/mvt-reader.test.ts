// The engine's flat vector-tile reader (what /image draws from) against @mapbox/vector-tile on real
// tiles of every region at several zooms: the same layers, features, types, tags and coordinates.
import path from 'node:path';
import zlib from 'node:zlib';
import t from 'tap';
import {VectorTile} from '@mapbox/vector-tile';
import {PbfReader} from 'pbf';
import {Region, WORLD, readVectorTile, regionSections} from '@quartier/engine/internal';
import {testBuildRoot} from './helpers.js';

const PLACES: [string, number, number][] = [['BE', 50.8461, 4.3664], ['PT', 41.1496, -8.6110], ['MT', 35.8989, 14.5146]];

for (const [cc, lat, lon] of PLACES) {
    t.test(cc, async (t) => {
        const region = Region.open(path.join(testBuildRoot, cc));
        let compared = 0;
        for (const z of [8, 11, 13, 14]) {
            const n = 2 ** z, r = lat * Math.PI / 180;
            const x = Math.floor((lon + 180) / 360 * n), y = Math.floor((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2 * n);
            const gz = regionSections(region).tiles.get(z, x, y);
            if (!gz) continue;
            const raw = zlib.gunzipSync(gz);
            const ours = readVectorTile(raw, z, x, y);
            const theirs = new VectorTile(new PbfReader(raw));
            t.same([...ours.layerNames].sort(), Object.keys(theirs.layers).sort(), `${z}/${x}/${y}: the same layers`);
            const size = WORLD / n;
            let mismatches = 0;
            for (let l = 0; l < ours.layerNames.length; l++) {
                const layer = theirs.layers[ours.layerNames[l]];
                const start = ours.layerFeatureStart[l], end = ours.layerFeatureStart[l + 1];
                t.equal(end - start, layer.length, `${z}/${x}/${y} ${layer.name}: ${layer.length} features`);
                for (let i = 0; i < layer.length; i++) {
                    const f = start + i, feature = layer.feature(i);
                    const rings = feature.loadGeometry();
                    const unit = size / layer.extent;
                    let same = ours.featureType[f] === feature.type && JSON.stringify(ours.properties(f)) === JSON.stringify(feature.properties);
                    same &&= ours.partStart[f + 1] - ours.partStart[f] === rings.length;
                    for (let p = 0; same && p < rings.length; p++) {
                        const ring = feature.type === 3 ? rings[p].slice(0, -1) : rings[p];
                        const c0 = ours.coordStart[ours.partStart[f] + p];
                        same = ours.coordStart[ours.partStart[f] + p + 1] - c0 === ring.length &&
                            ring.every((pt, k) => ours.xs[c0 + k] === Math.round(x * size + pt.x * unit) && ours.ys[c0 + k] === Math.round(y * size + pt.y * unit));
                    }
                    if (!same) mismatches++;
                    compared++;
                }
            }
            t.equal(mismatches, 0, `${z}/${x}/${y}: every feature read alike`);
        }
        t.ok(compared > 1000, `${compared} features compared`);
    });
}

t.test('a malformed tile is an error, not a wrong picture', async (t) => {
    // A layer with one feature whose geometry holds command 3, which the spec does not have.
    t.throws(() => readVectorTile(Uint8Array.of(0x1a, 0x05, 0x12, 0x03, 0x22, 0x01, 0x0b), 14, 0, 0), /unknown geometry command 3/);
});
