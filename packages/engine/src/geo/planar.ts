// Plane geometry on interleaved integer coordinates [x0, y0, x1, y1, …] (rings closed: first point
// repeated last): point-to-segment distance, ring area and orientation, point in ring, and
// Douglas–Peucker simplification (keeps the first and last points; an explicit stack instead of recursion).

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
            const d = segmentDistance2(coords[i * 2], coords[i * 2 + 1], ax, ay, bx, by);
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

/**
 * Squared distance from (px, py) to the segment (ax, ay)-(bx, by). The foot of the perpendicular is
 * a + t (b - a) with t clamped to [0, 1], so on integer coordinates t = 1 gives b exactly.
 */
export function segmentDistance2(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
    const dx = bx - ax, dy = by - ay;
    const len2 = dx * dx + dy * dy;
    let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
    if (t < 0) t = 0;
    else if (t > 1) t = 1;
    const ex = ax + t * dx - px, ey = ay + t * dy - py;
    return ex * ex + ey * ey;
}

/** Where (px, py) projects on the segment (ax, ay)-(bx, by): 0 at a, 1 at b (clamped; 0 for a point). */
export function segmentParameter(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
    const dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
    return len2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2)) : 0;
}

/** Twice the signed area of a ring (interleaved coordinates, closed). */
export function ringArea2(coords: Int32Array): number {
    let s = 0;
    for (let i = 0; i + 3 < coords.length; i += 2) s += coords[i] * coords[i + 3] - coords[i + 2] * coords[i + 1];
    return s;
}

/** Reverses a ring (interleaved coordinates) in place. */
export function reverseRing(c: Int32Array): void {
    for (let i = 0, j = c.length - 2; i < j; i += 2, j -= 2) {
        const x = c[i], y = c[i + 1];
        c[i] = c[j];
        c[i + 1] = c[j + 1];
        c[j] = x;
        c[j + 1] = y;
    }
}

/** Even-odd point in ring (ray casting). */
export function insideRing(c: Int32Array, x: number, y: number): boolean {
    let inside = false;
    for (let i = 0, j = c.length - 2; i < c.length; j = i, i += 2) {
        const xi = c[i], yi = c[i + 1], xj = c[j], yj = c[j + 1];
        if ((yi > y) !== (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
}
