// The scores of /scores (COMPAT.md): a 0-10 score per key from the neighbourhood data, by the
// formula written in data/scores.json (time to the nearest place, and how many there are around).
// Monotone: a shorter trip or a higher count never gives a lower score. The answer's layout (labels,
// keys) is the server's: packages/server/src/answers/neighbourhood-answer.ts.
import {readConfigJson} from '../config/data-files.js';
import type {Labels} from '../poi/categories.js';
import type {NeighbourhoodData} from './nearby.js';

export interface ScoreDefinition {
    k: string;
    iconId: number;
    pt: number;
    subtypes: string[];
    modes: number[];
    idealMinutes: number;
    maxMinutes: number;
    count: string | string[] | null;
    countFull: number;
    timeWeight: number;
    labels?: Labels;
    labelFrom?: string;
}

export function scoreDefinitions(): ScoreDefinition[] {
    return readConfigJson<{scores: ScoreDefinition[]}>('scores.json').scores;
}

/** T: 1 at or below ideal, 0 at or beyond max, linear between. */
export function timeFraction(minutes: number | null, ideal: number, max: number): number {
    if (minutes === null) return 0;
    if (minutes <= ideal) return 1;
    if (minutes >= max) return 0;
    return (max - minutes) / (max - ideal);
}

/** The score of one definition: 10 x (w T + (1 - w) C), one decimal. */
export function scoreValue(d: ScoreDefinition, minutes: number | null, count: number): number {
    const t = timeFraction(minutes, d.idealMinutes, d.maxMinutes);
    const c = d.countFull > 0 ? Math.min(1, count / d.countFull) : 0;
    return Math.round(100 * (d.timeWeight * t + (1 - d.timeWeight) * c)) / 10;
}

/** One score of the neighbourhood: its definition (data/scores.json) and its value, 0-10. */
export interface ScoreResult {
    definition: ScoreDefinition;
    value: number;
}

/** Every score of data/scores.json for the neighbourhood data, in the file's order. */
export function neighbourhoodScores(data: NeighbourhoodData): ScoreResult[] {
    const places = new Map<string, {tm: number; seconds: number}[]>();
    for (const c of data.categories) for (const s of c.subcategories) places.set(s.key, s.places[0]?.trips ?? []);
    return scoreDefinitions().map((d) => {
        // The best time over the sub-types, each reached by the first of the modes that gets there.
        let minutes: number | null = null;
        for (const key of d.subtypes) {
            const trips = places.get(key);
            if (!trips) continue;
            for (const tm of d.modes) {
                const t = trips.find((x) => x.tm === tm);
                if (!t) continue;
                const m = t.seconds / 60;
                if (minutes === null || m < minutes) minutes = m;
                break;
            }
        }
        const countKeys = d.count === null ? [] : Array.isArray(d.count) ? d.count : [d.count];
        let count = 0;
        for (const k of countKeys) count += data.counts[k] ?? 0;
        return {definition: d, value: scoreValue(d, minutes, count)};
    });
}
