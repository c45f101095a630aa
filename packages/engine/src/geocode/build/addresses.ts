// Stage 4 of build-index.ts: the addresses. Their positions (ways and multipolygons: the mean of
// their nodes), the numbers spread along addr:interpolation lines, then each address linked to its
// street: the nearest piece of a street of its addr:street name, else a street made of the
// addresses of that name; without addr:street, the nearest named street close by.
import {Growable, lowerBound} from '../../format/growable.js';
import {StringPool} from '../../format/string-pool.js';
import {metersPerDegreeLon} from '../../geo/distance.js';
import {housenumberKey, tokenize} from '../fold.js';
import {boxMeters} from '../../geo/distance.js';
import {interpolate} from '../interpolation.js';
import {ADDRESS_INTERPOLATED, ADDRESS_STREET_INFERRED, STREET_FROM_ADDRESSES} from '../places.js';
import {DRAFT_INTERPOLATED} from './address-drafts.js';
import {nameStrings, type PlacesDrafts} from './drafts.js';
import type {CountryFilter} from './localities.js';
import {LINK_LINE_METERS, type StreetLineCoords, type StreetNames, type StreetRec} from './records.js';
import type {StreetSegments} from './street-segments.js';

/** An address links to a street of its addr:street name at most this far (m); else the street is made from addresses. */
const ADDRESS_STREET_METERS = 1000;
/** An address without addr:street takes the nearest named street within this distance (m). */
const INFER_STREET_METERS = 40;

/** The addresses linked to a street, one row per house number key, in columns (a country has millions); strings by id in `pool`. */
export interface AddressRows {
    count: number;
    pool: StringPool;
    lat: Float64Array;
    lon: Float64Array;
    number: Uint32Array;
    key: Uint32Array;
    street: Uint32Array;
    postcode: Uint32Array;
    flags: Uint8Array;
    /** Addresses spread along interpolation lines, and addresses dropped for want of a street. */
    interpolated: number;
    withoutStreet: number;
}

/** Positions of the addresses drawn as ways and multipolygons (NaN when none of their nodes is known). */
export function resolveAddressPositions(d: PlacesDrafts, country: CountryFilter): void {
    const ad = d.addresses;
    for (let r = 0; r < ad.length; r++) {
        if (!Number.isNaN(ad.lat.data[r])) continue;
        const refs = ad.refs.data[r], ways = ad.wayIds.data[r];
        const at = country.pointOf(NaN, NaN, refs >= 0 ? ad.lists.view(refs) : null, ways >= 0 ? Array.from(ad.lists.view(ways)) : null);
        if (!at) continue;
        ad.lat.data[r] = at[0];
        ad.lon.data[r] = at[1];
    }
}

/** Appends the numbers of the interpolation lines to the address drafts (their street and postcode from the line or its ends). */
export function interpolateAddresses(d: PlacesDrafts): void {
    const nodes = d.nodes, ad = d.addresses, adStrings = ad.strings;
    // Addresses on nodes (where interpolation lines end), sorted by node id, then in order.
    let nodeRowCount = 0;
    for (let r = 0; r < ad.length; r++) if (ad.nodeId.data[r] >= 0 && !Number.isNaN(ad.lat.data[r])) nodeRowCount++;
    const nodeRows = new Int32Array(nodeRowCount);
    for (let r = 0, k = 0; r < ad.length; r++) if (ad.nodeId.data[r] >= 0 && !Number.isNaN(ad.lat.data[r])) nodeRows[k++] = r;
    nodeRows.sort((x, y) => ad.nodeId.data[x] - ad.nodeId.data[y] || x - y);
    const nodeRowIds = Float64Array.from(nodeRows, (r) => ad.nodeId.data[r]);
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
}

export function streetNames(streets: StreetRec[]): StreetNames {
    const byName = new Map<string, number[]>(), keyId = new Map<string, number>(), streetsOfKey: number[][] = [];
    const keyStart = new Uint32Array(streets.length + 1), keyIds = new Growable(Uint32Array);
    // A name is folded once: the same street names come back in every town.
    const keyOf = new Map<string, string>();
    for (let s = 0; s < streets.length; s++) {
        for (const name of nameStrings(streets[s].names)) {
            let key = keyOf.get(name);
            if (key === undefined) keyOf.set(name, key = tokenize(name).join(' '));
            if (key === '') continue;
            let id = keyId.get(key);
            if (id === undefined) keyId.set(key, id = keyId.size);
            let known = false;
            for (let k = keyStart[s]; k < keyIds.length; k++) if (keyIds.data[k] === id) known = true;
            if (!known) keyIds.push(id);
            const list = byName.get(key);
            if (!list) {
                byName.set(key, [s]);
                streetsOfKey.push(byName.get(key)!);
            } else if (list[list.length - 1] !== s) list.push(s);
        }
        keyStart[s + 1] = keyIds.length;
    }
    return {byName, keyId, streetsOfKey, keyStart, keyIds: keyIds.toArray()};
}

/** What linkAddresses works out once per addr:street value (by its id among the drafts' strings), not once per address. */
class StreetNameForms {
    /** The folded name, then each half of a bilingual name ("Rue X - Y straat"). */
    private readonly forms: (string[] | undefined)[] = [];
    /** The key of names.byName the value is filed under (-1: none), by id + 1 (0: not worked out yet). */
    private readonly known: Int32Array;

    constructor(private readonly ad: PlacesDrafts['addresses'], private readonly names: StreetNames) {
        this.known = new Int32Array(ad.strings.values.length);
    }

    of(id: number): string[] {
        let f = this.forms[id];
        if (f === undefined) {
            const name = this.ad.string(id);
            f = this.forms[id] = [tokenize(name).join(' ')];
            for (const part of name.split(/\s+[-–/]\s+/)) f.push(tokenize(part).join(' '));
        }
        return f;
    }

    /** The key id of the value among the street names (streetKeyNamed), or -1. */
    keyId(id: number): number {
        if (id < this.known.length && this.known[id] !== 0) return this.known[id] - 1;
        const key = streetKeyNamed(this.names.byName, this.of(id));
        const k = key === undefined ? -1 : this.names.keyId.get(key)!;
        if (id < this.known.length) this.known[id] = k + 1;
        return k;
    }
}

/**
 * Links each address in the country to its street (appending to `streets` the streets known only
 * from addresses, placed at the mean of their addresses), one row per house number key.
 */
export function linkAddresses(d: PlacesDrafts, country: CountryFilter, streets: StreetRec[], names: StreetNames, lines: StreetLineCoords,
    segments: StreetSegments): AddressRows {
    const ad = d.addresses, lineStreet = lines.lineStreet;
    const pool = new StringPool();
    const adLat = new Growable(Float64Array), adLon = new Growable(Float64Array), adNumber = new Growable(Uint32Array);
    const adKey = new Growable(Uint32Array), adStreet = new Growable(Uint32Array), adPostcode = new Growable(Uint32Array);
    const adFlags = new Growable(Uint8Array);
    let withoutStreet = 0, interpolated = 0;
    // Address-only streets: addr:street names with no highway of that name nearby.
    const virtualByName = new Map<string, number[]>();
    const forms = new StreetNameForms(ad, names);
    const numberKeys: (string[] | undefined)[] = [];
    for (let r = 0; r < ad.length; r++) {
        const lat = ad.lat.data[r], lon = ad.lon.data[r];
        if (Number.isNaN(lat) || !country.inside(lat, lon)) continue;
        const streetNameId = ad.street.data[r], streetName = ad.string(streetNameId);
        const rowInterpolated = (ad.flags.data[r] & DRAFT_INTERPOLATED) !== 0;
        let street = -1, flags = rowInterpolated ? ADDRESS_INTERPOLATED : 0;
        if (streetName !== '') {
            // The nearest piece of a street of that name: by distance to its lines when one is close
            // (long streets' boxes overlap), else by distance to its box.
            const keyId = forms.keyId(streetNameId), nameForms = forms.of(streetNameId);
            street = keyId >= 0 ? segments.nearestLineOf(names, keyId, lat, lon, LINK_LINE_METERS) : -1;
            if (street < 0) street = nearestNamedStreet(streets, streetsNamed(names.byName, nameForms), lat, lon, ADDRESS_STREET_METERS);
            if (street < 0) {
                const key = nameForms[0];
                if (key === '') continue;
                street = nearestNamedStreet(streets, streetsNamed(virtualByName, nameForms), lat, lon, ADDRESS_STREET_METERS);
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
            const line = segments.nearestLine(lat, lon, INFER_STREET_METERS);
            if (line < 0) {
                withoutStreet++;
                continue;
            }
            street = lineStreet[line];
            flags |= ADDRESS_STREET_INFERRED;
        }
        const number = ad.string(ad.number.data[r]);
        const numberId = pool.id(number.trim()), postcodeId = pool.id(ad.string(ad.postcode.data[r]).trim());
        const keys = numberKeys[ad.number.data[r]] ??= addressKeys(number);
        for (const key of keys) {
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
    const rows: AddressRows = {count: adLat.length, pool, lat: adLat.data, lon: adLon.data, number: adNumber.data, key: adKey.data, street: adStreet.data,
        postcode: adPostcode.data, flags: adFlags.data, interpolated, withoutStreet};
    placeAddressStreets(streets, rows);
    return rows;
}

/** Address-only streets sit at the mean of their addresses. */
function placeAddressStreets(streets: StreetRec[], rows: AddressRows): void {
    const sums = new Map<number, [number, number, number]>();
    for (let i = 0; i < rows.count; i++) {
        if (streets[rows.street[i]].type !== STREET_FROM_ADDRESSES) continue;
        const s = sums.get(rows.street[i]) ?? [0, 0, 0];
        s[0] += rows.lat[i];
        s[1] += rows.lon[i];
        s[2]++;
        sums.set(rows.street[i], s);
    }
    for (const [s, [lat, lon, n]] of sums) {
        streets[s].lat = lat / n;
        streets[s].lon = lon / n;
    }
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

/** Streets having this name (any of their names; else either half of a bilingual name: StreetNameForms), or undefined. */
function streetsNamed(byName: Map<string, number[]>, forms: string[]): number[] | undefined {
    const key = streetKeyNamed(byName, forms);
    return key === undefined ? undefined : byName.get(key);
}

/** The key of byName that streetsNamed's list is filed under, or undefined. */
function streetKeyNamed(byName: Map<string, number[]>, forms: string[]): string | undefined {
    for (const key of forms) if (byName.has(key)) return key;
    return undefined;
}

/** The street of the list whose box is nearest the point, within maxMeters; else -1. */
function nearestNamedStreet(streets: StreetRec[], list: number[] | undefined, lat: number, lon: number, maxMeters: number): number {
    if (!list) return -1;
    let best = -1, bestD = maxMeters;
    const k = metersPerDegreeLon(lat);
    for (const s of list) {
        const st = streets[s];
        const dd = boxMeters(lat, lon, st.minLat, st.minLon, st.maxLat, st.maxLon, k);
        if (dd <= bestD) {
            bestD = dd;
            best = s;
        }
    }
    return best;
}
