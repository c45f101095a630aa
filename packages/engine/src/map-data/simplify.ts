// Douglas–Peucker simplification of one run of interleaved integer coordinates [x0, y0, x1, y1, …].
// Keeps the first and last points; an explicit stack instead of recursion.

/** Returns the kept coordinates (interleaved). `tolerance` is in the coordinates' units. */
export function simplifyLine(coords: Int32Array, tolerance: number): Int32Array {
    const n = coords.length >> 1;
    if (n <= 2 || tolerance <= 0) return coords;
    const keep = new Uint8Array(n);
    keep[0] = keep[n - 1] = 1;
    const tolSq = tolerance * tolerance;
    const stack: number[] = [0, n - 1];
    while (stack.length) {
        const last = stack.pop()!, first = stack.pop()!;
        let maxSq = 0, index = -1;
        const ax = coords[first * 2], ay = coords[first * 2 + 1];
        const bx = coords[last * 2], by = coords[last * 2 + 1];
        for (let i = first + 1; i < last; i++) {
            const d = segmentDistanceSq(coords[i * 2], coords[i * 2 + 1], ax, ay, bx, by);
            if (d > maxSq) {
                maxSq = d;
                index = i;
            }
        }
        if (index >= 0 && maxSq > tolSq) {
            keep[index] = 1;
            if (index - first > 1) stack.push(first, index);
            if (last - index > 1) stack.push(index, last);
        }
    }
    let count = 0;
    for (let i = 0; i < n; i++) count += keep[i];
    const out = new Int32Array(count * 2);
    let o = 0;
    for (let i = 0; i < n; i++) {
        if (!keep[i]) continue;
        out[o++] = coords[i * 2];
        out[o++] = coords[i * 2 + 1];
    }
    return out;
}

/**
 * A closed ring (first point repeated last) simplified without collapsing it: the ring is split at
 * its point farthest from the start so both halves keep their shape. Null when fewer than 4 points remain.
 */
export function simplifyRing(coords: Int32Array, tolerance: number): Int32Array | null {
    const n = coords.length >> 1;
    if (n < 4) return null;
    if (tolerance <= 0 || n <= 4) return coords;
    let far = 0, farSq = -1;
    for (let i = 1; i < n - 1; i++) {
        const dx = coords[i * 2] - coords[0], dy = coords[i * 2 + 1] - coords[1];
        const d = dx * dx + dy * dy;
        if (d > farSq) {
            farSq = d;
            far = i;
        }
    }
    const a = simplifyLine(coords.subarray(0, far * 2 + 2), tolerance);
    const b = simplifyLine(coords.subarray(far * 2), tolerance);
    const out = new Int32Array(a.length + b.length - 2);
    out.set(a, 0);
    out.set(b.subarray(2), a.length);
    return out.length >= 8 ? out : null;
}

function segmentDistanceSq(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
    let x = ax, y = ay;
    const dx = bx - ax, dy = by - ay;
    if (dx !== 0 || dy !== 0) {
        const t = ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy);
        if (t > 1) {
            x = bx;
            y = by;
        } else if (t > 0) {
            x += dx * t;
            y += dy * t;
        }
    }
    const ex = px - x, ey = py - y;
    return ex * ex + ey * ey;
}

/** Twice the signed area of a ring (interleaved coordinates, closed). */
export function ringArea2(coords: Int32Array): number {
    let s = 0;
    for (let i = 0; i + 3 < coords.length; i += 2) s += coords[i] * coords[i + 3] - coords[i + 2] * coords[i + 1];
    return s;
}
