// Stage 5 of build-index.ts: the city, district and postcode of every address, street line, street
// and POI (boundaries first; a postcode the data lacks from a tagged neighbour on the street, else
// from the district or town). POIs mapped twice are kept once.
import {METERS_PER_DEGREE_LAT, metersPerDegreeLon} from '../../geo/distance.js';
import {fold} from '../fold.js';
import {flatMeters} from '../../geo/distance.js';
import {ADDRESS_INTERPOLATED} from '../places.js';
import type {AddressRows} from './addresses.js';
import {nameStrings, type PlacesDrafts} from './drafts.js';
import type {CountryFilter, LocalityFinder} from './localities.js';
import type {PieceLocalities} from './merge-streets.js';
import type {Locality, PlaceRec, PoiRec, StreetLineCoords, StreetRec} from './records.js';

/** A postcode is borrowed from a tagged address of the same street within this distance (m). */
const POSTCODE_NEIGHBOUR_METERS = 400;
/** A POI of the same name and kind within this distance (m) is the same object mapped twice. */
const POI_DUPLICATE_METERS = 100;
/** A feed's station with an OSM POI of its name this close (m) is that POI. */
const STATION_DUPLICATE_METERS = 300;
/** POI keys under which the OSM data may already hold a feed's station (the station, its stop, its building). */
const STATION_LIKE = /^(railway|public_transport|building|amenity=bus_station)/;

/** The city and district (place index, -1: none) of each address row; their postcodes are filled in rows.postcode. */
export interface AddressLocalities {
    city: Int32Array;
    district: Int32Array;
}

/** City and postcode of each street line (at its middle vertex). */
export interface LineLocalities {
    city: Int32Array;
    postcode: string[];
}

/** Where the postcode of a point the data gives none comes from. */
class PostcodeSources {
    /** The tagged (not interpolated) addresses with a postcode, by street. */
    readonly taggedOnStreet = new Map<number, number[]>();

    constructor(private readonly rows: AddressRows, private readonly places: PlaceRec[]) {
        for (let i = 0; i < rows.count; i++) {
            if (rows.postcode[i] === 0 || rows.flags[i] & ADDRESS_INTERPOLATED) continue;
            const list = this.taggedOnStreet.get(rows.street[i]);
            if (list) list.push(i);
            else this.taggedOnStreet.set(rows.street[i], [i]);
        }
    }

    /** The postcode of the nearest tagged address of the street within POSTCODE_NEIGHBOUR_METERS, or ''. */
    neighbour(street: number, lat: number, lon: number): string {
        const list = this.taggedOnStreet.get(street);
        if (!list) return '';
        const rows = this.rows;
        let best = 0, bestD = POSTCODE_NEIGHBOUR_METERS * POSTCODE_NEIGHBOUR_METERS;
        const k = metersPerDegreeLon(lat);
        for (const i of list) {
            const dx = (rows.lon[i] - lon) * k, dy = (rows.lat[i] - lat) * METERS_PER_DEGREE_LAT;
            const dd = dx * dx + dy * dy;
            if (dd < bestD) {
                bestD = dd;
                best = rows.postcode[i];
            }
        }
        return rows.pool.values[best];
    }

    /** The postcode most of the street's tagged addresses carry ('' for none). */
    common(street: number): string {
        const list = this.taggedOnStreet.get(street);
        if (!list) return '';
        const count = new Map<number, number>();
        let best = 0, bestN = 0;
        for (const i of list) {
            const n = (count.get(this.rows.postcode[i]) ?? 0) + 1;
            count.set(this.rows.postcode[i], n);
            if (n > bestN) {
                best = this.rows.postcode[i];
                bestN = n;
            }
        }
        return this.rows.pool.values[best];
    }

    /** The postcode of the district, else of the town. */
    locality(loc: Locality): string {
        return localityPostcode(this.places, loc);
    }
}

/** Stage 5 for addresses, street lines and streets (sets the streets' city, district and postcode). */
export function assignLocalities(rows: AddressRows, streets: StreetRec[], lines: StreetLineCoords, pieces: PieceLocalities, places: PlaceRec[],
    localities: LocalityFinder): {addresses: AddressLocalities; lines: LineLocalities} {
    const A = rows.count, here: Locality = {city: -1, district: -1, postal: ''};
    const postcodes = new PostcodeSources(rows, places);
    const city = new Int32Array(A), district = new Int32Array(A);
    for (let i = 0; i < A; i++) {
        localities.localityOf(rows.lat[i], rows.lon[i], here);
        city[i] = here.city;
        district[i] = here.district;
        if (rows.postcode[i] === 0) rows.postcode[i] = rows.pool.id(here.postal || postcodes.neighbour(rows.street[i], rows.lat[i], rows.lon[i]) || postcodes.locality(here));
    }
    const {lineStart, lat: coordLat, lon: coordLon} = lines;
    const lineCity = new Int32Array(lines.lineStreet.length);
    const linePostcode: string[] = new Array(lines.lineStreet.length);
    for (let s = 0; s < streets.length; s++) {
        const st = streets[s];
        for (let l = st.firstLine; l < st.firstLine + st.lineCount; l++) {
            // Where its piece's middle lies, already found when the pieces were keyed by town (the same vertex).
            const mid = lineStart[l] + ((2 * (lineStart[l + 1] - lineStart[l])) >> 2), p = lines.linePiece[l];
            here.city = pieces.city[p];
            here.district = pieces.district[p];
            here.postal = pieces.postal[p];
            lineCity[l] = here.city;
            linePostcode[l] = here.postal || postcodes.neighbour(s, coordLat[mid], coordLon[mid]) || postcodes.locality(here);
        }
        localities.localityOf(st.lat, st.lon, here);
        st.city = here.city;
        st.district = here.district;
        st.postcode = here.postal || postcodes.common(s) || postcodes.locality(here);
    }
    return {addresses: {city, district}, lines: {city: lineCity, postcode: linePostcode}};
}

/** The POIs in the country with their locality, then the feeds' stations the OSM data lacks; one object mapped twice once. */
export function collectPois(d: PlacesDrafts, country: CountryFilter, places: PlaceRec[], localities: LocalityFinder): PoiRec[] {
    const here: Locality = {city: -1, district: -1, postal: ''};
    const pois: PoiRec[] = [];
    // One object mapped twice (a multipolygon and its tagged outer way, a node and an area): once.
    const poiByKey = new Map<string, number[]>();
    const poiByName = new Map<string, number[]>();
    const drafts = d.pois.concat(d.stations);
    // Names come back (chains, "Pharmacie" in every town): folded once each.
    const folded = new Map<string, string>();
    const foldOnce = (name: string) => {
        let f = folded.get(name);
        if (f === undefined) folded.set(name, f = fold(name));
        return f;
    };
    let osmPois = 0;
    for (let j = 0; j < drafts.length; j++) {
        const p = drafts[j];
        if (j === d.pois.length) osmPois = pois.length;
        const at = country.pointOf(p.lat, p.lon, p.refs, p.wayIds);
        if (!at || !country.inside(at[0], at[1])) continue;
        const key = `${foldOnce(p.names.name)}|${p.key}`;
        const same = poiByKey.get(key);
        if (same?.some((i) => flatMeters(pois[i].lat, pois[i].lon, at[0], at[1]) < POI_DUPLICATE_METERS)) continue;
        // A feed's station the OSM data already has under one of its names (a station, its building).
        const named = poiByName.get(foldOnce(p.names.name));
        if (j >= d.pois.length && named?.some((i) => i < osmPois && flatMeters(pois[i].lat, pois[i].lon, at[0], at[1]) < STATION_DUPLICATE_METERS)) continue;
        // Only what can stand for a station: a café called "Trindade" does not hide the Trindade station.
        if (j < d.pois.length && STATION_LIKE.test(p.key)) {
            for (const n of nameStrings(p.names)) {
                const list = poiByName.get(foldOnce(n));
                if (!list) poiByName.set(foldOnce(n), [pois.length]);
                else if (list[list.length - 1] !== pois.length) list.push(pois.length);
            }
        }
        if (same) same.push(pois.length);
        else poiByKey.set(key, [pois.length]);
        localities.localityOf(at[0], at[1], here);
        pois.push({lat: at[0], lon: at[1], names: p.names, key: p.key, housenumber: p.housenumber, street: p.street,
            postcode: p.postcode || here.postal || localityPostcode(places, here), city: here.city, district: here.district});
    }
    return pois;
}

/** The postcode of a locality's district, else of its town. */
function localityPostcode(places: PlaceRec[], loc: Locality): string {
    return (loc.district >= 0 ? places[loc.district].postcode : '') || (loc.city >= 0 ? places[loc.city].postcode : '');
}
