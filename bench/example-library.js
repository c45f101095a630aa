// The library example of docs/library.md, runnable: node bench/example-library.js
import {Region, Catalog, queryPoints, buildRegion, loadRegionConfigs, dataRoot} from '@quartier/engine';

// Build (or reuse) the Brussels bundle, then open it.
const [config] = loadRegionConfigs(['BE']);
const {dir} = buildRegion(config, {dataRoot: dataRoot(), outDir: 'build/regions'});
const region = Region.open(dir);

console.log(region.contains(50.8467, 4.3525));          // true: inside Belgium
console.log(region.contains(48.8566, 2.3522));          // false: Paris

const catalog = new Catalog(region.pois);
const {items, truncated} = queryPoints(region.pois, catalog, {
    minLat: 50.844, minLon: 4.362, maxLat: 50.849, maxLon: 4.371, language: 'FR'
});
console.log(items.length, truncated, items[0]);

// The three supermarkets nearest to a point (record ids), with their names.
const nearest = region.pois.nearest(50.8461, 4.3664, 3, (i) => region.pois.ct[i] === 3 && region.pois.st[i] === 1);
console.log(nearest.map((i) => region.pois.name(i)));
