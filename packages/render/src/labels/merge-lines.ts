// MapLibre's mergeLines (symbol/merge_lines.ts): before a line layer's symbols are anchored, the lines
// of one tile that carry the same text and meet end to start are joined, so a street cut into many
// ways is labelled as one long line. Only a feature's first part takes part, as in MapLibre; a feature
// joined onto from both ends is folded into the other line and drops out (its other parts with it).
import type {VectorTileData} from '@quartier/engine/internal';

/** A line after merging: the feature it stands for, and the first parts it joins, in order along the line. */
export interface MergedLine {feature: number; parts: number[]; alive: boolean}

/** Merges the features' first parts in MapLibre's order; texts[i] is feats[i]'s text ('' for none). Returns the lines kept, in order. */
export function mergeLines(data: VectorTileData, feats: number[], texts: string[]): MergedLine[] {
    // Lines by the key of their first point (left) and of their last point (right).
    const left = new Map<string, number>(), right = new Map<string, number>();
    const merged: MergedLine[] = [];
    const key = (text: string, c: number) => `${text}:${data.xs[c]}:${data.ys[c]}`;
    const lastKey = (text: string, line: MergedLine) => key(text, data.coordStart[line.parts[line.parts.length - 1] + 1] - 1);
    for (let k = 0; k < feats.length; k++) {
        const p = data.partStart[feats[k]];
        const line: MergedLine = {feature: feats[k], parts: [p], alive: true};
        const text = texts[k];
        if (!text) {
            merged.push(line);
            continue;
        }
        const leftKey = key(text, data.coordStart[p]), rightKey = key(text, data.coordStart[p + 1] - 1);
        const before = right.get(leftKey), after = left.get(rightKey);
        if (before !== undefined && after !== undefined && before !== after) {
            // This line joins two: it goes before `after`, which then goes after `before`.
            left.delete(rightKey);
            const target = merged[after];
            target.parts = line.parts.concat(target.parts);
            right.delete(leftKey);
            merged[before].parts = merged[before].parts.concat(target.parts);
            // MapLibre's index updates, line for line: both keys of this line go.
            left.delete(leftKey);
            right.delete(rightKey);
            right.set(lastKey(text, merged[before]), before);
            target.alive = false;
        } else if (before !== undefined) {
            right.delete(leftKey);
            right.set(rightKey, before);
            merged[before].parts.push(p);
        } else if (after !== undefined) {
            left.delete(rightKey);
            left.set(leftKey, after);
            merged[after].parts = line.parts.concat(merged[after].parts);
        } else {
            const i = merged.push(line) - 1;
            left.set(leftKey, i);
            right.set(rightKey, i);
        }
    }
    return merged.filter((line) => line.alive);
}
