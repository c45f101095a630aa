// The worker's side of /matrix: snap every position (one off the network is a 400 naming it),
// measure every pair of a block of sources, and write the block's rows as JSON text
// (answers/matrix-answer.ts), so the formatting of large tables runs in parallel on the workers.
import {FOOT, type Region, type Snap} from '@quartier/engine';
import {matrixPart, type MatrixPart} from '../answers/matrix-answer.js';
import type {TaskError} from './task-error.js';

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

const TRANSIT = 3;

export function measureMatrixPart(region: Region, task: MatrixTask): MatrixPart | TaskError {
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
    return matrixPart(times, distances, froms, tos);
}
