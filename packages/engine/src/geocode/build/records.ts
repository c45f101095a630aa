// What the stages of build-index.ts hand each other: places, streets, their lines and POIs as
// records, where a point lies (its locality), and the build's statistics.
import type {NameSet} from './drafts.js';

export interface PlacesStats {
    addresses: number;
    interpolated: number;
    streets: number;
    places: number;
    pois: number;
    areas: number;
    terms: number;
    variants: number;
    outsideCountry: number;
    addressesWithoutStreet: number;
}

export interface PlaceRec {
    lat: number;
    lon: number;
    type: number;
    names: NameSet;
    extraNames: string[];
    population: number;
    postcode: string;
    nodeId: number;
    city: number;
    district: number;
}

export interface StreetRec {
    names: NameSet;
    type: number;
    main: boolean;
    /** Its lines: firstLine .. firstLine + lineCount - 1 of the street lines (StreetLineCoords). */
    firstLine: number;
    lineCount: number;
    minLat: number;
    minLon: number;
    maxLat: number;
    maxLon: number;
    lat: number;
    lon: number;
    city: number;
    district: number;
    postcode: string;
}

/** The merged streets' lines end to end, in street order: line l is vertices [lineStart[l], lineStart[l + 1]). */
export interface StreetLineCoords {
    lineStart: Uint32Array;
    lineStreet: Uint32Array;
    /** The street piece each line was (merge-streets.ts). */
    linePiece: Uint32Array;
    /** Degrees. */
    lat: Float64Array;
    lon: Float64Array;
}

export interface PoiRec {
    lat: number;
    lon: number;
    names: NameSet;
    key: string;
    housenumber: string;
    street: string;
    postcode: string;
    city: number;
    district: number;
}

/**
 * Streets by folded name (any language, either half of a bilingual name), and the keys each street is filed under:
 * street s's are keyIds[keyStart[s] .. keyStart[s + 1]), numbers of keyId (compared as numbers, not strings, per segment).
 */
export interface StreetNames {
    byName: Map<string, number[]>;
    keyId: Map<string, number>;
    /** byName's lists by key id. */
    streetsOfKey: number[][];
    keyStart: Uint32Array;
    keyIds: Uint32Array;
}

/** Where a point lies: city and district (place indices or -1) and the postcode area's code. */
export interface Locality {
    city: number;
    district: number;
    postal: string;
}

/** An address links to the piece of its street whose line is nearest, looked for within this distance (m). */
export const LINK_LINE_METERS = 250;
