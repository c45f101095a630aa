// Turn-by-turn instructions, localized from data/route-text.json: one record per street or turn,
// with GraphHopper's turn codes. Their JSON (GraphHopper's keys) is the server's:
// packages/server/src/answers/route-answer.ts.
import {readConfigJson} from '../config/data-files.js';
import {bearing} from './geometry.js';
import type {RoutePieces} from './pieces.js';
import type {StringTable} from '../format/strings.js';

export interface Instruction {
    /** metres, to the millimetre */
    distance: number;
    /** Degrees clockwise from north, to 1/100: the departure only. */
    heading?: number;
    /** GraphHopper's turn sign: 0 continue, ±1 slight, ±2 turn, ±3 sharp, -98 U-turn, 4 arrive. */
    sign: number;
    /** The route's points the instruction covers (indices into its point list, both included). */
    firstPoint: number;
    lastPoint: number;
    text: string;
    /** ms, whole */
    time: number;
    streetName: string;
}

type Texts = Record<string, string> & {directions: string[]};
const SIGN_KEYS: Record<number, string> = {[-3]: 'sharpLeft', [-2]: 'left', [-1]: 'slightLeft', 0: 'continue', 1: 'slightRight', 2: 'right', 3: 'sharpRight', [-8]: 'uturn'};

function texts(language: string): Texts {
    const all = readConfigJson<Record<string, Texts>>('route-text.json');
    return all[language.toUpperCase()] ?? all.EN;
}

/** Each key's text for an unnamed street ('left' → 'leftUnnamed'), without a string made per instruction. */
const UNNAMED: Record<string, string> = {};
for (const key of [...Object.values(SIGN_KEYS), 'depart', 'ferry']) UNNAMED[key] = `${key}Unnamed`;

function fill(t: Texts, key: string, name: string, dir = ''): string {
    const template = name ? t[key] : t[UNNAMED[key]];
    // As template.replace('{name}', name).replace('{dir}', dir) (each the first occurrence), without replace's
    // special patterns: a name or a direction with '$' (which replace reads as a pattern) goes through replace.
    if (name.includes('$') || dir.includes('$')) return template.replace('{name}', name).replace('{dir}', dir);
    let text = template;
    const n = text.indexOf('{name}');
    if (n >= 0) text = text.slice(0, n) + name + text.slice(n + 6);
    const d = text.indexOf('{dir}');
    if (d >= 0) text = text.slice(0, d) + dir + text.slice(d + 5);
    return text;
}

/** GraphHopper's turn sign from the change of heading (degrees, positive = right). */
export function turnSign(delta: number): number {
    const d = ((delta + 540) % 360) - 180;
    const a = Math.abs(d);
    if (a < 12) return 0;
    let s: number;
    if (a < 45) s = 1;
    else if (a < 105) s = 2;
    else if (a < 165) s = 3;
    else return -8;
    return d < 0 ? -s : s;
}

/**
 * Builds the instructions of a route from its pieces (their points: pieces.points, flat [lon, lat, ...]);
 * `names`: the graph's street names, which the pieces give by index.
 */
export function buildInstructions(pieces: RoutePieces, names: StringTable, language: string): Instruction[] {
    const t = texts(language);
    const out: Instruction[] = [];
    const points = pieces.points;
    const lastPoint = points.length / 2 - 1;
    let current: Instruction | null = null;
    let currentName = '';
    // Consecutive pieces mostly share their street's name: decoded once per change.
    let nameIndex = -1, name = '';
    // A piece of one segment leaves along the segment the next one arrives by: its bearing, computed once.
    let leftFrom = -1, leftBearing = 0;
    for (let p = 0; p < pieces.count; p++) {
        const first = pieces.first[p], last = pieces.last[p], ferry = pieces.ferry[p] === 1;
        if (last <= first && pieces.length[p] === 0) continue;
        if (pieces.nameIndex[p] !== nameIndex) name = names.get(nameIndex = pieces.nameIndex[p]);
        const next = Math.min(first + 1, lastPoint);
        const out0 = bearing(points[first * 2], points[first * 2 + 1], points[next * 2], points[next * 2 + 1]);
        const previous = Math.max(0, first - 1);
        if (current === null) {
            const dir = t.directions[Math.round(out0 / 45) % 8];
            current = {
                distance: 0, heading: Math.round(out0 * 100) / 100, sign: 0, firstPoint: first, lastPoint: last,
                text: fill(t, ferry ? 'ferry' : 'depart', name, dir), time: 0, streetName: name
            };
            currentName = name;
            out.push(current);
        } else {
            const incoming = previous === leftFrom && first === leftFrom + 1 ? leftBearing
                : bearing(points[previous * 2], points[previous * 2 + 1], points[first * 2], points[first * 2 + 1]);
            const sign = turnSign(out0 - incoming);
            if (name !== currentName || Math.abs(sign) >= 2 || ferry) {
                const key = ferry ? 'ferry' : SIGN_KEYS[sign];
                current = {
                    distance: 0, sign: sign === -8 ? -98 : sign, firstPoint: first, lastPoint: last,
                    text: fill(t, key, name), time: 0, streetName: name
                };
                currentName = name;
                out.push(current);
            }
        }
        if (next === first + 1) {
            leftFrom = first;
            leftBearing = out0;
        }
        current.distance += pieces.length[p];
        current.time += pieces.time[p];
        current.lastPoint = last;
    }
    for (const i of out) {
        i.distance = Math.round(i.distance * 1000) / 1000;
        i.time = Math.round(i.time);
    }
    out.push({distance: 0, sign: 4, firstPoint: lastPoint, lastPoint, text: t.arrive, time: 0, streetName: ''});
    return out;
}
