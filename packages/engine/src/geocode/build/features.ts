// Stage 6 of build-index.ts: the features (streets, places, POIs, in that order) in columns, their
// name variants (token lists) and importance, and the postcodes (one per key: "1000", "B-1000" and
// "1000 Bruxelles" are the same).
import {StringTableBuilder} from '../../format/strings.js';
import {postcodeKey, tokenize} from '../fold.js';
import {LANDMARK_IMPORTANCE, LANDMARK_KEYS, PLACE_TYPES, POI_IMPORTANCE} from '../places.js';
import {nameStrings, type NameSet} from './drafts.js';
import type {PlaceRec, PoiRec, StreetRec} from './records.js';

/** Name variants kept per feature (a capital has a hundred name:xx). */
const MAX_VARIANTS = 48;
const PLACE_RANK: Record<string, number> = {
    city: 1, town: 0.85, village: 0.7, municipality: 0.75, borough: 0.6, suburb: 0.55, quarter: 0.45, neighbourhood: 0.4,
    hamlet: 0.35, locality: 0.25, isolated_dwelling: 0.15, island: 0.6, islet: 0.2
};

/** The section's strings and postcodes, as they are interned. */
export class SectionStrings {
    readonly strings = new StringTableBuilder();
    /** Postcodes in display form, by index (a column holds index + 1, 0: none). */
    readonly postcodeList: string[] = [];
    private readonly postcodes = new Map<string, number>();
    /** postcodeOf's answer by the tag's text: a country's millions of addresses share a few thousand postcodes. */
    private readonly byRaw = new Map<string, number>();

    constructor() {
        this.strings.intern('');
        this.strings.intern('{}');
    }

    /** Index + 1 of a tagged postcode, 0 when it holds no digit. */
    postcodeOf(raw: string): number {
        let known = this.byRaw.get(raw);
        if (known === undefined) this.byRaw.set(raw, known = this.postcodeIndex(raw));
        return known;
    }

    private postcodeIndex(raw: string): number {
        const code = cleanPostcode(raw);
        const key = postcodeKey(code);
        if (!/\d/.test(key)) return 0;
        let p = this.postcodes.get(key);
        if (p === undefined) {
            p = this.postcodeList.length;
            this.postcodes.set(key, p);
            this.postcodeList.push(code);
        }
        return p + 1;
    }
}

/** Feature columns (f_*, poi_*), and each feature's name variants. */
export interface FeatureColumns {
    S: number;
    P: number;
    I: number;
    F: number;
    fLat: Int32Array;
    fLon: Int32Array;
    fName: Uint32Array;
    fNames: Uint32Array;
    fCity: Uint32Array;
    fDistrict: Uint32Array;
    fPostcode: Uint32Array;
    fImportance: Float32Array;
    fType: Uint8Array;
    poiKey: Uint32Array;
    poiHousenumber: Uint32Array;
    poiStreet: Uint32Array;
    variants: string[][][];
}

export function featureColumns(streets: StreetRec[], places: PlaceRec[], pois: PoiRec[], out: SectionStrings): FeatureColumns {
    const strings = out.strings;
    const S = streets.length, P = places.length, I = pois.length, F = S + P + I;
    const c: FeatureColumns = {
        S, P, I, F, fLat: new Int32Array(F), fLon: new Int32Array(F), fName: new Uint32Array(F), fNames: new Uint32Array(F),
        fCity: new Uint32Array(F), fDistrict: new Uint32Array(F), fPostcode: new Uint32Array(F), fImportance: new Float32Array(F), fType: new Uint8Array(F),
        poiKey: new Uint32Array(I), poiHousenumber: new Uint32Array(I), poiStreet: new Uint32Array(I), variants: []
    };
    // The same names over and over (a street name in every town): their tokens once, the lists shared (read only).
    const tokensOf = new Map<string, string[]>();
    const setFeature = (f: number, lat: number, lon: number, names: NameSet, city: number, district: number, postcode: string, extra: string[]) => {
        c.fLat[f] = Math.round(lat * 1e7);
        c.fLon[f] = Math.round(lon * 1e7);
        c.fName[f] = strings.intern(names.name);
        c.fNames[f] = strings.intern(JSON.stringify(names.names));
        c.fCity[f] = city >= 0 ? S + city + 1 : 0;
        c.fDistrict[f] = district >= 0 ? S + district + 1 : 0;
        c.fPostcode[f] = out.postcodeOf(postcode);
        c.variants[f] = variantsOf(names, extra, f < S + P, tokensOf);
    };
    for (let s = 0; s < S; s++) {
        const st = streets[s];
        setFeature(s, st.lat, st.lon, st.names, st.city, st.district, st.postcode, []);
        c.fType[s] = st.type;
        c.fImportance[s] = st.main ? 0.32 : 0.3;
    }
    for (let p = 0; p < P; p++) {
        const pl = places[p];
        const f = S + p;
        setFeature(f, pl.lat, pl.lon, pl.names, pl.city, -1, pl.postcode, pl.extraNames);
        c.fType[f] = pl.type;
        c.fImportance[f] = (PLACE_RANK[PLACE_TYPES[pl.type]] ?? 0.2) + Math.min(0.3, Math.log10(1 + pl.population) / 20);
    }
    for (let i = 0; i < I; i++) {
        const po = pois[i];
        const f = S + P + i;
        setFeature(f, po.lat, po.lon, po.names, po.city, po.district, po.postcode, []);
        c.fImportance[f] = LANDMARK_KEYS.has(po.key) ? LANDMARK_IMPORTANCE : POI_IMPORTANCE;
        c.poiKey[i] = strings.intern(po.key);
        c.poiHousenumber[i] = strings.intern(po.housenumber);
        c.poiStreet[i] = strings.intern(po.street);
    }
    return c;
}

/**
 * Every postcode a street has (its own, its pieces', its addresses'): a long street matches any of
 * them. Street s has pcs[start[s], start[s + 1]) (postcode index + 1).
 */
export function streetPostcodes(streets: StreetRec[], linePostcode: string[], addressStreet: Uint32Array, addressPostcode: Uint32Array, addressCount: number,
    poolValues: string[], out: SectionStrings): {start: Uint32Array; pcs: Uint32Array} {
    const sets: Set<number>[] = streets.map((st) => {
        const set = new Set([out.postcodeOf(st.postcode)]);
        for (let l = st.firstLine; l < st.firstLine + st.lineCount; l++) set.add(out.postcodeOf(linePostcode[l]));
        return set;
    });
    for (let i = 0; i < addressCount; i++) sets[addressStreet[i]].add(out.postcodeOf(poolValues[addressPostcode[i]]));
    const S = streets.length;
    const start = new Uint32Array(S + 1);
    const pcs: number[] = [];
    for (let s = 0; s < S; s++) {
        for (const p of sets[s]) if (p !== 0) pcs.push(p);
        start[s + 1] = pcs.length;
    }
    return {start, pcs: Uint32Array.from(pcs)};
}

/**
 * The postcode in a tag value: without a country prefix ("B-1000") or a town after it ("1180 Bruxelles").
 * Kept as tagged when it has no such shape (letters-only codes).
 */
function cleanPostcode(raw: string): string {
    const t = raw.trim();
    const m = /^(?:[A-Za-z]{1,2}-)?([A-Za-z]{0,3}\s?\d{3,5}(?:-\d{3})?)\b/.exec(t);
    return m ? m[1] : t;
}

/** Distinct token lists of a feature's names. */
function variantsOf(names: NameSet, extra: string[], split: boolean, tokensOf: Map<string, string[]>): string[][] {
    const out: string[][] = [];
    const seen = new Set<string>();
    for (const s of nameStrings(names, extra, split)) {
        let tokens = tokensOf.get(s);
        if (tokens === undefined) tokensOf.set(s, tokens = tokenize(s));
        const key = tokens.join(' ');
        if (tokens.length === 0 || seen.has(key)) continue;
        seen.add(key);
        out.push(tokens);
        if (out.length === MAX_VARIANTS) break;
    }
    return out;
}
