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
