// Turns the drafts of places-builder.ts into the 'places' section (layout in places.ts). Build time
// only. The stages, one file each:
//   1. localities.ts         boundaries first (what lies abroad), the places, where any point lies
//   2. merge-streets.ts      street ways and squares of one name in one town, merged when close
//   3. street-segments.ts    the projection and the street segments' spatial index
//   4. addresses.ts          address positions, interpolation lines, each address's street
//   5. assign-localities.ts  city, district and postcode of addresses, lines, streets and POIs
//   6. features.ts           the feature columns, their name variants, the postcodes
//   7. search-terms.ts       the token dictionary, term weights, variants and postings
//   8. address-columns.ts    the address, postcode and street line columns
// then the section is written.
import {encodeSection, type TypedArray} from '../../format/section.js';
import type {CountryBorder} from '../../geo/border.js';
import {buildPlaceMembers} from '../place-members.js';
import {PLACE_TYPES, PLACES_KIND, PLACES_VERSION} from '../places.js';
import {addressColumns, postcodeAndLineColumns} from './address-columns.js';
import {interpolateAddresses, linkAddresses, resolveAddressPositions, streetNames} from './addresses.js';
import {assignLocalities, collectPois} from './assign-localities.js';
import type {PlacesDrafts} from './drafts.js';
import {featureColumns, SectionStrings, streetPostcodes} from './features.js';
import {placeLocalities} from './localities.js';
import {mergeStreets, streetPieces} from './merge-streets.js';
import type {Locality, PlacesStats} from './records.js';
import {addressOrder, placeKeys, postingsByImportance, searchTerms, variantStarts} from './search-terms.js';
import {StreetSegments} from './street-segments.js';

export type {PlacesStats} from './records.js';

/** admin_level of the boundaries that are a result's city where the country does not say (data/countries.json cityAdminLevel). */
export const CITY_ADMIN_LEVEL = 8;

/**
 * cityLevel: admin_level of the country's municipalities (BE, DE, IT, MT 8; PT 7, the concelho, not
 * the freguesia at 8): the city of a point is the boundary of that level around it (or the nearest
 * level above it), the levels below are its districts. beforePois: called before the POIs (and the stations) are read.
 */
export function buildPlacesIndex(d: PlacesDrafts, border: CountryBorder | null, cityLevel = CITY_ADMIN_LEVEL,
    beforePois?: () => void): {section: Uint8Array; stats: PlacesStats} {
    const {country, places, localities} = placeLocalities(d, border, cityLevel);
    const here: Locality = {city: -1, district: -1, postal: ''};
    const pieces = streetPieces(d, (lat, lon) => country.inside(lat, lon), (lat, lon) => localities.localityOf(lat, lon, here));
    const pieceLocalities = pieces.localities;
    const merged = mergeStreets(pieces);
    const streets = merged.streets, lines = merged.lines;
    const segments = new StreetSegments(lines, streets, places);
    resolveAddressPositions(d, country);
    interpolateAddresses(d);
    const rows = linkAddresses(d, country, streets, streetNames(streets), lines, segments);
    const assigned = assignLocalities(rows, streets, lines, pieceLocalities, places, localities);
    // The stations (d.stations) are needed from here on only: a build on a thread of its own gets them now (region/build-stages/places-worker.ts).
    beforePois?.();
    const pois = collectPois(d, country, places, localities);

    const out = new SectionStrings();
    const features = featureColumns(streets, places, pois, out);
    const {S, P, I, F} = features, A = rows.count;
    const streetPcs = streetPostcodes(streets, assigned.lines.postcode, rows.street, rows.postcode, A, rows.pool.values, out);
    const {order, streetAddrStart} = addressOrder(A, rows.street, rows.key, rows.flags, rows.pool.values, S);
    const addressKeys: string[] = [];
    for (let i = 0; i < A; i++) addressKeys.push(rows.pool.values[rows.key[order[i]]]);
    const terms = searchTerms(features.variants, addressKeys, out.postcodeList);
    const addresses = addressColumns(rows, order, assigned.addresses, streets, lines, segments.proj, terms.termId, out);
    const pcAndLines = postcodeAndLineColumns(out, terms.termId, assigned.lines, S);

    const stats: PlacesStats = {
        addresses: A, interpolated: rows.interpolated, streets: S, places: P, pois: I, areas: country.areaIndex.areas.length, terms: terms.termWeight.length,
        variants: terms.vOwner.length, outsideCountry: country.outside, addressesWithoutStreet: rows.withoutStreet
    };
    const {fLat, fLon, fName, fNames, fType, fImportance} = features;
    const {vOwner, vTermStart, vTerms, termWeight, dict} = terms;
    const members = buildPlaceMembers({featureCount: F, placeOffset: S, placeCount: P, fCity: features.fCity, fDistrict: features.fDistrict, streetAddrStart,
        aCity: addresses.aCity, aDistrict: addresses.aDistrict});
    const arrays: Record<string, TypedArray> = {
        ...out.strings.arrays('str'),
        f_lat: fLat, f_lon: fLon, f_name: fName, f_names: fNames, f_city: features.fCity, f_district: features.fDistrict, f_postcode: features.fPostcode,
        f_importance: fImportance, f_type: fType,
        street_addrStart: streetAddrStart, street_pcStart: streetPcs.start, street_pcs: streetPcs.pcs,
        place_lat: fLat.slice(S, S + P), place_lon: fLon.slice(S, S + P), place_name: fName.slice(S, S + P),
        place_names: fNames.slice(S, S + P), place_type: fType.slice(S, S + P),
        place_population: Uint32Array.from(places, (p) => p.population),
        poi_key: features.poiKey, poi_housenumber: features.poiHousenumber, poi_street: features.poiStreet,
        a_lat: addresses.aLat, a_lon: addresses.aLon, a_street: addresses.aStreet, a_number: addresses.aNumber, a_key: addresses.aKey,
        a_postcode: addresses.aPostcode, a_city: addresses.aCity, a_district: addresses.aDistrict, a_flags: addresses.aFlags, a_num: addresses.aNum,
        a_line: addresses.aLine, a_along: addresses.aAlong, a_offset: addresses.aOffset,
        pc_str: pcAndLines.pcStr, pc_term: pcAndLines.pcTerm,
        line_street: lines.lineStreet, line_start: lines.lineStart, line_city: pcAndLines.lineCity, line_postcode: pcAndLines.linePostcode,
        coord_lat: addresses.coordLat, coord_lon: addresses.coordLon,
        seg_line: segments.segLine, seg_coord: segments.segCoord,
        seg_index: segments.segIndex ? new Uint8Array(segments.segIndex.data) : new Uint8Array(0),
        addr_index: addresses.addrIndex ? new Uint8Array(addresses.addrIndex.data) : new Uint8Array(0),
        term_chars: dict.termChars, term_starts: dict.termStarts, term_letters: dict.termLetters,
        term_byLength: dict.byLength, term_lengthStarts: dict.lengthStarts, term_weight: termWeight,
        term_deletionKeys: dict.deletionKeys, term_deletionEntries: dict.deletionEntries,
        term_postingsByImportance: postingsByImportance(terms.termPostStart, terms.termPostings, vOwner, fImportance, S, S + P),
        ...placeKeys(vOwner, vTermStart, vTerms, termWeight, S, S + P),
        f_variantStart: variantStarts(vOwner, F),
        member_start: members.start, member_features: members.features,
        term_postStart: terms.termPostStart, term_postings: terms.termPostings,
        v_owner: vOwner, v_termStart: vTermStart, v_terms: vTerms, v_weight: terms.vWeight
    };
    const {lat0, lon0, metersPerLat, metersPerLon} = segments.proj;
    const meta = {addresses: A, streets: S, places: P, pois: I, lat0, lon0, metersPerLat, metersPerLon, placeTypes: PLACE_TYPES, stats};
    return {section: encodeSection(PLACES_KIND, PLACES_VERSION, meta, arrays), stats};
}
