// Where two versions of the tiles' inputs differ (the map data and the places a region update rebuilt against the
// previous bundle's): the boxes, in world units, of every map feature, place, named POI, house number and landmark
// that is not in both, in the same order, with the same content as the cutter (tile-builder.ts) reads it. A tile
// whose query box meets none of them draws the same features, in the same order, from the same content: its bytes
// are the previous archive's (tile-patch.ts). Changes that reach beyond their own box (the sea's extent, a street
// name's name:xx) give null: the archive is cut again whole.
import type {Places} from '../geocode/places.js';
import type {MapBand, MapData} from '../map-data/map-data.js';
import {mercatorX, mercatorY} from '../map-data/mercator.js';
import {NAMED_KEYS, SAME_PLACE} from './tile-builder.js';

/** Boxes in world units, four numbers each (minX, minY, maxX, maxY). */
export type DirtyBoxes = number[];

/** The boxes where the cutter's inputs differ, or null when a change reaches every tile. */
export function changedBoxes(oldMap: MapData, oldPlaces: Places, map: MapData, places: Places): DirtyBoxes | null {
    if (JSON.stringify([oldMap.bbox, oldMap.coastline, oldMap.bands.map((b) => [b.minZoom])])
        !== JSON.stringify([map.bbox, map.coastline, map.bands.map((b) => [b.minZoom])])) return null;
    if (!sameStreetNames(oldPlaces, places)) return null;
    const boxes: DirtyBoxes = [];
    for (let k = 0; k < map.bands.length; k++) {
        const [gone, added] = unmatched(bandHashes(oldMap, oldMap.bands[k]), bandHashes(map, map.bands[k]));
        for (const id of gone) featureBox(oldMap.bands[k], id, boxes);
        for (const id of added) featureBox(map.bands[k], id, boxes);
    }
    const oldPoints = pointFeatures(oldPlaces), newPoints = pointFeatures(places);
    const [gonePoints, addedPoints] = unmatched(pointHashes(oldPlaces, oldPoints), pointHashes(places, newPoints));
    for (const i of gonePoints) pointBox(oldPlaces, oldPoints[i], [oldMap, map], boxes);
    for (const i of addedPoints) pointBox(places, newPoints[i], [oldMap, map], boxes);
    const [goneAddresses, addedAddresses] = unmatched(addressHashes(oldPlaces), addressHashes(places));
    for (const a of goneAddresses) lonLatBox(oldPlaces.aLon[a], oldPlaces.aLat[a], boxes);
    for (const a of addedAddresses) lonLatBox(places.aLon[a], places.aLat[a], boxes);
    const landmarks = (m: MapData) => Float64Array.from({length: m.landmarks.count}, (_, i) => stringHash(JSON.stringify(m.landmarks.get(i)), 0));
    const [goneLandmarks, addedLandmarks] = unmatched(landmarks(oldMap), landmarks(map));
    for (const i of goneLandmarks) boxes.push(oldMap.landmarks.get(i).x, oldMap.landmarks.get(i).y, oldMap.landmarks.get(i).x, oldMap.landmarks.get(i).y);
    for (const i of addedLandmarks) boxes.push(map.landmarks.get(i).x, map.landmarks.get(i).y, map.landmarks.get(i).x, map.landmarks.get(i).y);
    return boxes;
}

/** Whether the first street of each name with name:xx names (what roads' labels take theirs from) is the same. */
function sameStreetNames(a: Places, b: Places): boolean {
    const firsts = (P: Places) => {
        const out = new Map<string, string>();
        for (let s = 0; s < P.streetCount; s++) {
            const names = P.strings.get(P.fNames[s]);
            if (names.length > 2 && !out.has(P.name(s))) out.set(P.name(s), names);
        }
        return out;
    };
    const x = firsts(a), y = firsts(b);
    if (x.size !== y.size) return false;
    for (const [name, names] of x) if (y.get(name) !== names) return false;
    return true;
}

// Hashes: two 32-bit lanes (FNV-1a and a multiplicative one) folded into a float64 of 53 bits.
const H1 = 0x811c9dc5, P1 = 0x01000193, P2 = 0x2c1b3c6d;
const f32 = new Float32Array(1), f32Bits = new Int32Array(f32.buffer);

function mix(h: number, value: number): number {
    return Math.imul(h ^ value, P1);
}

function fold(h1: number, h2: number): number {
    return (h1 >>> 0) + (h2 & 0x1fffff) * 2 ** 32;
}

function stringHash(s: string, seed: number): number {
    let h1 = H1 ^ seed, h2 = seed + s.length;
    for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        h1 = mix(h1, c);
        h2 = Math.imul(h2 + c, P2);
    }
    return fold(h1, h2 ^ (h2 >>> 15));
}

/** A band's features as the cutter reads them: kind, class, flags, name, heights, ref, attributes, parts and coordinates. */
function bandHashes(map: MapData, band: MapBand): Float64Array {
    const out = new Float64Array(band.count);
    const names = new Map<number, number>();
    const nameHash = (i: number) => {
        let h = names.get(i);
        if (h === undefined) names.set(i, h = i === 0 ? 0 : stringHash(map.name(i), 7));
        return h;
    };
    for (let id = 0; id < band.count; id++) {
        let h1 = mix(mix(mix(mix(H1, band.kind[id]), band.cls[id]), band.flags[id]), band.attr[id]);
        h1 = mix(mix(mix(h1, band.height[id]), band.minHeight[id]), band.partStart[id + 1] - band.partStart[id]);
        const name = nameHash(band.name[id]), ref = nameHash(band.ref[id]);
        h1 = mix(mix(h1, name % 2 ** 31), ref % 2 ** 31);
        let h2 = Math.imul(Math.floor(name / 2 ** 31) + 1, P2) ^ Math.floor(ref / 2 ** 31);
        for (let p = band.partStart[id]; p < band.partStart[id + 1]; p++) {
            h1 = mix(h1, band.coordStart[p + 1] - band.coordStart[p]);
            for (let c = band.coordStart[p]; c < band.coordStart[p + 1]; c++) {
                h1 = mix(mix(h1, band.x[c]), band.y[c]);
                h2 = Math.imul(h2 + band.x[c], P2) ^ band.y[c];
            }
        }
        out[id] = fold(h1, h2);
    }
    return out;
}

function featureBox(band: MapBand, id: number, boxes: DirtyBoxes): void {
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (let c = band.coordStart[band.partStart[id]]; c < band.coordStart[band.partStart[id + 1]]; c++) {
        if (band.x[c] < minX) minX = band.x[c];
        if (band.x[c] > maxX) maxX = band.x[c];
        if (band.y[c] < minY) minY = band.y[c];
        if (band.y[c] > maxY) maxY = band.y[c];
    }
    if (minX <= maxX) boxes.push(minX, minY, maxX, maxY);
}

/** The features the cutter's point index holds: places and POIs with a name, in feature order. */
function pointFeatures(P: Places): number[] {
    const out: number[] = [];
    for (let f = P.placeOffset; f < P.featureCount; f++) if (P.name(f)) out.push(f);
    return out;
}

function poiKeyOf(P: Places, f: number): string {
    return P.isPlace(f) ? '' : P.strings.get(P.poiKey[f - P.poiOffset]);
}

/** A point's position, names, kind, weight (population, importance) and POI key. */
function pointHashes(P: Places, points: number[]): Float64Array {
    return Float64Array.from(points, (f) => {
        f32[0] = P.fImportance[f];
        const place = P.isPlace(f);
        const numbers = `${P.fLon[f]} ${P.fLat[f]} ${place ? 1 : 0} ${P.fType[f]} ${place ? P.placePopulation[f - P.placeOffset] : 0} ${f32Bits[0]}`;
        return stringHash(`${numbers}\u0000${P.name(f)}\u0000${P.strings.get(P.fNames[f])}\u0000${poiKeyOf(P, f)}`, 3);
    });
}

/**
 * A point's box; a POI that names landmarks and parks (the cutter looks for it within SAME_PLACE of their middle)
 * reaches the boxes of every map feature and landmark near it too.
 */
function pointBox(P: Places, f: number, maps: MapData[], boxes: DirtyBoxes): void {
    const x = mercatorX(P.fLon[f] / 1e7), y = mercatorY(P.fLat[f] / 1e7);
    boxes.push(x, y, x, y);
    if (!NAMED_KEYS.has(poiKeyOf(P, f))) return;
    const reach = SAME_PLACE + 1;
    boxes.push(x - reach, y - reach, x + reach, y + reach);
    for (const map of maps) {
        for (const band of map.bands) for (const id of band.search(x - reach, y - reach, x + reach, y + reach)) featureBox(band, id, boxes);
    }
}

/** House numbers as the cutter reads them: position, number, flags. */
function addressHashes(P: Places): Float64Array {
    const out = new Float64Array(P.addressCount);
    const numbers = new Map<number, number>();
    for (let a = 0; a < P.addressCount; a++) {
        let n = numbers.get(P.aNumber[a]);
        if (n === undefined) numbers.set(P.aNumber[a], n = stringHash(P.strings.get(P.aNumber[a]), 5));
        const h1 = mix(mix(mix(mix(H1, P.aLon[a]), P.aLat[a]), P.aFlags[a]), n % 2 ** 31);
        out[a] = fold(h1, Math.imul(Math.imul(P.aLon[a] + 1, P2) ^ P.aLat[a], P2) + Math.floor(n / 2 ** 31));
    }
    return out;
}

function lonLatBox(lon: number, lat: number, boxes: DirtyBoxes): void {
    const x = mercatorX(lon / 1e7), y = mercatorY(lat / 1e7);
    boxes.push(x, y, x, y);
}

/** How far ahead a resynchronisation is looked for item by item, before the hash maps are built. */
const WINDOW = 32;

/**
 * A greedy alignment of two sequences of hashes that keeps their order (the cutter draws a tile's features in
 * index order): the items of each left unmatched (gone from the first, added in the second, or moved).
 */
export function unmatched(a: Float64Array, b: Float64Array): [number[], number[]] {
    const matchedA = new Uint8Array(a.length), matchedB = new Uint8Array(b.length);
    let inA: Map<number, number[]> | null = null, inB: Map<number, number[]> | null = null;
    let i = 0, j = 0;
    while (i < a.length && j < b.length) {
        if (a[i] === b[j]) {
            matchedA[i++] = 1;
            matchedB[j++] = 1;
            continue;
        }
        let skipB = nearAhead(b, j, a[i]), skipA = nearAhead(a, i, b[j]);
        if (skipA < 0 && skipB < 0 && (i + 1 >= a.length || j + 1 >= b.length || a[i + 1] === b[j + 1])) {
            // One item changed in place.
            i++;
            j++;
            continue;
        }
        if (skipA < 0 && skipB < 0) {
            inA ??= positions(a);
            inB ??= positions(b);
            skipB = farAhead(inB, j, a[i]);
            skipA = farAhead(inA, i, b[j]);
        }
        if (skipB > 0 && (skipA < 0 || skipB <= skipA)) j += skipB;
        else if (skipA > 0) i += skipA;
        else {
            i++;
            j++;
        }
    }
    const left = (matched: Uint8Array) => {
        const out: number[] = [];
        for (let k = 0; k < matched.length; k++) if (!matched[k]) out.push(k);
        return out;
    };
    return [left(matchedA), left(matchedB)];
}

function nearAhead(s: Float64Array, from: number, hash: number): number {
    for (let k = 1; k <= WINDOW && from + k < s.length; k++) if (s[from + k] === hash) return k;
    return -1;
}

function positions(s: Float64Array): Map<number, number[]> {
    const out = new Map<number, number[]>();
    for (let k = 0; k < s.length; k++) {
        const list = out.get(s[k]);
        if (list) list.push(k);
        else out.set(s[k], [k]);
    }
    return out;
}

/** How far past `from` the next item of this hash lies, or -1. */
function farAhead(positionsOf: Map<number, number[]>, from: number, hash: number): number {
    const list = positionsOf.get(hash);
    if (!list) return -1;
    let lo = 0, hi = list.length;
    while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (list[mid] <= from) lo = mid + 1;
        else hi = mid;
    }
    return lo < list.length ? list[lo] - from : -1;
}
