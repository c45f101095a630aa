// Where MapLibre anchors labels along a line (symbol/get_anchors.ts and check_max_angle.ts): every
// symbol-spacing pixels from an offset that depends on whether the line comes in from beyond the
// tile's edge, only where the whole label fits on the line and the line bends no more than
// text-max-angle within any window of 0.6 em under the label; a line with no such anchor and not
// continued from a neighbour tries its middle. Distances are device pixels along the projected line.

/** A projected line: screen points and the distance along the line at each. */
export interface ProjectedLine {
    readonly px: Float64Array;
    readonly py: Float64Array;
    readonly cum: Float64Array;
}

export interface AnchorRule {
    /** Length of the label (text width, or icon size) along the line. */
    labelLength: number;
    /** symbol-spacing, device pixels. */
    spacing: number;
    /** Text size in device pixels (an icon alone: the default 16, which only sets the first anchor's offset). */
    textSize: number;
    /** Whether the line's bends under the label are checked (a text; not an icon alone). */
    checkAngle: boolean;
    /** text-max-angle in radians. */
    maxAngle: number;
    /** 2 ** (style zoom − tile zoom). */
    overscaling: number;
    /** Whether the line starts on the tile's edge (it comes from the neighbouring tile). */
    continued: boolean;
}

/** Writes the anchors' distances along the line to `out`; returns how many (at most out.length). */
export function lineAnchors(line: ProjectedLine, n: number, rule: AnchorRule, out: Float64Array): number {
    if (n < 2) return 0;
    let spacing = rule.spacing;
    if (spacing - rule.labelLength < spacing / 4) spacing = rule.labelLength + spacing / 4;
    const offset = rule.continued ? (spacing / 2 * rule.overscaling) % spacing
        : ((rule.labelLength / 2 + 2 * rule.textSize) * rule.overscaling) % spacing;
    const count = resample(line, n, offset, spacing, rule, out);
    if (count > 0 || rule.continued) return count;
    return resample(line, n, line.cum[n - 1] / 2, spacing, rule, out);
}

function resample(line: ProjectedLine, n: number, offset: number, spacing: number, rule: AnchorRule, out: Float64Array): number {
    const total = line.cum[n - 1], half = rule.labelLength / 2;
    let count = 0;
    // Every `spacing` from the offset (the middle's pass too, as MapLibre's resample).
    for (let marked = offset; marked < total && count < out.length; marked += spacing) {
        if (marked - half < 0 || marked + half > total) continue;
        if (rule.checkAngle && !angleFits(line, n, marked, rule)) continue;
        out[count++] = marked;
    }
    return count;
}

/** Whether the line under a label centred `at` bends at most maxAngle within any window (checkMaxAngle). */
function angleFits(line: ProjectedLine, n: number, at: number, rule: AnchorRule): boolean {
    const {px, py, cum} = line;
    const half = rule.labelLength / 2, windowSize = 0.6 * rule.textSize;
    // The corners strictly inside the label's stretch, each with its turn.
    let i = 1;
    while (i < n - 1 && cum[i] <= at - half) i++;
    let recentStart = i, recentDelta = 0;
    for (; i < n - 1 && cum[i] < at + half; i++) {
        const a0 = Math.atan2(py[i] - py[i - 1], px[i] - px[i - 1]);
        const a1 = Math.atan2(py[i + 1] - py[i], px[i + 1] - px[i]);
        let delta = Math.abs(a1 - a0);
        if (delta > Math.PI) delta = 2 * Math.PI - delta;
        recentDelta += delta;
        while (cum[i] - cum[recentStart] > windowSize) {
            const s = recentStart++;
            const b0 = Math.atan2(py[s] - py[s - 1], px[s] - px[s - 1]);
            const b1 = Math.atan2(py[s + 1] - py[s], px[s + 1] - px[s]);
            let d = Math.abs(b1 - b0);
            if (d > Math.PI) d = 2 * Math.PI - d;
            recentDelta -= d;
        }
        if (recentDelta > rule.maxAngle) return false;
    }
    // MapLibre refuses a label that runs past the line's last corner.
    return at + half <= cum[n - 1];
}
