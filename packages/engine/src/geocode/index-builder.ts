// Turns the drafts of builder.ts into the 'places' section (layout in places.ts): resolves
// positions, drops what lies outside the country, merges street ways by name and proximity,
// spreads interpolation lines, links addresses to their street, gives every address, street,
// place and POI its city, district and postcode (boundaries first, tags and neighbours after),
// then writes the token dictionary, the postings and the spatial indexes. Build time only.
import Flatbush from 'flatbush';
import KDBush from 'kdbush';
import {encodeSection, type TypedArray} from '../format/section.js';
import {StringTableBuilder} from '../format/strings.js';
import {METERS_PER_DEGREE_LAT, metersPerDegreeLon} from '../geo/distance.js';
import type {CountryBorder} from '../geo/border.js';
import {Growable, lowerBound} from '../format/growable.js';
import {StringPool} from '../format/string-pool.js';
import type {NodeStore} from '../osm/node-store.js';
import {DRAFT_INTERPOLATED} from './address-drafts.js';
import {AREA_ADMIN, AREA_POSTAL, AreaIndex} from './areas.js';
import type {NameSet, PlaceDraft, PlacesDrafts} from './builder.js';
import {buildDictionary} from './dictionary.js';
import {buildPlaceMembers} from './place-members.js';
import {fold, housenumberKey, postcodeKey, tokenize} from './fold.js';
import {interpolate, projectOnLine, type LinePosition} from './interpolation.js';
import {
    ADDRESS_INTERPOLATED, ADDRESS_STREET_INFERRED, CITY_TYPES, LANDMARK_IMPORTANCE, LANDMARK_KEYS, PLACE_TYPES, PLACES_KIND, PLACES_VERSION, POI_IMPORTANCE,
    STREET_FROM_ADDRESSES, STREET_SQUARE, STREET_WAY
} from './places.js';

/** POI keys under which the OSM data may already hold a feed's station (the station, its stop, its building). */
const STATION_LIKE = /^(railway|public_transport|building|amenity=bus_station)/;

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

/** Street ways of one name closer than this (m, between bounding boxes) are one street. */
const STREET_MERGE_METERS = 100;
/** An address links to a street of its addr:street name at most this far (m); else the street is made from addresses. */
const ADDRESS_STREET_METERS = 1000;
/** An address links to the piece of its street whose line is nearest, looked for within this distance (m). */
const LINK_LINE_METERS = 250;
/** An address without addr:street takes the nearest named street within this distance (m). */
const INFER_STREET_METERS = 40;
/** A postcode is borrowed from a tagged address of the same street within this distance (m). */
const POSTCODE_NEIGHBOUR_METERS = 400;
/**
 * Without a boundary around it, a point's city is the nearest city, town or village within that
 * kind's reach (m): about the radius of such a municipality, so that a suburb of the next town
 * (a Matosinhos beach 7 km from Porto's centre) is not given the big city's name.
 */
const CITY_REACH_METERS: Record<string, number> = {city: 6000, municipality: 6000, town: 3000, village: 1500};
const NEAREST_CITY_METERS = 6000;
const NEAREST_DISTRICT_METERS = 1500;
/** A place polygon duplicating a place node of the same name within this distance (m) is dropped. */
const PLACE_DUPLICATE_METERS = 3000;
/** A POI of the same name and kind within this distance (m) is the same object mapped twice. */
const POI_DUPLICATE_METERS = 100;
/** A feed's station with an OSM POI of its name this close (m) is that POI. */
const STATION_DUPLICATE_METERS = 300;
/** Name variants kept per feature (a capital has a hundred name:xx). */
const MAX_VARIANTS = 48;

const PLACE_RANK: Record<string, number> = {
    city: 1, town: 0.85, village: 0.7, municipality: 0.75, borough: 0.6, suburb: 0.55, quarter: 0.45, neighbourhood: 0.4,
    hamlet: 0.35, locality: 0.25, isolated_dwelling: 0.15, island: 0.6, islet: 0.2
};
const MAIN_ROADS = new Set(['motorway', 'trunk', 'primary', 'secondary', 'tertiary']);
const DISTRICT_TYPES = new Set(['suburb', 'quarter', 'neighbourhood', 'borough']);

interface PlaceRec {
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

interface StreetRec {
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
interface StreetLineCoords {
    lineStart: Uint32Array;
    lineStreet: Uint32Array;
    /** Degrees. */
    lat: Float64Array;
    lon: Float64Array;
}

interface PoiRec {
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

/** Where a point lies: city and district (place indices or -1) and the postcode area's code. */
interface Locality {
    city: number;
    district: number;
    postal: string;
}

/** admin_level of the boundaries that are a result's city where the country does not say (data/countries.json cityAdminLevel). */
export const CITY_ADMIN_LEVEL = 8;

/**
 * cityLevel: admin_level of the country's municipalities (BE, DE, IT, MT 8; PT 7, the concelho, not
 * the freguesia at 8): the city of a point is the boundary of that level around it (or the nearest
 * level above it), the levels below are its districts.
 */
export function buildPlacesIndex(d: PlacesDrafts, border: CountryBorder | null, cityLevel = CITY_ADMIN_LEVEL): {section: Uint8Array; stats: PlacesStats} {
    const nodes = d.nodes;

    // 1. Boundaries first: they say which municipalities belong to a neighbour (the country border
    // is a 1:10m generalisation, so a town just across it can fall inside).
    const placeByName = new Map<string, PlaceDraft>();
    for (const p of d.places) if (p.nodeId >= 0 && !placeByName.has(fold(p.names.name))) placeByName.set(fold(p.names.name), p);
    const areaIndex = new AreaIndex(d.areas, d.wayRefs, nodes, d.extent, (area) => {
        for (const id of area.centreNodes) {
            const k = nodes.indexOf(id);
            if (k >= 0) return [nodes.lat[k] / 1e7, nodes.lon[k] / 1e7];
        }
        const p = placeByName.get(fold(area.tags.name ?? ''));
        return p ? [p.lat, p.lon] : null;
    });
    const foreign = new Uint8Array(areaIndex.areas.length);
    if (border !== null) {
        const contains = (lat: number, lon: number) => border.contains(lat, lon);
        for (let a = 0; a < foreign.length; a++) {
            if (areaIndex.areas[a].kind === AREA_ADMIN && areaIndex.interiorShare(a, contains) < 0.5) foreign[a] = 1;
        }
    }
    // A place named like a neighbour's municipality next to it is that municipality's town, even
    // when its node falls on this side of the line (Vaals, at the edge of the Aachen extract).
    const foreignNames = new Map<string, number>();
    let anyForeign = false;
    for (let a = 0; a < foreign.length; a++) {
        if (!foreign[a]) continue;
        anyForeign = true;
        if (areaIndex.areas[a].tags.name) foreignNames.set(fold(areaIndex.areas[a].tags.name), a);
    }
    const foreignPlace = (p: PlaceDraft, lat: number, lon: number): boolean => {
        const a = foreignNames.get(fold(p.names.name));
        if (a === undefined) return false;
        const area = areaIndex.areas[a];
        const margin = 0.03; // about 3 km
        return lat > area.minLat - margin && lat < area.maxLat + margin && lon > area.minLon - margin && lon < area.maxLon + margin;
    };
    const hits: number[] = [];
    let outside = 0;
    const inside = (lat: number, lon: number): boolean => {
        let ok = border === null || border.contains(lat, lon);
        if (ok && anyForeign) {
            for (const a of areaIndex.containing(lat, lon, hits)) if (foreign[a]) ok = false;
        }
        if (!ok) outside++;
        return ok;
    };

    // Places, and the locality each boundary names.
    const places: PlaceRec[] = [];
    const placeOfNode = new Map<number, number>();
    const pointOf = (lat: number, lon: number, refs: Float64Array | null, wayIds: number[] | null): [number, number] | null => {
        if (!Number.isNaN(lat)) return [lat, lon];
        if (refs) return centroid([refs], nodes);
        if (wayIds) return centroid(wayIds.map((id) => d.wayRefs.get(id)).filter((r): r is Float64Array => r !== undefined), nodes);
        return null;
    };
    for (const p of d.places) {
        const at = pointOf(p.lat, p.lon, p.refs, null);
        if (!at || !inside(at[0], at[1])) continue;
        if (foreignPlace(p, at[0], at[1])) {
            outside++;
            continue;
        }
        if (p.refs && duplicatePlace(places, p, at)) continue;
        if (p.nodeId >= 0) placeOfNode.set(p.nodeId, places.length);
        places.push({lat: at[0], lon: at[1], type: p.type, names: p.names, extraNames: [], population: p.population,
            postcode: p.postcode, nodeId: p.nodeId, city: -1, district: -1});
    }
    const placeOfName = new Map<string, number>();
    for (let p = 0; p < places.length; p++) if (!placeOfName.has(fold(places[p].names.name))) placeOfName.set(fold(places[p].names.name), p);
    const areaPlace = new Int32Array(areaIndex.areas.length).fill(-1);
    const areaPostcode: string[] = [];
    for (let a = 0; a < areaIndex.areas.length; a++) {
        const area = areaIndex.areas[a];
        const tags = area.tags;
        const code = (tags.postal_code ?? tags['addr:postcode'] ?? '').trim();
        areaPostcode.push(code.includes(';') ? '' : code);
        if (area.kind !== AREA_ADMIN || foreign[a]) continue;
        let place = -1;
        for (const id of area.centreNodes) {
            const p = placeOfNode.get(id);
            if (p !== undefined) {
                place = p;
                break;
            }
        }
        if (place < 0) {
            // No admin_centre member: a place of the same name inside the boundary is its centre.
            const p = placeOfName.get(fold(tags.name ?? ''));
            if (p !== undefined && areaIndex.containing(places[p].lat, places[p].lon, hits).includes(a)) place = p;
        }
        const names = areaNames(tags);
        if (place >= 0) {
            // The boundary's own names ("Ville de Bruxelles - Stad Brussel") also find its centre.
            const p = places[place];
            for (const n of [names.name, ...Object.values(names.names)]) if (n && !p.extraNames.includes(n)) p.extraNames.push(n);
        } else if (names.name !== '') {
            let lat = area.meanLat, lon = area.meanLon;
            for (const id of area.centreNodes) {
                const k = nodes.indexOf(id);
                if (k >= 0) {
                    lat = nodes.lat[k] / 1e7;
                    lon = nodes.lon[k] / 1e7;
                    break;
                }
            }
            if (inside(lat, lon)) {
                place = places.length;
                const population = parseInt((tags.population ?? '').replace(/[\s.,]/g, ''), 10);
                places.push({lat, lon, type: PLACE_TYPES.indexOf(area.level <= cityLevel ? 'municipality' : 'suburb'), names, extraNames: [],
                    population: Number.isFinite(population) && population > 0 ? population : 0, postcode: areaPostcode[a], nodeId: -1, city: -1, district: -1});
            }
        }
        areaPlace[a] = place;
        if (place >= 0 && areaPostcode[a] !== '' && places[place].postcode === '') places[place].postcode = areaPostcode[a];
    }
    // A city's own boundary is at the municipal level (or the one above, for a city that is its own
    // district); a province or a country whose capital it is does not bound it.
    const municipal = (level: number) => level <= cityLevel && level >= cityLevel - 1;
    const bounded = new Uint8Array(places.length);
    for (let a = 0; a < areaIndex.areas.length; a++) {
        const area = areaIndex.areas[a];
        if (areaPlace[a] >= 0 && area.kind === AREA_ADMIN && municipal(area.level)) bounded[areaPlace[a]] = 1;
    }
    // Places by position, for the nearest town of every address and street (a scan of all places
    // each time grows with addresses × places: hours for a country).
    const placeIndex = new KDBush(Math.max(1, places.length));
    for (const p of places) placeIndex.add(p.lon, p.lat);
    if (places.length === 0) placeIndex.add(NaN, NaN);
    placeIndex.finish();
    const localityOf = (lat: number, lon: number, out: Locality): Locality => {
        out.city = out.district = -1;
        out.postal = '';
        areaIndex.containing(lat, lon, hits);
        let postalSize = Infinity, foundLevel = -1, districtLevel = -1;
        for (const a of hits) {
            const area = areaIndex.areas[a];
            if (area.kind === AREA_POSTAL) {
                if (area.size < postalSize && areaPostcode[a] !== '') {
                    postalSize = area.size;
                    out.postal = areaPostcode[a];
                }
                continue;
            }
            const p = areaPlace[a];
            if (p < 0) continue;
            if (municipal(area.level) && area.level > foundLevel && CITY_TYPES.has(PLACE_TYPES[places[p].type])) {
                foundLevel = area.level;
                out.city = p;
            }
        }
        for (const a of hits) {
            const area = areaIndex.areas[a];
            const p = areaPlace[a];
            if (area.kind !== AREA_ADMIN || p < 0 || p === out.city || area.level <= foundLevel) continue;
            if (area.level > districtLevel) {
                districtLevel = area.level;
                out.district = p;
            }
        }
        // Outside every municipality boundary of the data: the nearest town, but never one whose own
        // boundary the data has (the point is not in it), and only within its reach.
        if (out.city < 0) out.city = nearestPlace(places, placeIndex, lat, lon, NEAREST_CITY_METERS, CITY_TYPES, bounded, CITY_REACH_METERS);
        if (out.district < 0) {
            const p = nearestPlace(places, placeIndex, lat, lon, NEAREST_DISTRICT_METERS, DISTRICT_TYPES);
            if (p !== out.city) out.district = p;
        }
        return out;
    };
    const here: Locality = {city: -1, district: -1, postal: ''};
    for (let p = 0; p < places.length; p++) {
        const rec = places[p];
        localityOf(rec.lat, rec.lon, here);
        if (here.city !== p && !CITY_TYPES.has(PLACE_TYPES[rec.type])) rec.city = here.city;
        if (rec.postcode === '') rec.postcode = here.postal;
    }

    // 2. Streets: ways (and squares) of one name in one town, merged when close.
    const merged = mergeStreets(d, nodes, inside, (lat, lon) => localityOf(lat, lon, here).city);
    const streets = merged.streets;

    // 3. Projection of the spatial indexes: around the middle of the data.
    const center = dataCenter(streets, places);
    const lat0 = center[0], lon0 = center[1];
    const mLat = METERS_PER_DEGREE_LAT, mLon = metersPerDegreeLon(lat0);

    // Segments of every street line, for the nearest street (addresses without one, reverse).
    const {lineStreet, lineStart, lat: coordLat, lon: coordLon} = merged.lines;
    let segCount = 0;
    for (let l = 0; l < lineStreet.length; l++) {
        const n = lineStart[l + 1] - lineStart[l];
        segCount += n === 1 ? 1 : Math.max(0, n - 1);
    }
    const segLine = new Uint32Array(segCount), segCoord = new Uint32Array(segCount);
    for (let l = 0, o = 0; l < lineStreet.length; l++) {
        const a = lineStart[l], b = lineStart[l + 1];
        if (b - a === 1) {
            segLine[o] = l;
            segCoord[o++] = a;
        }
        for (let i = a; i + 1 < b; i++) {
            segLine[o] = l;
            segCoord[o++] = i;
        }
    }
    // Boxes in metres from the data's middle: Float32 is precise to millimetres there, half the size of Float64.
    const segIndex = segLine.length ? new Flatbush(segLine.length, 16, Float32Array) : null;
    if (segIndex) {
        for (let s = 0; s < segLine.length; s++) {
            const i = segCoord[s], j = lineStart[segLine[s] + 1] - lineStart[segLine[s]] === 1 ? i : i + 1;
            const x1 = (coordLon[i] - lon0) * mLon, y1 = (coordLat[i] - lat0) * mLat;
            const x2 = (coordLon[j] - lon0) * mLon, y2 = (coordLat[j] - lat0) * mLat;
            segIndex.add(Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2));
        }
        segIndex.finish();
    }
    /** The street filed under name `key` (streetKeys) with a line nearest the point within maxMeters, or -1. */
    const nearestLineOf = (key: string, lat: number, lon: number, maxMeters: number): number => {
        if (!segIndex) return -1;
        const x = (lon - lon0) * mLon, y = (lat - lat0) * mLat;
        const found = segIndex.search(x - maxMeters, y - maxMeters, x + maxMeters, y + maxMeters);
        let best = -1, bestD = maxMeters * maxMeters;
        for (const s of found) {
            const l = segLine[s];
            // By the street's own few names, not a search of every street of that name (a country has thousands of Rue de la Gare).
            if (!streetKeys[lineStreet[l]].includes(key)) continue;
            const i = segCoord[s], j = lineStart[l + 1] - lineStart[l] === 1 ? i : i + 1;
            const dd = segmentDistance2(x, y, (coordLon[i] - lon0) * mLon, (coordLat[i] - lat0) * mLat,
                (coordLon[j] - lon0) * mLon, (coordLat[j] - lat0) * mLat);
            if (dd <= bestD) {
                bestD = dd;
                best = lineStreet[l];
            }
        }
        return best;
    };
    const nearestLine = (lat: number, lon: number, maxMeters: number): number => {
        if (!segIndex) return -1;
        const x = (lon - lon0) * mLon, y = (lat - lat0) * mLat;
        const found = segIndex.search(x - maxMeters, y - maxMeters, x + maxMeters, y + maxMeters);
        let best = -1, bestD = maxMeters * maxMeters;
        for (const s of found) {
            const i = segCoord[s], l = segLine[s], j = lineStart[l + 1] - lineStart[l] === 1 ? i : i + 1;
            const dd = segmentDistance2(x, y, (coordLon[i] - lon0) * mLon, (coordLat[i] - lat0) * mLat,
                (coordLon[j] - lon0) * mLon, (coordLat[j] - lat0) * mLat);
            if (dd <= bestD) {
                bestD = dd;
                best = l;
            }
        }
        return best;
    };

    // 4. Addresses: positions (NaN: none), interpolation lines, then their street.
    const ad = d.addresses, adStrings = ad.strings;
    for (let r = 0; r < ad.length; r++) {
        if (!Number.isNaN(ad.lat.data[r])) continue;
        const refs = ad.refs.data[r], ways = ad.wayIds.data[r];
        const at = pointOf(NaN, NaN, refs >= 0 ? ad.lists.view(refs) : null, ways >= 0 ? Array.from(ad.lists.view(ways)) : null);
        if (!at) continue;
        ad.lat.data[r] = at[0];
        ad.lon.data[r] = at[1];
    }
    // Addresses on nodes (where interpolation lines end), sorted by node id, then in order.
    let nodeRowCount = 0;
    for (let r = 0; r < ad.length; r++) if (ad.nodeId.data[r] >= 0 && !Number.isNaN(ad.lat.data[r])) nodeRowCount++;
    const nodeRows = new Int32Array(nodeRowCount);
    for (let r = 0, k = 0; r < ad.length; r++) if (ad.nodeId.data[r] >= 0 && !Number.isNaN(ad.lat.data[r])) nodeRows[k++] = r;
    nodeRows.sort((x, y) => ad.nodeId.data[x] - ad.nodeId.data[y] || x - y);
    const nodeRowIds = Float64Array.from(nodeRows, (r) => ad.nodeId.data[r]);
    let interpolated = 0;
    for (const w of d.interpolations) {
        const n = w.refs.length;
        const lat = new Float64Array(n), lon = new Float64Array(n), numbers = new Float64Array(n).fill(NaN);
        let street = w.street, postcode = w.postcode, city = w.city, ok = true;
        for (let i = 0; i < n; i++) {
            const k = nodes.indexOf(w.refs[i]);
            if (k < 0) {
                ok = false;
                break;
            }
            lat[i] = nodes.lat[k] / 1e7;
            lon[i] = nodes.lon[k] / 1e7;
            const first = lowerBound(nodeRowIds, w.refs[i]);
            if (first === nodeRowIds.length || nodeRowIds[first] !== w.refs[i]) continue;
            const e = nodeRows[first];
            const eNumber = ad.string(ad.number.data[e]);
            if (/^\d+$/.test(eNumber)) numbers[i] = Number(eNumber);
            for (let k = first; k < nodeRowIds.length && nodeRowIds[k] === w.refs[i]; k++) {
                if (ad.street.data[nodeRows[k]] === 0 && w.street !== '') ad.street.data[nodeRows[k]] = adStrings.id(w.street);
            }
            if (street === '') street = ad.string(ad.street.data[e]);
            if (postcode === '') postcode = ad.string(ad.postcode.data[e]);
            if (city === '') city = ad.string(ad.city.data[e]);
        }
        if (!ok || street === '') continue;
        const streetId = adStrings.id(street), postcodeId = adStrings.id(postcode), cityId = adStrings.id(city);
        interpolate(lat, lon, numbers, w.step, (number, la, lo) => {
            ad.push(la, lo, adStrings.id(String(number)), streetId, postcodeId, cityId, DRAFT_INTERPOLATED, -1, -1, -1);
        });
    }

    // Street lookup by folded name (any language, either half of a bilingual name).
    const streetsByName = new Map<string, number[]>();
    /** The keys of streetsByName each street is filed under. */
    const streetKeys: string[][] = streets.map(() => []);
    const addName = (name: string, s: number) => {
        const key = tokenize(name).join(' ');
        if (key === '') return;
        if (!streetKeys[s].includes(key)) streetKeys[s].push(key);
        const list = streetsByName.get(key);
        if (!list) streetsByName.set(key, [s]);
        else if (list[list.length - 1] !== s) list.push(s);
    };
    for (let s = 0; s < streets.length; s++) for (const v of nameStrings(streets[s].names)) addName(v, s);

    // The addresses, one per house number key, in columns (a country has millions); strings by id in `pool`.
    const pool = new StringPool();
    const adLat = new Growable(Float64Array), adLon = new Growable(Float64Array), adNumber = new Growable(Uint32Array);
    const adKey = new Growable(Uint32Array), adStreet = new Growable(Uint32Array), adPostcode = new Growable(Uint32Array);
    const adFlags = new Growable(Uint8Array);
    let withoutStreet = 0;
    // Address-only streets: addr:street names with no highway of that name nearby.
    const virtualByName = new Map<string, number[]>();
    for (let r = 0; r < ad.length; r++) {
        const lat = ad.lat.data[r], lon = ad.lon.data[r];
        if (Number.isNaN(lat) || !inside(lat, lon)) continue;
        const streetName = ad.string(ad.street.data[r]);
        const rowInterpolated = (ad.flags.data[r] & DRAFT_INTERPOLATED) !== 0;
        let street = -1, flags = rowInterpolated ? ADDRESS_INTERPOLATED : 0;
        if (streetName !== '') {
            // The nearest piece of a street of that name: by distance to its lines when one is close
            // (long streets' boxes overlap), else by distance to its box.
            const key = streetKeyNamed(streetsByName, streetName);
            street = key !== undefined ? nearestLineOf(key, lat, lon, LINK_LINE_METERS) : -1;
            if (street < 0) street = nearestNamedStreet(streets, streetsByName, streetName, lat, lon, ADDRESS_STREET_METERS);
            if (street < 0) {
                const key = tokenize(streetName).join(' ');
                if (key === '') continue;
                street = nearestNamedStreet(streets, virtualByName, streetName, lat, lon, ADDRESS_STREET_METERS);
                if (street < 0) {
                    street = streets.length;
                    streets.push(addressStreet(streetName, lat, lon, lineStreet.length));
                    const list = virtualByName.get(key);
                    if (list) list.push(street);
                    else virtualByName.set(key, [street]);
                } else {
                    growStreet(streets[street], lat, lon);
                }
            }
        } else {
            const line = nearestLine(lat, lon, INFER_STREET_METERS);
            if (line < 0) {
                withoutStreet++;
                continue;
            }
            street = lineStreet[line];
            flags |= ADDRESS_STREET_INFERRED;
        }
        const number = ad.string(ad.number.data[r]);
        const numberId = pool.id(number.trim()), postcodeId = pool.id(ad.string(ad.postcode.data[r]).trim());
        for (const key of addressKeys(number)) {
            adLat.push(lat);
            adLon.push(lon);
            adNumber.push(numberId);
            adKey.push(pool.id(key));
            adStreet.push(street);
            adPostcode.push(postcodeId);
            adFlags.push(flags);
        }
        if (rowInterpolated) interpolated++;
    }
    const A = adLat.length;
    const aLatD = adLat.data, aLonD = adLon.data, aStreetD = adStreet.data, aPostcodeD = adPostcode.data, aFlagsD = adFlags.data;
    const adCity = new Int32Array(A), adDistrict = new Int32Array(A);
    // Address-only streets sit at the mean of their addresses.
    const sums = new Map<number, [number, number, number]>();
    for (let i = 0; i < A; i++) {
        if (streets[aStreetD[i]].type !== STREET_FROM_ADDRESSES) continue;
        const s = sums.get(aStreetD[i]) ?? [0, 0, 0];
        s[0] += aLatD[i];
        s[1] += aLonD[i];
        s[2]++;
        sums.set(aStreetD[i], s);
    }
    for (const [s, [lat, lon, n]] of sums) {
        streets[s].lat = lat / n;
        streets[s].lon = lon / n;
    }

    // 5. City, district and postcode of every address, street line, street and POI.
    const taggedOnStreet = new Map<number, number[]>();
    for (let i = 0; i < A; i++) {
        if (aPostcodeD[i] === 0 || aFlagsD[i] & ADDRESS_INTERPOLATED) continue;
        const list = taggedOnStreet.get(aStreetD[i]);
        if (list) list.push(i);
        else taggedOnStreet.set(aStreetD[i], [i]);
    }
    const neighbourPostcode = (street: number, lat: number, lon: number): string => {
        const list = taggedOnStreet.get(street);
        if (!list) return '';
        let best = 0, bestD = POSTCODE_NEIGHBOUR_METERS * POSTCODE_NEIGHBOUR_METERS;
        const k = metersPerDegreeLon(lat);
        for (const i of list) {
            const dx = (aLonD[i] - lon) * k, dy = (aLatD[i] - lat) * METERS_PER_DEGREE_LAT;
            const dd = dx * dx + dy * dy;
            if (dd < bestD) {
                bestD = dd;
                best = aPostcodeD[i];
            }
        }
        return pool.values[best];
    };
    /** The postcode most of these addresses carry ('' for none). */
    const commonPostcode = (list: number[] | undefined): string => {
        if (!list) return '';
        const count = new Map<number, number>();
        let best = 0, bestN = 0;
        for (const i of list) {
            const n = (count.get(aPostcodeD[i]) ?? 0) + 1;
            count.set(aPostcodeD[i], n);
            if (n > bestN) {
                best = aPostcodeD[i];
                bestN = n;
            }
        }
        return pool.values[best];
    };
    const localityPostcode = (loc: Locality): string =>
        (loc.district >= 0 ? places[loc.district].postcode : '') || (loc.city >= 0 ? places[loc.city].postcode : '');
    for (let i = 0; i < A; i++) {
        localityOf(aLatD[i], aLonD[i], here);
        adCity[i] = here.city;
        adDistrict[i] = here.district;
        if (aPostcodeD[i] === 0) aPostcodeD[i] = pool.id(here.postal || neighbourPostcode(aStreetD[i], aLatD[i], aLonD[i]) || localityPostcode(here));
    }
    // City and postcode of each street line, at its middle vertex.
    const lineCityOf = new Int32Array(lineStreet.length);
    const linePostcodeOf: string[] = new Array(lineStreet.length);
    for (let s = 0; s < streets.length; s++) {
        const st = streets[s];
        for (let l = st.firstLine; l < st.firstLine + st.lineCount; l++) {
            const mid = lineStart[l] + ((2 * (lineStart[l + 1] - lineStart[l])) >> 2);
            localityOf(coordLat[mid], coordLon[mid], here);
            lineCityOf[l] = here.city;
            linePostcodeOf[l] = here.postal || neighbourPostcode(s, coordLat[mid], coordLon[mid]) || localityPostcode(here);
        }
        localityOf(st.lat, st.lon, here);
        st.city = here.city;
        st.district = here.district;
        st.postcode = here.postal || commonPostcode(taggedOnStreet.get(s)) || localityPostcode(here);
    }
    const pois: PoiRec[] = [];
    // One object mapped twice (a multipolygon and its tagged outer way, a node and an area): once.
    const poiByKey = new Map<string, number[]>();
    const poiByName = new Map<string, number[]>();
    const drafts = d.pois.concat(d.stations);
    let osmPois = 0;
    for (let j = 0; j < drafts.length; j++) {
        const p = drafts[j];
        if (j === d.pois.length) osmPois = pois.length;
        const at = pointOf(p.lat, p.lon, p.refs, p.wayIds);
        if (!at || !inside(at[0], at[1])) continue;
        const key = `${fold(p.names.name)}|${p.key}`;
        const same = poiByKey.get(key);
        if (same?.some((i) => flatMeters(pois[i].lat, pois[i].lon, at[0], at[1]) < POI_DUPLICATE_METERS)) continue;
        // A feed's station the OSM data already has under one of its names (a station, its building).
        const named = poiByName.get(fold(p.names.name));
        if (j >= d.pois.length && named?.some((i) => i < osmPois && flatMeters(pois[i].lat, pois[i].lon, at[0], at[1]) < STATION_DUPLICATE_METERS)) continue;
        // Only what can stand for a station: a café called "Trindade" does not hide the Trindade station.
        if (j < d.pois.length && STATION_LIKE.test(p.key)) {
            for (const n of nameStrings(p.names)) {
                const list = poiByName.get(fold(n));
                if (!list) poiByName.set(fold(n), [pois.length]);
                else if (list[list.length - 1] !== pois.length) list.push(pois.length);
            }
        }
        if (same) same.push(pois.length);
        else poiByKey.set(key, [pois.length]);
        localityOf(at[0], at[1], here);
        pois.push({lat: at[0], lon: at[1], names: p.names, key: p.key, housenumber: p.housenumber, street: p.street,
            postcode: p.postcode || here.postal || localityPostcode(here), city: here.city, district: here.district});
    }

    // 6. Features (streets, places, POIs), their name variants and the token dictionary.
    const strings = new StringTableBuilder();
    strings.intern('');
    strings.intern('{}');
    const postcodes = new Map<string, number>();
    const postcodeList: string[] = [];
    // One postcode per key: "1000", "B-1000" and "1000 Bruxelles" are the same.
    const postcodeOf = (raw: string): number => {
        const code = cleanPostcode(raw);
        const key = postcodeKey(code);
        if (!/\d/.test(key)) return 0;
        let p = postcodes.get(key);
        if (p === undefined) {
            p = postcodeList.length;
            postcodes.set(key, p);
            postcodeList.push(code);
        }
        return p + 1;
    };
    const S = streets.length, P = places.length, I = pois.length, F = S + P + I;
    const fLat = new Int32Array(F), fLon = new Int32Array(F), fName = new Uint32Array(F), fNames = new Uint32Array(F);
    const fCity = new Uint32Array(F), fDistrict = new Uint32Array(F), fPostcode = new Uint32Array(F);
    const fImportance = new Float32Array(F), fType = new Uint8Array(F);
    const featureVariants: string[][][] = [];
    const setFeature = (f: number, lat: number, lon: number, names: NameSet, city: number, district: number, postcode: string, extra: string[]) => {
        fLat[f] = Math.round(lat * 1e7);
        fLon[f] = Math.round(lon * 1e7);
        fName[f] = strings.intern(names.name);
        fNames[f] = strings.intern(JSON.stringify(names.names));
        fCity[f] = city >= 0 ? S + city + 1 : 0;
        fDistrict[f] = district >= 0 ? S + district + 1 : 0;
        fPostcode[f] = postcodeOf(postcode);
        featureVariants[f] = variantsOf(names, extra, f < S + P);
    };
    for (let s = 0; s < S; s++) {
        const st = streets[s];
        setFeature(s, st.lat, st.lon, st.names, st.city, st.district, st.postcode, []);
        fType[s] = st.type;
        fImportance[s] = st.main ? 0.32 : 0.3;
    }
    for (let p = 0; p < P; p++) {
        const pl = places[p];
        const f = S + p;
        setFeature(f, pl.lat, pl.lon, pl.names, pl.city, -1, pl.postcode, pl.extraNames);
        fType[f] = pl.type;
        fImportance[f] = (PLACE_RANK[PLACE_TYPES[pl.type]] ?? 0.2) + Math.min(0.3, Math.log10(1 + pl.population) / 20);
    }
    const poiKey = new Uint32Array(I), poiHousenumber = new Uint32Array(I), poiStreet = new Uint32Array(I);
    for (let i = 0; i < I; i++) {
        const po = pois[i];
        const f = S + P + i;
        setFeature(f, po.lat, po.lon, po.names, po.city, po.district, po.postcode, []);
        fImportance[f] = LANDMARK_KEYS.has(po.key) ? LANDMARK_IMPORTANCE : POI_IMPORTANCE;
        poiKey[i] = strings.intern(po.key);
        poiHousenumber[i] = strings.intern(po.housenumber);
        poiStreet[i] = strings.intern(po.street);
    }

    // Every postcode a street has (its pieces', its addresses'): a long street matches any of them.
    const streetPostcodes: Set<number>[] = streets.map((st) => {
        const set = new Set([postcodeOf(st.postcode)]);
        for (let l = st.firstLine; l < st.firstLine + st.lineCount; l++) set.add(postcodeOf(linePostcodeOf[l]));
        return set;
    });
    for (let i = 0; i < A; i++) streetPostcodes[aStreetD[i]].add(postcodeOf(pool.values[aPostcodeD[i]]));
    const streetPcStart = new Uint32Array(S + 1);
    const streetPcs: number[] = [];
    for (let s = 0; s < S; s++) {
        for (const p of streetPostcodes[s]) if (p !== 0) streetPcs.push(p);
        streetPcStart[s + 1] = streetPcs.length;
    }

    // Addresses sorted by street, then house number key (as strings), then flags; else in order.
    const keyRank = new Uint32Array(pool.values.length);
    {
        const keyIds = [...new Set(adKey.data.subarray(0, A))].sort((x, y) => (pool.values[x] < pool.values[y] ? -1 : pool.values[x] > pool.values[y] ? 1 : 0));
        for (let k = 0; k < keyIds.length; k++) keyRank[keyIds[k]] = k;
    }
    const aKeyD = adKey.data;
    const order = new Uint32Array(A);
    for (let i = 0; i < A; i++) order[i] = i;
    order.sort((x, y) => aStreetD[x] - aStreetD[y] || keyRank[aKeyD[x]] - keyRank[aKeyD[y]] || aFlagsD[x] - aFlagsD[y] || x - y);
    const streetAddrStart = new Uint32Array(S + 1);
    for (let i = 0; i < A; i++) streetAddrStart[aStreetD[i] + 1]++;
    for (let s = 0; s < S; s++) streetAddrStart[s + 1] += streetAddrStart[s];

    const allTerms = new Set<string>();
    for (const variants of featureVariants) for (const v of variants) for (const t of v) allTerms.add(t);
    for (let i = 0; i < A; i++) allTerms.add(pool.values[aKeyD[order[i]]]);
    for (const code of postcodeList) allTerms.add(postcodeKey(code));
    const {sorted, arrays: dict} = buildDictionary(allTerms);
    const termId = new Map<string, number>(sorted.map((t, i) => [t, i]));
    const T = sorted.length;

    // Weight of a term: high for rare words ("loi"), low for common ones ("rue", "de").
    const df = new Uint32Array(T);
    const seenIn = new Int32Array(T).fill(-1);
    let variantCount = 0, variantTermCount = 0;
    for (let f = 0; f < F; f++) {
        for (const v of featureVariants[f]) {
            variantCount++;
            variantTermCount += v.length;
            for (const t of v) {
                const id = termId.get(t)!;
                if (seenIn[id] !== f) {
                    seenIn[id] = f;
                    df[id]++;
                }
            }
        }
    }
    const termWeight = new Float32Array(T);
    for (let t = 0; t < T; t++) termWeight[t] = df[t] === 0 ? 0.8 : 1 / (1 + Math.log(1 + df[t] / 8));

    const vOwner = new Uint32Array(variantCount), vTermStart = new Uint32Array(variantCount + 1);
    const vTerms = new Uint32Array(variantTermCount), vWeight = new Float32Array(variantCount);
    const postCount = new Uint32Array(T + 1);
    let v = 0, o = 0;
    for (let f = 0; f < F; f++) {
        for (const variant of featureVariants[f]) {
            vOwner[v] = f;
            vTermStart[v] = o;
            let w = 0;
            for (let i = 0; i < variant.length; i++) {
                const id = termId.get(variant[i])!;
                vTerms[o++] = id;
                if (variant.indexOf(variant[i]) === i) {
                    w += termWeight[id];
                    postCount[id + 1]++;
                }
            }
            vWeight[v] = w;
            v++;
        }
    }
    vTermStart[variantCount] = o;
    const termPostStart = new Uint32Array(T + 1);
    for (let t = 0; t < T; t++) termPostStart[t + 1] = termPostStart[t] + postCount[t + 1];
    const termPostings = new Uint32Array(termPostStart[T]);
    const fill = termPostStart.slice(0, T);
    for (let vv = 0; vv < variantCount; vv++) {
        for (let i = vTermStart[vv]; i < vTermStart[vv + 1]; i++) {
            const id = vTerms[i];
            // Once per variant even when a word repeats ("Rue de la Porte de Hal").
            if (fill[id] > termPostStart[id] && termPostings[fill[id] - 1] === vv) continue;
            termPostings[fill[id]++] = vv;
        }
    }

    // Address columns.
    const toFixed = (values: ArrayLike<number>) => Int32Array.from(values, (x) => Math.round(x * 1e7));
    const aLat = new Int32Array(A), aLon = new Int32Array(A), aStreet = new Uint32Array(A), aNumber = new Uint32Array(A);
    const aKey = new Uint32Array(A), aPostcode = new Uint32Array(A), aCity = new Uint32Array(A), aDistrict = new Uint32Array(A);
    const aFlags = new Uint8Array(A);
    // Where each numbered address lies on its street, to place the numbers the data lacks (interpolation.ts).
    const aNum = new Uint32Array(A), aLine = new Uint32Array(A), aAlong = new Float32Array(A), aOffset = new Float32Array(A);
    const lines = {lineStart, coordLat: toFixed(coordLat), coordLon: toFixed(coordLon)};
    const proj = {lat0, lon0, metersPerLat: mLat, metersPerLon: mLon};
    const streetFirstLine = new Uint32Array(S + 1);
    for (let s = 0; s < S; s++) streetFirstLine[s + 1] = streetFirstLine[s] + streets[s].lineCount;
    const onLine: LinePosition = {line: 0, along: 0, offset: 0};
    const addrIndex = A ? new Flatbush(A, 16, Float32Array) : null;
    for (let i = 0; i < A; i++) {
        const r = order[i];
        const street = aStreetD[r], flags = aFlagsD[r], numberText = pool.values[adNumber.data[r]];
        aLat[i] = Math.round(aLatD[r] * 1e7);
        aLon[i] = Math.round(aLonD[r] * 1e7);
        aStreet[i] = street;
        aNumber[i] = strings.intern(numberText);
        aKey[i] = termId.get(pool.values[aKeyD[r]])!;
        aPostcode[i] = postcodeOf(pool.values[aPostcodeD[r]]);
        aCity[i] = adCity[r] >= 0 ? S + adCity[r] + 1 : 0;
        aDistrict[i] = adDistrict[r] >= 0 ? S + adDistrict[r] + 1 : 0;
        aFlags[i] = flags;
        const x = (aLonD[r] - lon0) * mLon, y = (aLatD[r] - lat0) * mLat;
        addrIndex?.add(x, y);
        const number = /^\d+/.exec(numberText);
        if (number && !(flags & ADDRESS_INTERPOLATED)) {
            aNum[i] = Number(number[0]);
            onLine.line = 0;
            let best = LINK_LINE_METERS;
            for (let l = streetFirstLine[street]; l < streetFirstLine[street + 1]; l++) best = projectOnLine(lines, proj, l, x, y, onLine, best);
            aLine[i] = onLine.line;
            aAlong[i] = onLine.along;
            aOffset[i] = onLine.offset;
        }
    }
    addrIndex?.finish();
    const pcStr = new Uint32Array(postcodeList.length), pcTerm = new Uint32Array(postcodeList.length);
    for (let p = 0; p < postcodeList.length; p++) {
        pcStr[p] = strings.intern(postcodeList[p]);
        pcTerm[p] = termId.get(postcodeKey(postcodeList[p]))!;
    }
    const L = lineStreet.length;
    const lineCity = new Uint32Array(L), linePostcode = new Uint32Array(L);
    for (let l = 0; l < L; l++) {
        const c = lineCityOf[l];
        lineCity[l] = c >= 0 ? S + c + 1 : 0;
        linePostcode[l] = postcodeOf(linePostcodeOf[l]);
    }

    const members = buildPlaceMembers({featureCount: F, placeOffset: S, placeCount: P, fCity, fDistrict, streetAddrStart, aCity, aDistrict});
    const arrays: Record<string, TypedArray> = {
        ...strings.arrays('str'),
        f_lat: fLat, f_lon: fLon, f_name: fName, f_names: fNames, f_city: fCity, f_district: fDistrict, f_postcode: fPostcode,
        f_importance: fImportance, f_type: fType,
        street_addrStart: streetAddrStart, street_pcStart: streetPcStart, street_pcs: Uint32Array.from(streetPcs),
        place_lat: fLat.slice(S, S + P), place_lon: fLon.slice(S, S + P), place_name: fName.slice(S, S + P),
        place_names: fNames.slice(S, S + P), place_type: fType.slice(S, S + P),
        place_population: Uint32Array.from(places, (p) => p.population),
        poi_key: poiKey, poi_housenumber: poiHousenumber, poi_street: poiStreet,
        a_lat: aLat, a_lon: aLon, a_street: aStreet, a_number: aNumber, a_key: aKey, a_postcode: aPostcode, a_city: aCity,
        a_district: aDistrict, a_flags: aFlags, a_num: aNum, a_line: aLine, a_along: aAlong, a_offset: aOffset,
        pc_str: pcStr, pc_term: pcTerm,
        line_street: lineStreet, line_start: lineStart, line_city: lineCity, line_postcode: linePostcode,
        coord_lat: lines.coordLat, coord_lon: lines.coordLon,
        seg_line: segLine, seg_coord: segCoord,
        seg_index: segIndex ? new Uint8Array(segIndex.data) : new Uint8Array(0),
        addr_index: addrIndex ? new Uint8Array(addrIndex.data) : new Uint8Array(0),
        term_chars: dict.termChars, term_starts: dict.termStarts, term_letters: dict.termLetters,
        term_byLength: dict.byLength, term_lengthStarts: dict.lengthStarts, term_weight: termWeight,
        term_deletionKeys: dict.deletionKeys, term_deletionEntries: dict.deletionEntries,
        term_postingsByImportance: postingsByImportance(termPostStart, termPostings, vOwner, fImportance, S, S + P),
        ...placeKeys(vOwner, vTermStart, vTerms, termWeight, S, S + P),
        f_variantStart: variantStarts(vOwner, F),
        member_start: members.start, member_features: members.features,
        term_postStart: termPostStart, term_postings: termPostings,
        v_owner: vOwner, v_termStart: vTermStart, v_terms: vTerms, v_weight: vWeight
    };
    const stats: PlacesStats = {
        addresses: A, interpolated, streets: S, places: P, pois: I, areas: areaIndex.areas.length, terms: T, variants: variantCount,
        outsideCountry: outside, addressesWithoutStreet: withoutStreet
    };
    const meta = {
        addresses: A, streets: S, places: P, pois: I, lat0, lon0, metersPerLat: mLat, metersPerLon: mLon,
        placeTypes: PLACE_TYPES, stats
    };
    return {section: encodeSection(PLACES_KIND, PLACES_VERSION, meta, arrays), stats};
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

/** Mean of the nodes of some ways (a closing node counted once), or null when none is known. */
function centroid(ways: Float64Array[], nodes: NodeStore): [number, number] | null {
    let sLat = 0, sLon = 0, n = 0;
    for (const refs of ways) {
        const last = refs.length > 1 && refs[0] === refs[refs.length - 1] ? refs.length - 1 : refs.length;
        for (let i = 0; i < last; i++) {
            const k = nodes.indexOf(refs[i]);
            if (k < 0) continue;
            sLat += nodes.lat[k];
            sLon += nodes.lon[k];
            n++;
        }
    }
    return n ? [sLat / n / 1e7, sLon / n / 1e7] : null;
}

function duplicatePlace(places: PlaceRec[], p: PlaceDraft, at: [number, number]): boolean {
    const key = fold(p.names.name);
    for (const q of places) {
        if (q.nodeId >= 0 && fold(q.names.name) === key && flatMeters(q.lat, q.lon, at[0], at[1]) < PLACE_DUPLICATE_METERS) return true;
    }
    return false;
}

function flatMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
    const dx = (lon2 - lon1) * metersPerDegreeLon((lat1 + lat2) / 2), dy = (lat2 - lat1) * METERS_PER_DEGREE_LAT;
    return Math.sqrt(dx * dx + dy * dy);
}

/**
 * The nearest place of these types within maxMeters (and its type's reach), skipping those marked in `skip`; -1 when none.
 * Of places equally near, the first. `index` holds the places' (lon, lat).
 */
function nearestPlace(places: PlaceRec[], index: KDBush, lat: number, lon: number, maxMeters: number, types: Set<string>, skip?: Uint8Array,
    reach?: Record<string, number>): number {
    // A box holding the circle: flatMeters measures longitude at the mean latitude, never further from the equator than this.
    const dLat = maxMeters / METERS_PER_DEGREE_LAT;
    const dLon = maxMeters / metersPerDegreeLon(Math.min(89.9, Math.abs(lat) + dLat));
    let best = -1, bestD = maxMeters;
    for (const p of index.range(lon - dLon, lat - dLat, lon + dLon, lat + dLat)) {
        const type = PLACE_TYPES[places[p].type];
        if (!types.has(type) || (skip !== undefined && skip[p])) continue;
        const dd = flatMeters(lat, lon, places[p].lat, places[p].lon);
        if ((dd < bestD || (dd === bestD && best >= 0 && p < best)) && (reach === undefined || dd <= reach[type])) {
            bestD = dd;
            best = p;
        }
    }
    return best;
}

/** A boundary's names in NameSet form. */
function areaNames(tags: Record<string, string>): NameSet {
    const names: Record<string, string> = {};
    for (const k in tags) {
        if (k.startsWith('name:') && /^[a-z]{2,3}$/.test(k.slice(5))) names[k.slice(5).toUpperCase()] = tags[k];
    }
    return {name: tags.name ?? '', names, alt: tags.alt_name ? tags.alt_name.split(';') : []};
}

/**
 * Every name of a feature, and (streets, places) each half of the bilingual ones ("Rue de la Loi -
 * Wetstraat"); a shop's "Media Markt - Woluwe" is not two names.
 */
function nameStrings(names: NameSet, extra: string[] = [], split = true): string[] {
    const out: string[] = [];
    const add = (s: string) => {
        if (s === '' || out.includes(s)) return;
        out.push(s);
        const parts = split ? s.split(/\s+[-–/]\s+/) : [];
        if (parts.length > 1) for (const p of parts) if (p.trim() !== '' && !out.includes(p.trim())) out.push(p.trim());
    };
    add(names.name);
    for (const k in names.names) add(names.names[k]);
    for (const a of names.alt) add(a);
    for (const e of extra) add(e);
    return out;
}

/** Distinct token lists of a feature's names. */
function variantsOf(names: NameSet, extra: string[], split: boolean): string[][] {
    const out: string[][] = [];
    const seen = new Set<string>();
    for (const s of nameStrings(names, extra, split)) {
        const tokens = tokenize(s);
        const key = tokens.join(' ');
        if (tokens.length === 0 || seen.has(key)) continue;
        seen.add(key);
        out.push(tokens);
        if (out.length === MAX_VARIANTS) break;
    }
    return out;
}

/** House number keys of an addr:housenumber value: "16-18" is found by 16 and by 18. */
function addressKeys(number: string): string[] {
    // "16-18" and Maltese "14/16" are two numbers; "60/2" (a flat at 60) is 60.
    const range = /^\s*(\d+)\s*[-/]\s*(\d+)\s*$/.exec(number);
    if (range) {
        const a = Number(range[1]), b = Number(range[2]);
        if (b > a && b - a <= 50) return [String(a), String(b)];
        return [String(a)];
    }
    const key = housenumberKey(number);
    return key === '' ? [] : [key];
}

/**
 * Merges street ways (and squares) by folded name, town and proximity into streets. The pieces (a
 * way or square each) are kept in columns, their vertices end to end: a country has millions.
 */
function mergeStreets(d: PlacesDrafts, nodes: NodeStore, inside: (lat: number, lon: number) => boolean,
    cityAt: (lat: number, lon: number) => number): {streets: StreetRec[]; lines: StreetLineCoords} {
    const ways = d.streetWays, squares = d.squares;
    // Piece p: vertices [start[p], start[p + 1]) of coords (lat, lon pairs, degrees), its box, name set, kind and key.
    const coords = new Growable(Float64Array, 1 << 16);
    const start = new Growable(Uint32Array);
    start.push(0);
    const minLat = new Growable(Float64Array), minLon = new Growable(Float64Array), maxLat = new Growable(Float64Array), maxLon = new Growable(Float64Array);
    const type = new Growable(Uint8Array), main = new Growable(Uint8Array), key = new Growable(Uint32Array);
    const names: NameSet[] = [];
    const keys = new StringPool();
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
        key.push(keys.id(`${tokenize(pieceNames.name).join(' ')}|${cityAt(c[mid], c[mid + 1])}`));
        start.push(coords.length);
        minLat.push(la0);
        minLon.push(lo0);
        maxLat.push(la1);
        maxLon.push(lo1);
        type.push(pieceType);
        main.push(isMain ? 1 : 0);
        names.push(pieceNames);
    };
    /** Appends the known vertices of these node ids to coords; false when none is known. */
    const addVertices = (ids: ArrayLike<number>, from: number, to: number): boolean => {
        const before = coords.length;
        for (let i = from; i < to; i++) {
            const k = nodes.indexOf(ids[i]);
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
    const n = key.length, c = coords.data, pStart = start.data;
    const pMinLat = minLat.data, pMinLon = minLon.data, pMaxLat = maxLat.data, pMaxLon = maxLon.data;
    // Pieces in key order (keys compared as strings), then in the order read.
    const keyRank = new Uint32Array(keys.values.length);
    {
        const byKey = Uint32Array.from(keys.values.keys()).sort((x, y) => (keys.values[x] < keys.values[y] ? -1 : keys.values[x] > keys.values[y] ? 1 : 0));
        for (let r = 0; r < byKey.length; r++) keyRank[byKey[r]] = r;
    }
    const pKey = key.data;
    const order = new Uint32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((x, y) => keyRank[pKey[x]] - keyRank[pKey[y]] || x - y);

    const streets: StreetRec[] = [];
    const lineLat = new Growable(Float64Array, 1 << 16), lineLon = new Growable(Float64Array, 1 << 16);
    const lineStart = new Growable(Uint32Array), lineStreet = new Growable(Uint32Array);
    lineStart.push(0);
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
        for (const members of groups.values()) streets.push(mergedStreet(members));
        first = end;
    }
    return {streets, lines: {lineStart: lineStart.toArray(), lineStreet: lineStreet.toArray(), lat: lineLat.toArray(), lon: lineLon.toArray()}};

    /** The street of these pieces; their vertices become its lines. */
    function mergedStreet(group: number[]): StreetRec {
        const merged: NameSet = {name: names[group[0]].name, names: {}, alt: []};
        let la0 = Infinity, lo0 = Infinity, la1 = -Infinity, lo1 = -Infinity, sLat = 0, sLon = 0, count = 0, isMain = false, streetType = STREET_WAY;
        for (const p of group) {
            const pn = names[p];
            for (const k in pn.names) if (!(k in merged.names)) merged.names[k] = pn.names[k];
            for (const a of pn.alt) if (!merged.alt.includes(a)) merged.alt.push(a);
            la0 = Math.min(la0, pMinLat[p]);
            lo0 = Math.min(lo0, pMinLon[p]);
            la1 = Math.max(la1, pMaxLat[p]);
            lo1 = Math.max(lo1, pMaxLon[p]);
            for (let i = pStart[p]; i < pStart[p + 1]; i += 2) {
                sLat += c[i];
                sLon += c[i + 1];
                count++;
            }
            isMain ||= main.data[p] === 1;
            if (type.data[p] === STREET_SQUARE) streetType = STREET_SQUARE;
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
        const firstLine = lineStreet.length;
        for (const p of group) {
            for (let i = pStart[p]; i < pStart[p + 1]; i += 2) {
                lineLat.push(c[i]);
                lineLon.push(c[i + 1]);
            }
            lineStart.push(lineLat.length);
            lineStreet.push(streets.length);
        }
        return {names: merged, type: streetType, main: isMain, firstLine, lineCount: group.length, minLat: la0, minLon: lo0, maxLat: la1, maxLon: lo1,
            lat, lon, city: -1, district: -1, postcode: ''};
    }
}

/** A street known only from addresses (no lines: firstLine is the count of lines). */
function addressStreet(name: string, lat: number, lon: number, firstLine: number): StreetRec {
    return {names: {name, names: {}, alt: []}, type: STREET_FROM_ADDRESSES, main: false, firstLine, lineCount: 0, minLat: lat, minLon: lon,
        maxLat: lat, maxLon: lon, lat, lon, city: -1, district: -1, postcode: ''};
}

function growStreet(s: StreetRec, lat: number, lon: number): void {
    s.minLat = Math.min(s.minLat, lat);
    s.maxLat = Math.max(s.maxLat, lat);
    s.minLon = Math.min(s.minLon, lon);
    s.maxLon = Math.max(s.maxLon, lon);
}

/** Streets having this name (any of their names; else either half of a bilingual name), or undefined. */
function streetsNamed(byName: Map<string, number[]>, name: string): number[] | undefined {
    const key = streetKeyNamed(byName, name);
    return key === undefined ? undefined : byName.get(key);
}

/** The key of byName that streetsNamed's list is filed under, or undefined. */
function streetKeyNamed(byName: Map<string, number[]>, name: string): string | undefined {
    const key = tokenize(name).join(' ');
    if (byName.has(key)) return key;
    // "Rue X - Y straat" when the street is only "Rue X": try each half.
    for (const part of name.split(/\s+[-–/]\s+/)) {
        const k = tokenize(part).join(' ');
        if (byName.has(k)) return k;
    }
    return undefined;
}

/** The street of this name (any of its names) whose box is nearest the point, within maxMeters; else -1. */
function nearestNamedStreet(streets: StreetRec[], byName: Map<string, number[]>, name: string, lat: number, lon: number, maxMeters: number): number {
    const list = streetsNamed(byName, name);
    if (!list) return -1;
    let best = -1, bestD = maxMeters;
    const k = metersPerDegreeLon(lat);
    for (const s of list) {
        const st = streets[s];
        const dx = Math.max(0, st.minLon - lon, lon - st.maxLon) * k;
        const dy = Math.max(0, st.minLat - lat, lat - st.maxLat) * METERS_PER_DEGREE_LAT;
        const dd = Math.sqrt(dx * dx + dy * dy);
        if (dd <= bestD) {
            bestD = dd;
            best = s;
        }
    }
    return best;
}

/** Middle of the data's streets and places (the origin of the projected spatial indexes). */
function dataCenter(streets: StreetRec[], places: PlaceRec[]): [number, number] {
    let minLat = Infinity, minLon = Infinity, maxLat = -Infinity, maxLon = -Infinity;
    for (const s of streets) {
        minLat = Math.min(minLat, s.minLat);
        maxLat = Math.max(maxLat, s.maxLat);
        minLon = Math.min(minLon, s.minLon);
        maxLon = Math.max(maxLon, s.maxLon);
    }
    for (const p of places) {
        minLat = Math.min(minLat, p.lat);
        maxLat = Math.max(maxLat, p.lat);
        minLon = Math.min(minLon, p.lon);
        maxLon = Math.max(maxLon, p.lon);
    }
    return minLat === Infinity ? [0, 0] : [(minLat + maxLat) / 2, (minLon + maxLon) / 2];
}

/** Squared distance from (px, py) to the segment (ax, ay)-(bx, by). */
export function segmentDistance2(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
    const dx = bx - ax, dy = by - ay;
    const len2 = dx * dx + dy * dy;
    let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
    if (t < 0) t = 0;
    else if (t > 1) t = 1;
    const ex = ax + t * dx - px, ey = ay + t * dy - py;
    return ex * ex + ey * ey;
}

/**
 * Each term's postings, the places' after the other features', each most important owner first
 * (equals in posting order): a search takes the most important streets and POIs holding a common
 * word from the front, and the most important places from where the places start.
 */
export function postingsByImportance(postStart: Uint32Array, postings: Uint32Array, owner: Uint32Array, importance: Float32Array,
    placeStart: number, placeEnd: number): Uint32Array {
    const out = new Uint32Array(postings.length);
    const isPlace = (v: number) => (owner[v] >= placeStart && owner[v] < placeEnd ? 1 : 0);
    for (let t = 0; t + 1 < postStart.length; t++) {
        const from = postStart[t], to = postStart[t + 1];
        const sorted = Array.from(postings.subarray(from, to)).sort((a, b) => isPlace(a) - isPlace(b) || importance[owner[b]] - importance[owner[a]] || a - b);
        out.set(sorted, from);
    }
    return out;
}

/**
 * Each term's places keyed by it (term_placeKeyStart over term_placeKeys, place feature ids in
 * order): a place is keyed by the rarest term (the highest weight) of each of its name variants. A
 * query names a place in full only when it holds that term, so a search finds every place the query
 * may name by walking the keys of its terms, not every place that holds a common word ("de").
 */
export function placeKeys(owner: Uint32Array, termStart: Uint32Array, terms: Uint32Array, weight: Float32Array, placeStart: number,
    placeEnd: number): {term_placeKeyStart: Uint32Array; term_placeKeys: Uint32Array} {
    const T = weight.length;
    const keyOf = new Int32Array(owner.length).fill(-1), count = new Uint32Array(T + 1);
    // Once per place and term (its variants often share their rarest term): variants come grouped by place.
    const lastPlace = new Int32Array(T).fill(-1);
    const first = lowerBound(owner, placeStart);
    let end = first;
    for (; end < owner.length && owner[end] < placeEnd; end++) {
        let key = -1;
        for (let t = termStart[end]; t < termStart[end + 1]; t++) {
            const id = terms[t];
            if (key < 0 || weight[id] > weight[key] || (weight[id] === weight[key] && id < key)) key = id;
        }
        if (key < 0 || lastPlace[key] === owner[end]) continue;
        lastPlace[key] = owner[end];
        keyOf[end] = key;
        count[key + 1]++;
    }
    const start = new Uint32Array(T + 1);
    for (let t = 0; t < T; t++) start[t + 1] = start[t] + count[t + 1];
    const keys = new Uint32Array(start[T]), fill = start.slice(0, T);
    for (let v = first; v < end; v++) if (keyOf[v] >= 0) keys[fill[keyOf[v]]++] = owner[v];
    return {term_placeKeyStart: start, term_placeKeys: keys};
}

/** Where each feature's variants start (variants come grouped by feature, in feature order), and their end. */
export function variantStarts(owner: Uint32Array, featureCount: number): Uint32Array {
    const start = new Uint32Array(featureCount + 1);
    for (let v = 0; v < owner.length; v++) start[owner[v] + 1]++;
    for (let f = 0; f < featureCount; f++) start[f + 1] += start[f];
    return start;
}
