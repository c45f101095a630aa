// Addresses, streets, places and named POIs of a region with their search index, reopened from
// the 'places' section without copying (every column is a view of the section's buffer).
//
// Features are numbered streets first, then places, then POIs: feature f is a street when
// f < placeOffset, a place when placeOffset <= f < poiOffset, a POI after. Addresses hang off
// their street (streetAddrStart is a CSR over addresses sorted by street, then house number).
// The search index is a sorted token dictionary (dictionary.ts), postings from each term to the
// name variants holding it, and each variant's owner feature and terms.
import Flatbush from 'flatbush';
import {Section, type AnyBuffer} from '../format/section.js';
import {StringTable} from '../format/strings.js';
import {TermDictionary} from './dictionary.js';
import {PlaceMembers} from './place-members.js';

export const PLACES_KIND = 'places';
export const PLACES_VERSION = 5;
/** Place types, by index (place_type / f_type of places). Appended to, never reordered. */
export const PLACE_TYPES = ['city', 'town', 'village', 'hamlet', 'suburb', 'quarter', 'neighbourhood', 'borough', 'municipality',
    'locality', 'isolated_dwelling', 'island', 'islet'] as const;
/** Types that name a town or city in an address (the `city` of a result). */
export const CITY_TYPES = new Set(['city', 'town', 'village', 'municipality']);

/**
 * Named places people ask for by name (POI keys, key=value): they rank before a street of the same
 * name and before shops and offices ("Zara" the metro station before Zara the shop).
 */
export const LANDMARK_KEYS = new Set(['railway=station', 'railway=halt', 'public_transport=station', 'aeroway=aerodrome',
    'amenity=school', 'amenity=university', 'amenity=college', 'amenity=theatre', 'amenity=cinema', 'amenity=library',
    'amenity=hospital', 'amenity=townhall', 'amenity=arts_centre', 'amenity=music_venue', 'tourism=museum', 'tourism=gallery',
    'tourism=zoo', 'tourism=attraction', 'leisure=park', 'leisure=garden', 'leisure=stadium', 'shop=mall',
    'shop=department_store', 'historic=castle', 'historic=monument', 'natural=beach']);
/** Importance (f_importance) of POIs, and of landmarks among them. */
export const POI_IMPORTANCE = 0.2;
export const LANDMARK_IMPORTANCE = 0.3;

/** Address flags. */
export const ADDRESS_INTERPOLATED = 1;
/** The address had no street; it took the nearest named street. */
export const ADDRESS_STREET_INFERRED = 2;

/** Street type (f_type of streets). */
export const STREET_WAY = 0;
export const STREET_SQUARE = 1;
/** A street known only from addresses' addr:street (no highway of that name nearby). */
export const STREET_FROM_ADDRESSES = 2;

export class Places {
    readonly section: Section;
    readonly strings: StringTable;
    readonly addressCount: number;
    readonly streetCount: number;
    readonly placeCount: number;
    readonly poiCount: number;
    readonly featureCount: number;
    readonly placeOffset: number;
    readonly poiOffset: number;
    /** Projection of the spatial indexes: metres east and north of (lat0, lon0). */
    readonly lat0: number;
    readonly lon0: number;
    readonly metersPerLon: number;
    readonly metersPerLat: number;

    // Features
    readonly fLat: Int32Array;
    readonly fLon: Int32Array;
    readonly fName: Uint32Array;
    readonly fNames: Uint32Array;
    readonly fCity: Uint32Array;
    readonly fDistrict: Uint32Array;
    readonly fPostcode: Uint32Array;
    readonly fImportance: Float32Array;
    readonly fType: Uint8Array;
    readonly streetAddrStart: Uint32Array;
    /** Postcodes (index + 1) of each street: street s has streetPcs[streetPcStart[s], streetPcStart[s + 1]). */
    readonly streetPcStart: Uint32Array;
    readonly streetPcs: Uint32Array;
    readonly placePopulation: Uint32Array;
    readonly poiKey: Uint32Array;
    readonly poiHousenumber: Uint32Array;
    readonly poiStreet: Uint32Array;
    // Addresses
    readonly aLat: Int32Array;
    readonly aLon: Int32Array;
    readonly aStreet: Uint32Array;
    readonly aNumber: Uint32Array;
    readonly aKey: Uint32Array;
    readonly aPostcode: Uint32Array;
    readonly aCity: Uint32Array;
    readonly aDistrict: Uint32Array;
    readonly aFlags: Uint8Array;
    /** Leading integer of a tagged house number (0: none), and where the address lies on its street (interpolation.ts). */
    readonly aNum: Uint32Array;
    readonly aLine: Uint32Array;
    readonly aAlong: Float32Array;
    readonly aOffset: Float32Array;
    // Postcodes
    readonly pcStr: Uint32Array;
    readonly pcTerm: Uint32Array;
    // Street lines (reverse geocoding)
    readonly lineStreet: Uint32Array;
    readonly lineStart: Uint32Array;
    readonly lineCity: Uint32Array;
    readonly linePostcode: Uint32Array;
    readonly coordLat: Int32Array;
    readonly coordLon: Int32Array;
    readonly segLine: Uint32Array;
    readonly segCoord: Uint32Array;
    readonly segIndex: Flatbush | null;
    readonly addrIndex: Flatbush | null;
    // Search
    readonly dictionary: TermDictionary;
    readonly termWeight: Float32Array;
    readonly termPostStart: Uint32Array;
    readonly termPostings: Uint32Array;
    readonly variantOwner: Uint32Array;
    readonly variantTermStart: Uint32Array;
    readonly variantTerms: Uint32Array;
    readonly variantWeight: Float32Array;
    /** Each term's postings (over termPostStart), most important owner first. */
    readonly termPostingsByImportance: Uint32Array;
    /** Variants of feature f: [featureVariantStart[f], featureVariantStart[f + 1]). */
    readonly featureVariantStart: Uint32Array;
    /** The places keyed by term t, the rarest of one of their variants: placeKeys[placeKeyStart[t], placeKeyStart[t + 1]). */
    readonly placeKeyStart: Uint32Array;
    readonly placeKeys: Uint32Array;
    /** The features in each place (place-members.ts). */
    readonly members: PlaceMembers;

    constructor(section: Section) {
        this.section = section;
        const m = section.meta;
        this.strings = new StringTable(section, 'str');
        this.addressCount = m.addresses;
        this.streetCount = m.streets;
        this.placeCount = m.places;
        this.poiCount = m.pois;
        this.featureCount = m.streets + m.places + m.pois;
        this.placeOffset = m.streets;
        this.poiOffset = m.streets + m.places;
        this.lat0 = m.lat0;
        this.lon0 = m.lon0;
        this.metersPerLat = m.metersPerLat;
        this.metersPerLon = m.metersPerLon;
        const u32 = (n: string) => section.array(n, Uint32Array);
        const i32 = (n: string) => section.array(n, Int32Array);
        this.fLat = i32('f_lat');
        this.fLon = i32('f_lon');
        this.fName = u32('f_name');
        this.fNames = u32('f_names');
        this.fCity = u32('f_city');
        this.fDistrict = u32('f_district');
        this.fPostcode = u32('f_postcode');
        this.fImportance = section.array('f_importance', Float32Array);
        this.fType = section.array('f_type', Uint8Array);
        this.streetAddrStart = u32('street_addrStart');
        this.streetPcStart = u32('street_pcStart');
        this.streetPcs = u32('street_pcs');
        this.placePopulation = u32('place_population');
        this.poiKey = u32('poi_key');
        this.poiHousenumber = u32('poi_housenumber');
        this.poiStreet = u32('poi_street');
        this.aLat = i32('a_lat');
        this.aLon = i32('a_lon');
        this.aStreet = u32('a_street');
        this.aNumber = u32('a_number');
        this.aKey = u32('a_key');
        this.aPostcode = u32('a_postcode');
        this.aCity = u32('a_city');
        this.aDistrict = u32('a_district');
        this.aFlags = section.array('a_flags', Uint8Array);
        this.aNum = u32('a_num');
        this.aLine = u32('a_line');
        this.aAlong = section.array('a_along', Float32Array);
        this.aOffset = section.array('a_offset', Float32Array);
        this.pcStr = u32('pc_str');
        this.pcTerm = u32('pc_term');
        this.lineStreet = u32('line_street');
        this.lineStart = u32('line_start');
        this.lineCity = u32('line_city');
        this.linePostcode = u32('line_postcode');
        this.coordLat = i32('coord_lat');
        this.coordLon = i32('coord_lon');
        this.segLine = u32('seg_line');
        this.segCoord = u32('seg_coord');
        this.segIndex = flatbushOf(section, 'seg_index');
        this.addrIndex = flatbushOf(section, 'addr_index');
        this.dictionary = new TermDictionary({
            termChars: section.array('term_chars', Uint16Array),
            termStarts: u32('term_starts'),
            termLetters: u32('term_letters'),
            byLength: u32('term_byLength'),
            lengthStarts: u32('term_lengthStarts'),
            deletionKeys: u32('term_deletionKeys'),
            deletionEntries: u32('term_deletionEntries')
        });
        this.termWeight = section.array('term_weight', Float32Array);
        this.termPostStart = u32('term_postStart');
        this.termPostings = u32('term_postings');
        this.variantOwner = u32('v_owner');
        this.variantTermStart = u32('v_termStart');
        this.variantTerms = u32('v_terms');
        this.variantWeight = section.array('v_weight', Float32Array);
        this.termPostingsByImportance = u32('term_postingsByImportance');
        this.featureVariantStart = u32('f_variantStart');
        this.placeKeyStart = u32('term_placeKeyStart');
        this.placeKeys = u32('term_placeKeys');
        this.members = new PlaceMembers(this.placeOffset, u32('member_start'), u32('member_features'));
    }

    static from(buffer: AnyBuffer, byteOffset = 0, byteLength?: number): Places {
        return new Places(Section.from(buffer, PLACES_KIND, PLACES_VERSION, byteOffset, byteLength));
    }

    /** Any stored column by name (e.g. the place_* columns: place_name, place_names, place_type, place_lat, ...). */
    column<T extends Int32Array | Uint32Array | Uint8Array | Float32Array>(name: string, type: {new(b: AnyBuffer, o: number, l: number): T}): T {
        return this.section.array(name, type);
    }

    isStreet(f: number): boolean {
        return f < this.placeOffset;
    }

    isPlace(f: number): boolean {
        return f >= this.placeOffset && f < this.poiOffset;
    }

    isPoi(f: number): boolean {
        return f >= this.poiOffset;
    }

    /** Default name of a feature. */
    name(f: number): string {
        return this.strings.get(this.fName[f]);
    }

    /** name:xx names of a feature, keyed by upper-case language code. */
    localizedNames(f: number): Record<string, string> {
        return JSON.parse(this.strings.get(this.fNames[f]));
    }

    /** The name in `language` when the data has it, else the default name. */
    nameIn(f: number, language: string): string {
        const json = this.strings.get(this.fNames[f]);
        if (json.length > 2) {
            const names = JSON.parse(json) as Record<string, string>;
            const n = names[language];
            if (n) return n;
        }
        return this.strings.get(this.fName[f]);
    }

    /** Whether street s has postcode p1 (index + 1) on one of its pieces or addresses. */
    streetHasPostcode(s: number, p1: number): boolean {
        for (let i = this.streetPcStart[s], end = this.streetPcStart[s + 1]; i < end; i++) if (this.streetPcs[i] === p1) return true;
        return false;
    }

    /** Display form of postcode index + 1 (0: ''). */
    postcode(p1: number): string {
        return p1 === 0 ? '' : this.strings.get(this.pcStr[p1 - 1]);
    }

    /** Projected x (metres east of lon0). */
    x(lon: number): number {
        return (lon - this.lon0) * this.metersPerLon;
    }

    /** Projected y (metres north of lat0). */
    y(lat: number): number {
        return (lat - this.lat0) * this.metersPerLat;
    }
}

function flatbushOf(section: Section, name: string): Flatbush | null {
    const bytes = section.array(name, Uint8Array);
    return bytes.length === 0 ? null : Flatbush.from(bytes.buffer as ArrayBuffer, bytes.byteOffset);
}
