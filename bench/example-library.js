// The library example of docs/library.md, runnable: node bench/example-library.js
import {FOOT, Region, buildRegion, loadRegionConfigs} from '@quartier/engine';

// Build (or reuse) the Brussels bundle in ./build/regions, from the extracts under QUARTIER_DATA, then open it.
const [config] = loadRegionConfigs(['BE']);
const {dir} = buildRegion(config, {outDir: 'build/regions'});
const region = Region.open(dir);

console.log(region.contains(50.8467, 4.3525));          // true: inside Belgium
console.log(region.contains(48.8566, 2.3522));          // false: Paris

// The places in a box, named in French.
const {items, truncated} = region.points({minLat: 50.844, minLon: 4.362, maxLat: 50.849, maxLon: 4.371, language: 'FR'});
console.log(items.length, truncated, items[0]);

// A walk from the Grand-Place to the Parc de Bruxelles: metres and milliseconds.
const walk = region.router.route(FOOT, 50.8467, 4.3525, 50.8443, 4.3643);
console.log(Math.round(walk.distance), walk.time);

// What lies around a point: here, the nearest supermarkets, each with the trips to it.
const around = region.neighbourhood.find(50.8461, 4.3664);
const supermarkets = around.categories.flatMap((c) => c.subcategories).find((s) => s.key === 'supermarket');
console.log(supermarkets?.places.map((p) => p.name));
