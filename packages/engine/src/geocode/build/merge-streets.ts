// Stage 2 of build-index.ts: street ways (and squares) of one name in one town, merged when close.
// The pieces (a way or square each) are kept in columns, their vertices end to end: a country has
// millions.
import {Growable} from '../../format/growable.js';
import {StringPool} from '../../format/string-pool.js';
import {METERS_PER_DEGREE_LAT, metersPerDegreeLon} from '../../geo/distance.js';
import {tokenize} from '../fold.js';
import {STREET_SQUARE, STREET_WAY} from '../places.js';
import type {NameSet, PlacesDrafts} from './drafts.js';
import type {Locality, StreetLineCoords, StreetRec} from './records.js';

/** Street ways of one name closer than this (m, between bounding boxes) are one street. */
const STREET_MERGE_METERS = 100;
const MAIN_ROADS = new Set(['motorway', 'trunk', 'primary', 'secondary', 'tertiary']);

/** Piece p: vertices [start[p], start[p + 1]) of coords (lat, lon pairs, degrees), its box, name set, kind and key (name and town). */
export interface StreetPieces {
    count: number;
    coords: Float64Array;
    start: Uint32Array;
    minLat: Float64Array;
    minLon: Float64Array;
    maxLat: Float64Array;
    maxLon: Float64Array;
    type: Uint8Array;
    main: Uint8Array;
    key: Uint32Array;
    names: NameSet[];
    keys: StringPool;
    /** Where each piece's middle vertex lies (its line's, which assignLocalities asks for again). */
    localities: PieceLocalities;
}

/** City and district (place index, -1: none) and postcode area of each piece's middle vertex. */
export interface PieceLocalities {
    city: Int32Array;
    district: Int32Array;
    postal: string[];
}

/** The pieces of streets inside the country: the named street ways, then the squares. */
export function streetPieces(d: PlacesDrafts, inside: (lat: number, lon: number) => boolean,
    localityAt: (lat: number, lon: number) => Locality): StreetPieces {
    const nodes = d.nodes, ways = d.streetWays, squares = d.squares;
    const coords = new Growable(Float64Array, 1 << 16);
    const start = new Growable(Uint32Array);
    start.push(0);
    const minLat = new Growable(Float64Array), minLon = new Growable(Float64Array), maxLat = new Growable(Float64Array), maxLon = new Growable(Float64Array);
    const type = new Growable(Uint8Array), main = new Growable(Uint8Array), key = new Growable(Uint32Array);
    const names: NameSet[] = [];
    const keys = new StringPool();
    const city = new Growable(Int32Array), district = new Growable(Int32Array), postal: string[] = [];
    // Ways of one name are many (each piece of a long street, the same names in every town): folded once.
    const foldedNames = new Map<string, string>();
    /** Adds the vertices from `from` of coords as a piece, unless outside the country. */
    const addPiece = (pieceNames: NameSet, pieceType: number, isMain: boolean, from: number) => {
        const c = coords.data;
        const mid = from + (((coords.length - from) >> 2) << 1);
        if (!inside(c[mid], c[mid + 1])) {
            coords.length = from;
            return;
        }
        let la0 = Infinity, lo0 = Infinity, la1 = -Infinity, lo1 = -Infinity;
        for (let i = from; i < coords.length; i += 2) {
            if (c[i] < la0) la0 = c[i];
            if (c[i] > la1) la1 = c[i];
            if (c[i + 1] < lo0) lo0 = c[i + 1];
            if (c[i + 1] > lo1) lo1 = c[i + 1];
        }
        // A street crossing into the next town is two streets, each with its own city (as addresses say).
        let folded = foldedNames.get(pieceNames.name);
        if (folded === undefined) foldedNames.set(pieceNames.name, folded = tokenize(pieceNames.name).join(' '));
        const here = localityAt(c[mid], c[mid + 1]);
        key.push(keys.id(`${folded}|${here.city}`));
        city.push(here.city);
        district.push(here.district);
        postal.push(here.postal);
        start.push(coords.length);
        minLat.push(la0);
        minLon.push(lo0);
        maxLat.push(la1);
        maxLon.push(lo1);
        type.push(pieceType);
        main.push(isMain ? 1 : 0);
        names.push(pieceNames);
    };
    // A way's nodes mostly have ids one after the other (in the store's order too): the next or previous index of the
    // last is tried before a binary search.
    const storeIds = nodes.ids, found = nodes.found;
    let last = 0;
    const nodeIndex = (id: number): number => {
        if (last + 1 < storeIds.length && storeIds[last + 1] === id) last++;
        else if (last > 0 && storeIds[last - 1] === id) last--;
        else if (storeIds[last] !== id) {
            const k = nodes.indexOf(id);
            if (k >= 0) last = k;
            return k;
        }
        return found[last] ? last : -1;
    };
    /** Appends the known vertices of these node ids to coords; false when none is known. */
    const addVertices = (ids: ArrayLike<number>, from: number, to: number): boolean => {
        const before = coords.length;
        for (let i = from; i < to; i++) {
            const k = nodeIndex(ids[i]);
            if (k < 0) continue;
            const at = coords.reserve(2);
            coords.data[at] = nodes.lat[k] / 1e7;
            coords.data[at + 1] = nodes.lon[k] / 1e7;
        }
        return coords.length > before;
    };
    for (let w = 0; w < ways.length; w++) {
        const from = coords.length;
        if (!addVertices(ways.lists.ids.data, ways.lists.start(w), ways.lists.end(w))) continue;
        addPiece(ways.nameSets[ways.names.data[w]], STREET_WAY, MAIN_ROADS.has(ways.highways.values[ways.highway.data[w]]), from);
    }
    for (const q of squares) {
        const from = coords.length;
        if (q.refs) {
            if (!addVertices(q.refs, 0, q.refs.length)) continue;
        } else {
            const at = coords.reserve(2);
            coords.data[at] = q.lat;
            coords.data[at + 1] = q.lon;
        }
        addPiece(q.names, STREET_SQUARE, false, from);
    }
    return {count: key.length, coords: coords.data, start: start.data, minLat: minLat.data, minLon: minLon.data, maxLat: maxLat.data, maxLon: maxLon.data,
        type: type.data, main: main.data, key: key.data, names, keys, localities: {city: city.data, district: district.data, postal}};
}

/** The merged streets' lines as they are written, street after street. */
class LineWriter {
    readonly lat = new Growable(Float64Array, 1 << 16);
    readonly lon = new Growable(Float64Array, 1 << 16);
    readonly start = new Growable(Uint32Array);
    readonly street = new Growable(Uint32Array);
    readonly piece = new Growable(Uint32Array);

    constructor() {
        this.start.push(0);
    }
}

/** Merges the pieces by key (folded name and town) and proximity into streets, with their lines. */
export function mergeStreets(pieces: StreetPieces): {streets: StreetRec[]; lines: StreetLineCoords} {
    const n = pieces.count, keys = pieces.keys, pMinLat = pieces.minLat, pMinLon = pieces.minLon, pMaxLat = pieces.maxLat, pMaxLon = pieces.maxLon;
    // Pieces in key order (keys compared as strings), then in the order read.
    const keyRank = new Uint32Array(keys.values.length);
    {
        const byKey = Uint32Array.from(keys.values.keys()).sort((x, y) => (keys.values[x] < keys.values[y] ? -1 : keys.values[x] > keys.values[y] ? 1 : 0));
        for (let r = 0; r < byKey.length; r++) keyRank[byKey[r]] = r;
    }
    // By counting: the order of a sort by rank, then by piece.
    const pKey = pieces.key;
    const order = new Uint32Array(n), rankStart = new Uint32Array(keyRank.length + 1);
    for (let i = 0; i < n; i++) rankStart[keyRank[pKey[i]] + 1]++;
    for (let r = 0; r < keyRank.length; r++) rankStart[r + 1] += rankStart[r];
    for (let i = 0; i < n; i++) order[rankStart[keyRank[pKey[i]]]++] = i;

    const streets: StreetRec[] = [];
    const lines = new LineWriter();
    // Below, i and j are positions in key order; order[i] is the piece.
    const parent = new Int32Array(n);
    const find = (i: number): number => {
        while (parent[i] !== i) i = parent[i] = parent[parent[i]];
        return i;
    };
    for (let first = 0; first < n;) {
        let end = first + 1;
        while (end < n && pKey[order[end]] === pKey[order[first]]) end++;
        for (let i = first; i < end; i++) parent[i] = i;
        // Pieces whose boxes, grown by STREET_MERGE_METERS, overlap join one street. Swept in latitude order: a name
        // no town claims ("rue de la gare|-1") has pieces all over a country, and all pairs of them are too many.
        const byLat = Int32Array.from({length: end - first}, (_, k) => first + k).sort((x, y) => pMinLat[order[x]] - pMinLat[order[y]] || x - y);
        const dLat = STREET_MERGE_METERS / METERS_PER_DEGREE_LAT;
        for (let u = 0; u < byLat.length; u++) {
            const pu = order[byLat[u]];
            for (let v = u + 1; v < byLat.length && pMinLat[order[byLat[v]]] <= pMaxLat[pu] + dLat; v++) {
                // The longitude margin at the first piece's latitude, as a pairwise test of pieces in key order would take it.
                const i = Math.min(byLat[u], byLat[v]), j = Math.max(byLat[u], byLat[v]);
                const a = order[i], b = order[j];
                const dLon = STREET_MERGE_METERS / metersPerDegreeLon(pMinLat[a]);
                if (pMinLon[b] > pMaxLon[a] + dLon || pMaxLon[b] < pMinLon[a] - dLon) continue;
                parent[find(j)] = find(i);
            }
        }
        const groups = new Map<number, number[]>();
        for (let i = first; i < end; i++) {
            const r = find(i);
            const g = groups.get(r);
            if (g) g.push(order[i]);
            else groups.set(r, [order[i]]);
        }
        for (const members of groups.values()) streets.push(mergedStreet(pieces, members, streets.length, lines));
        first = end;
    }
    return {streets, lines: {lineStart: lines.start.toArray(), lineStreet: lines.street.toArray(), linePiece: lines.piece.toArray(), lat: lines.lat.toArray(),
        lon: lines.lon.toArray()}};
}

/** Street `index`, made of these pieces; their vertices become its lines. */
function mergedStreet(pieces: StreetPieces, group: number[], index: number, lines: LineWriter): StreetRec {
    const names = pieces.names, c = pieces.coords, pStart = pieces.start;
    const merged: NameSet = {name: names[group[0]].name, names: {}, alt: []};
    let la0 = Infinity, lo0 = Infinity, la1 = -Infinity, lo1 = -Infinity, sLat = 0, sLon = 0, count = 0, isMain = false, streetType = STREET_WAY;
    for (const p of group) {
        const pn = names[p];
        for (const k in pn.names) if (!(k in merged.names)) merged.names[k] = pn.names[k];
        for (const a of pn.alt) if (!merged.alt.includes(a)) merged.alt.push(a);
        la0 = Math.min(la0, pieces.minLat[p]);
        lo0 = Math.min(lo0, pieces.minLon[p]);
        la1 = Math.max(la1, pieces.maxLat[p]);
        lo1 = Math.max(lo1, pieces.maxLon[p]);
        for (let i = pStart[p]; i < pStart[p + 1]; i += 2) {
            sLat += c[i];
            sLon += c[i + 1];
            count++;
        }
        isMain ||= pieces.main[p] === 1;
        if (pieces.type[p] === STREET_SQUARE) streetType = STREET_SQUARE;
    }
    // The vertex nearest the mean: a point on the street, near its middle.
    const mLat = sLat / count, mLon = sLon / count;
    let lat = mLat, lon = mLon, best = Infinity;
    for (const p of group) {
        for (let i = pStart[p]; i < pStart[p + 1]; i += 2) {
            const dd = (c[i] - mLat) ** 2 + (c[i + 1] - mLon) ** 2;
            if (dd < best) {
                best = dd;
                lat = c[i];
                lon = c[i + 1];
            }
        }
    }
    const firstLine = lines.street.length;
    for (const p of group) {
        for (let i = pStart[p]; i < pStart[p + 1]; i += 2) {
            lines.lat.push(c[i]);
            lines.lon.push(c[i + 1]);
        }
        lines.start.push(lines.lat.length);
        lines.street.push(index);
        lines.piece.push(p);
    }
    return {names: merged, type: streetType, main: isMain, firstLine, lineCount: group.length, minLat: la0, minLon: lo0, maxLat: la1, maxLon: lo1,
        lat, lon, city: -1, district: -1, postcode: ''};
}
