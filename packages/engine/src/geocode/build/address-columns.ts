// Stage 8 of build-index.ts: the address columns in section order, with where each numbered
// address lies on its street (to place the numbers the data lacks: interpolation.ts) and the
// addresses' spatial index; the postcode and street line columns.
import Flatbush from 'flatbush';
import {postcodeKey} from '../fold.js';
import {flatX, flatY, projectOnLine, type FlatProjection, type LinePosition, type StreetLines} from '../interpolation.js';
import {ADDRESS_INTERPOLATED} from '../places.js';
import type {AddressRows} from './addresses.js';
import type {AddressLocalities, LineLocalities} from './assign-localities.js';
import type {SectionStrings} from './features.js';
import {LINK_LINE_METERS, type StreetLineCoords, type StreetRec} from './records.js';

export interface AddressColumns {
    aLat: Int32Array;
    aLon: Int32Array;
    aStreet: Uint32Array;
    aNumber: Uint32Array;
    aKey: Uint32Array;
    aPostcode: Uint32Array;
    aCity: Uint32Array;
    aDistrict: Uint32Array;
    aFlags: Uint8Array;
    aNum: Uint32Array;
    aLine: Uint32Array;
    aAlong: Float32Array;
    aOffset: Float32Array;
    addrIndex: Flatbush | null;
    /** The street lines' vertices in degrees * 1e7. */
    coordLat: Int32Array;
    coordLon: Int32Array;
}

/** The address columns, rows taken in `order`; S: the street count, which the place columns are numbered after. */
export function addressColumns(rows: AddressRows, order: Uint32Array, localities: AddressLocalities, streets: StreetRec[], lines: StreetLineCoords,
    proj: FlatProjection, termId: Map<string, number>, out: SectionStrings): AddressColumns {
    const A = rows.count, S = streets.length, pool = rows.pool.values, strings = out.strings;
    const toFixed = (values: Float64Array) => {
        const fixed = new Int32Array(values.length);
        for (let i = 0; i < values.length; i++) fixed[i] = Math.round(values[i] * 1e7);
        return fixed;
    };
    const c: AddressColumns = {
        aLat: new Int32Array(A), aLon: new Int32Array(A), aStreet: new Uint32Array(A), aNumber: new Uint32Array(A), aKey: new Uint32Array(A),
        aPostcode: new Uint32Array(A), aCity: new Uint32Array(A), aDistrict: new Uint32Array(A), aFlags: new Uint8Array(A),
        aNum: new Uint32Array(A), aLine: new Uint32Array(A), aAlong: new Float32Array(A), aOffset: new Float32Array(A),
        addrIndex: A ? new Flatbush(A, 16, Float32Array) : null, coordLat: toFixed(lines.lat), coordLon: toFixed(lines.lon)
    };
    const fixedLines = {lineStart: lines.lineStart, coordLat: c.coordLat, coordLon: c.coordLon};
    const {lat0, lon0, metersPerLat: mLat, metersPerLon: mLon} = proj;
    const streetFirstLine = new Uint32Array(S + 1);
    for (let s = 0; s < S; s++) streetFirstLine[s + 1] = streetFirstLine[s] + streets[s].lineCount;
    const onLine: LinePosition = {line: 0, along: 0, offset: 0};
    const boxes = lineBoxes(fixedLines, proj, lines.lineStreet.length);
    for (let i = 0; i < A; i++) {
        const r = order[i];
        const street = rows.street[r], flags = rows.flags[r], numberText = pool[rows.number[r]];
        c.aLat[i] = Math.round(rows.lat[r] * 1e7);
        c.aLon[i] = Math.round(rows.lon[r] * 1e7);
        c.aStreet[i] = street;
        c.aNumber[i] = strings.intern(numberText);
        c.aKey[i] = termId.get(pool[rows.key[r]])!;
        c.aPostcode[i] = out.postcodeOf(pool[rows.postcode[r]]);
        c.aCity[i] = localities.city[r] >= 0 ? S + localities.city[r] + 1 : 0;
        c.aDistrict[i] = localities.district[r] >= 0 ? S + localities.district[r] + 1 : 0;
        c.aFlags[i] = flags;
        const x = (rows.lon[r] - lon0) * mLon, y = (rows.lat[r] - lat0) * mLat;
        c.addrIndex?.add(x, y);
        const number = /^\d+/.exec(numberText);
        if (number && !(flags & ADDRESS_INTERPOLATED)) {
            c.aNum[i] = Number(number[0]);
            onLine.line = 0;
            let best = LINK_LINE_METERS;
            for (let l = streetFirstLine[street]; l < streetFirstLine[street + 1]; l++) {
                // A line whose box is further than the nearest so far cannot be nearer (the margin: rounding).
                const dx = Math.max(boxes[4 * l] - x, 0, x - boxes[4 * l + 2]), dy = Math.max(boxes[4 * l + 1] - y, 0, y - boxes[4 * l + 3]);
                if (Math.sqrt(dx * dx + dy * dy) > best + BOX_MARGIN_METERS) continue;
                best = projectOnLine(fixedLines, proj, l, x, y, onLine, best);
            }
            c.aLine[i] = onLine.line;
            c.aAlong[i] = onLine.along;
            c.aOffset[i] = onLine.offset;
        }
    }
    c.addrIndex?.finish();
    return c;
}

/** Far more than the rounding of flat metres a country wide (about 1e-9 m), far less than anything measured. */
const BOX_MARGIN_METERS = 1e-3;

/** Each line's box in flat metres (as projectOnLine projects its vertices): minX, minY, maxX, maxY. */
function lineBoxes(lines: StreetLines, proj: FlatProjection, lineCount: number): Float64Array {
    const boxes = new Float64Array(4 * lineCount);
    for (let l = 0; l < lineCount; l++) {
        let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
        for (let i = lines.lineStart[l]; i < lines.lineStart[l + 1]; i++) {
            const x = flatX(proj, lines.coordLon[i]), y = flatY(proj, lines.coordLat[i]);
            if (x < x0) x0 = x;
            if (x > x1) x1 = x;
            if (y < y0) y0 = y;
            if (y > y1) y1 = y;
        }
        boxes[4 * l] = x0;
        boxes[4 * l + 1] = y0;
        boxes[4 * l + 2] = x1;
        boxes[4 * l + 3] = y1;
    }
    return boxes;
}

/** The postcodes' display strings and terms (pc_*), then each street line's town and postcode (line_city, line_postcode). */
export function postcodeAndLineColumns(out: SectionStrings, termId: Map<string, number>, lineLocalities: LineLocalities, S: number):
    {pcStr: Uint32Array; pcTerm: Uint32Array; lineCity: Uint32Array; linePostcode: Uint32Array} {
    const list = out.postcodeList;
    const pcStr = new Uint32Array(list.length), pcTerm = new Uint32Array(list.length);
    for (let p = 0; p < list.length; p++) {
        pcStr[p] = out.strings.intern(list[p]);
        pcTerm[p] = termId.get(postcodeKey(list[p]))!;
    }
    const L = lineLocalities.city.length;
    const lineCity = new Uint32Array(L), linePostcode = new Uint32Array(L);
    for (let l = 0; l < L; l++) {
        const c = lineLocalities.city[l];
        lineCity[l] = c >= 0 ? S + c + 1 : 0;
        linePostcode[l] = out.postcodeOf(lineLocalities.postcode[l]);
    }
    return {pcStr, pcTerm, lineCity, linePostcode};
}
