// addr:interpolation ways: a line drawn along a row of houses whose end nodes carry house numbers;
// the numbers between are spread along the line in proportion to its length (as Nominatim does).

/** A row longer than this (numbers between two tagged nodes) is a tagging error, not a street. */
export const MAX_INTERPOLATED = 200;

/**
 * Numbers strictly between each pair of consecutive numbered nodes of a line.
 * lat/lon: the line's vertices (degrees); numbers[i]: the integer house number at vertex i, or NaN.
 * step: 2 for odd/even, 1 for all, or the number given in the tag. Calls emit(number, lat, lon).
 */
export function interpolate(lat: Float64Array, lon: Float64Array, numbers: Float64Array, step: number,
    emit: (number: number, lat: number, lon: number) => void): void {
    const n = lat.length;
    // Cumulative length along the line (flat metres are enough to place houses along a street).
    const along = new Float64Array(n);
    const k = Math.cos(lat[0] * Math.PI / 180);
    for (let i = 1; i < n; i++) {
        const dx = (lon[i] - lon[i - 1]) * k, dy = lat[i] - lat[i - 1];
        along[i] = along[i - 1] + Math.sqrt(dx * dx + dy * dy);
    }
    let from = -1;
    for (let i = 0; i < n; i++) {
        if (Number.isNaN(numbers[i])) continue;
        if (from >= 0) span(from, i);
        from = i;
    }

    function span(i: number, j: number): void {
        const a = numbers[i], b = numbers[j];
        if (a === b) return;
        const dir = b > a ? 1 : -1;
        const count = Math.floor(Math.abs(b - a) / step) - (Math.abs(b - a) % step === 0 ? 1 : 0);
        if (count <= 0 || count > MAX_INTERPOLATED) return;
        const start = along[i], length = along[j] - along[i];
        let v = i;
        for (let c = 1; c <= count; c++) {
            const number = a + dir * c * step;
            const at = start + length * (number - a) / (b - a);
            while (v + 1 < j && along[v + 1] < at) v++;
            const seg = along[v + 1] - along[v];
            const f = seg > 0 ? (at - along[v]) / seg : 0;
            emit(number, lat[v] + (lat[v + 1] - lat[v]) * f, lon[v] + (lon[v + 1] - lon[v]) * f);
        }
    }
}

/** The step of an addr:interpolation value, or 0 when it is not numeric (alphabetic, none). */
export function interpolationStep(value: string): number {
    if (value === 'odd' || value === 'even') return 2;
    if (value === 'all') return 1;
    const n = Number(value);
    return Number.isInteger(n) && n > 0 && n <= 100 ? n : 0;
}

// House numbers the data lacks. At build time every numbered address is projected on its street's
// nearest line (which line, metres along it, metres to its left); a missing number is then placed
// between the two nearest known numbers on the same side of the street (same parity), in proportion
// to the numbers, at the same distance from the line. With known numbers on one side only, it is
// carried on past the nearest two, at most as far as they are apart and never past the line's end.

/** Where an address lies on its street: line index + 1 (0: none), metres along it, metres to its left. */
export interface LinePosition {
    line: number;
    along: number;
    offset: number;
}

/** A flat projection: metres east and north of an origin. */
export interface FlatProjection {
    lat0: number;
    lon0: number;
    metersPerLat: number;
    metersPerLon: number;
}

/** Street lines in flat arrays: line l has vertices [lineStart[l], lineStart[l + 1]) of coordLat / coordLon (degrees * 1e7). */
export interface StreetLines {
    lineStart: ArrayLike<number>;
    coordLat: ArrayLike<number>;
    coordLon: ArrayLike<number>;
}

/** Where (x, y) projects on line l (flat metres): sets `out` when nearer than out's current distance; returns the distance. */
export function projectOnLine(lines: StreetLines, proj: FlatProjection, l: number, x: number, y: number, out: LinePosition, bestDistance: number): number {
    let along = 0;
    let best = bestDistance;
    const start = lines.lineStart[l], end = lines.lineStart[l + 1];
    let ax = flatX(proj, lines.coordLon[start]), ay = flatY(proj, lines.coordLat[start]);
    if (end - start === 1) {
        const d = Math.hypot(x - ax, y - ay);
        if (d < best) {
            out.line = l + 1;
            out.along = 0;
            out.offset = 0;
            best = d;
        }
        return best;
    }
    for (let i = start + 1; i < end; i++) {
        const bx = flatX(proj, lines.coordLon[i]), by = flatY(proj, lines.coordLat[i]);
        const dx = bx - ax, dy = by - ay, len = Math.sqrt(dx * dx + dy * dy);
        const t = len > 0 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (len * len))) : 0;
        const px = ax + t * dx, py = ay + t * dy;
        const d = Math.hypot(x - px, y - py);
        if (d < best) {
            best = d;
            out.line = l + 1;
            out.along = along + t * len;
            // Signed: positive to the left of the line's direction.
            out.offset = len > 0 ? (dx * (y - ay) - dy * (x - ax)) / len : 0;
        }
        along += len;
        ax = bx;
        ay = by;
    }
    return best;
}

/** The point `along` metres along line l and `offset` metres to its left, as [lat, lon] (the line's ends bound `along`). */
export function pointOnLine(lines: StreetLines, proj: FlatProjection, l: number, along: number, offset: number): [number, number] {
    const start = lines.lineStart[l], end = lines.lineStart[l + 1];
    let ax = flatX(proj, lines.coordLon[start]), ay = flatY(proj, lines.coordLat[start]);
    let x = ax, y = ay;
    let walked = 0;
    for (let i = start + 1; i < end; i++) {
        const bx = flatX(proj, lines.coordLon[i]), by = flatY(proj, lines.coordLat[i]);
        const dx = bx - ax, dy = by - ay, len = Math.sqrt(dx * dx + dy * dy);
        if (len > 0 && (walked + len >= along || i === end - 1)) {
            const t = Math.max(0, Math.min(1, (along - walked) / len));
            x = ax + t * dx - dy / len * offset;
            y = ay + t * dy + dx / len * offset;
            break;
        }
        walked += len;
        ax = bx;
        ay = by;
        x = ax;
        y = ay;
    }
    return [proj.lat0 + y / proj.metersPerLat, proj.lon0 + x / proj.metersPerLon];
}

/**
 * The known houses of a street, as columns (those of Places): number (0: none), line index + 1 (0: none),
 * metres along it and to its left, position (degrees * 1e7).
 */
export interface KnownHouses {
    aNum: ArrayLike<number>;
    aLine: ArrayLike<number>;
    aAlong: ArrayLike<number>;
    aOffset: ArrayLike<number>;
    aLat: ArrayLike<number>;
    aLon: ArrayLike<number>;
}

/**
 * Estimated [lat, lon] of house `number` from the known houses [start, end) of its street, or null
 * when the street has no two known numbers on its side (same parity) to place it by. `near` gets the
 * known house nearest in number (its postcode and town are the estimate's).
 */
export function estimateHouse(h: KnownHouses, start: number, end: number, number: number, lines: StreetLines, proj: FlatProjection,
    near: {index: number}): [number, number] | null {
    // Nearest below and above on the same side, and the second nearest on each side for carrying on.
    let lo = -1, lo2 = -1, hi = -1, hi2 = -1;
    for (let i = start; i < end; i++) {
        const n = h.aNum[i];
        if (n === 0 || n === number || (n - number) % 2 !== 0) continue;
        if (n < number) {
            if (lo < 0 || n > h.aNum[lo]) {
                lo2 = lo;
                lo = i;
            } else if (n !== h.aNum[lo] && (lo2 < 0 || n > h.aNum[lo2])) lo2 = i;
        } else {
            if (hi < 0 || n < h.aNum[hi]) {
                hi2 = hi;
                hi = i;
            } else if (n !== h.aNum[hi] && (hi2 < 0 || n < h.aNum[hi2])) hi2 = i;
        }
    }
    let a: number, b: number;
    if (lo >= 0 && hi >= 0) {
        a = lo;
        b = hi;
    } else if (lo >= 0 && lo2 >= 0) {
        a = lo2;
        b = lo;
    } else if (hi >= 0 && hi2 >= 0) {
        a = hi;
        b = hi2;
    } else {
        return null;
    }
    const na = h.aNum[a], nb = h.aNum[b];
    const f = (number - na) / (nb - na);
    // Beyond the known numbers: no farther than they are apart.
    if (f < -1 || f > 2) return null;
    near.index = Math.abs(number - na) <= Math.abs(number - nb) ? a : b;
    if (h.aLine[a] !== 0 && h.aLine[a] === h.aLine[b]) {
        const l = h.aLine[a] - 1;
        const along = Math.max(0, Math.min(lineLength(lines, proj, l), h.aAlong[a] + (h.aAlong[b] - h.aAlong[a]) * f));
        return pointOnLine(lines, proj, l, along, h.aOffset[a] + (h.aOffset[b] - h.aOffset[a]) * Math.max(0, Math.min(1, f)));
    }
    // On two pieces of the street: between (or past) the two houses in a straight line.
    return [(h.aLat[a] + (h.aLat[b] - h.aLat[a]) * f) / 1e7, (h.aLon[a] + (h.aLon[b] - h.aLon[a]) * f) / 1e7];
}

function lineLength(lines: StreetLines, proj: FlatProjection, l: number): number {
    let length = 0;
    for (let i = lines.lineStart[l] + 1; i < lines.lineStart[l + 1]; i++) {
        length += Math.hypot(flatX(proj, lines.coordLon[i]) - flatX(proj, lines.coordLon[i - 1]),
            flatY(proj, lines.coordLat[i]) - flatY(proj, lines.coordLat[i - 1]));
    }
    return length;
}

export function flatX(proj: FlatProjection, lon1e7: number): number {
    return (lon1e7 / 1e7 - proj.lon0) * proj.metersPerLon;
}

export function flatY(proj: FlatProjection, lat1e7: number): number {
    return (lat1e7 / 1e7 - proj.lat0) * proj.metersPerLat;
}
