// The worker's side of /matrix: snap every position (one off the network is a 400 naming it),
// measure every pair of a block of sources, and write the block's rows as JSON text, so the
// formatting of large tables runs in parallel on the workers.
import {FOOT, type Region, type Snap} from '@quartier/engine';
import {round6} from '@quartier/engine/internal';
import type {TaskError} from './tasks.js';

/** Travel times and distances between a block of sources and every destination. */
export interface MatrixTask {
    type: 'matrix';
    country: string;
    /** 0 car, 1 foot, 2 bike, 3 transit */
    mode: number;
    /** flat lat, lon, lat, lon, … */
    sources: number[];
    destinations: number[];
    /** Index of the block's first source and first destination in the whole request (for the messages). */
    sourceOffset: number;
    destinationOffset: number;
}

/**
 * A block's part of the answer as JSON text: per source of the block, its row of durations and of
 * distances over the block's destinations (cells comma-separated, without brackets: blocks of
 * destinations are joined row by row), and the snapped sources and destinations, comma-separated.
 */
export interface MatrixPart {
    durations: string[];
    distances: string[];
    sources: string;
    destinations: string;
}

const TRANSIT = 3;

export function matrixPart(region: Region, task: MatrixTask): MatrixPart | TaskError {
    const transit = task.mode === TRANSIT;
    if (transit && !region.hasTransit) return {error: {status: 400, message: `Public transport is not available in this region (${region.country.code}): it has no timetable data.`}};
    const snapper = region.router.snapper, snapMode = transit ? FOOT : task.mode;
    const nowhere = transit ? 'is too far from any path or street one may walk on' : 'is too far from any road this mode may use';
    let error: TaskError | null = null;
    const snapAll = (flat: number[], name: string, offset: number): Snap[] => {
        const snaps: Snap[] = [];
        for (let i = 0; i < flat.length && !error; i += 2) {
            const snap = snapper.snap(flat[i], flat[i + 1], snapMode);
            if (snap) snaps.push(snap);
            else error = {error: {status: 400, message: `${name}[${offset + i / 2}] ${nowhere}.`}};
        }
        return snaps;
    };
    const froms = snapAll(task.sources, 'sources', task.sourceOffset);
    const tos = snapAll(task.destinations, 'destinations', task.destinationOffset);
    if (error) return error;
    const n = froms.length, m = tos.length;
    let times: Float64Array, distances: Float64Array;
    if (!transit) {
        ({times, distances} = region.router.measureTable(task.mode, froms, tos));
    } else {
        const router = region.transitRouter;
        const targets = router.targets(task.destinations);
        times = new Float64Array(n * m);
        distances = new Float64Array(n * m);
        for (let i = 0; i < n; i++) {
            const row = router.measureTargets(task.sources[2 * i], task.sources[2 * i + 1], targets);
            for (let j = 0; j < m; j++) {
                times[i * m + j] = row[j]?.time ?? NaN;
                distances[i * m + j] = row[j]?.distance ?? NaN;
            }
        }
    }
    // Seconds are /route's ms / 1000 and metres its distance rounded to the millimetre.
    return {
        durations: rows(times, n, m, (ms) => ms),
        distances: rows(distances, n, m, (meters) => Math.round(meters * 1000)),
        sources: locations(froms),
        destinations: locations(tos)
    };
}

/** Rows of thousandths as JSON cells, a,b,… per row, with null for NaN. */
function rows(values: Float64Array, n: number, m: number, thousandths: (v: number) => number): string[] {
    const out: string[] = [], row: string[] = new Array<string>(m);
    for (let i = 0; i < n; i++) {
        for (let j = 0; j < m; j++) {
            const v = values[i * m + j];
            row[j] = Number.isNaN(v) ? 'null' : decimal3(thousandths(v));
        }
        out.push(row.join(','));
    }
    return out;
}

/**
 * k / 1000 as JSON writes it (the shortest decimal that reads back as the same number) for a
 * whole k >= 0, without formatting a fraction: about twice as fast on a million cells.
 */
export function decimal3(k: number): string {
    const whole = Math.floor(k / 1000), frac = k - whole * 1000;
    if (frac === 0) return `${whole}`;
    if (frac % 10 !== 0) return `${whole}.${frac < 10 ? '00' : frac < 100 ? '0' : ''}${frac}`;
    if (frac % 100 !== 0) return `${whole}.${frac < 100 ? '0' : ''}${frac / 10}`;
    return `${whole}.${frac / 100}`;
}

/** Snapped positions: where on the network ([lon, lat]) and how far from the requested position (m). */
function locations(snaps: Snap[]): string {
    return snaps.map((s) => `{"location":[${round6(s.lon)},${round6(s.lat)}],"snapDistance":${Math.round(s.distance * 100) / 100}}`).join(',');
}
