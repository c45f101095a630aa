// The travel times from a property to each of a visitor's favourites, by every mode the region serves:
// one /matrix task per mode (one source, the favourites as destinations) on the routing workers, so a
// time is /matrix's cell and so /route's answer for the pair (public transport: /route's departure
// window, weekday about 08:00). A favourite off the mode's network, outside the region, or with no
// public transport has null for that mode.
import type {Region} from '@quartier/engine';
import {HttpError} from '../http/errors.js';
import type {MatrixPart} from '../answers/matrix-answer.js';
import type {WorkerPool} from '../workers/pool.js';
import type {Favourite} from './favourite-store.js';

/** Seconds and metres of one trip, or null: no route. */
export type Trip = {seconds: number; meters: number} | null;

/** The modes of the answer, in its order, with their task codes (params.ts, taskMode). */
export const TIME_MODES = [['Walking', 1], ['Bicycling', 2], ['Driving', 0], ['Transit', 3]] as const;
const TRANSIT = 3;

export type ModeName = typeof TIME_MODES[number][0];

/** Per favourite (in order), its trip by each mode. */
export async function favouriteTimes(pool: WorkerPool, region: Region, lat: number, lon: number, favourites: Favourite[]): Promise<Record<ModeName, Trip>[]> {
    const inRegion = favourites.filter((f) => region.contains(f.latitude, f.longitude) && region.covers(f.latitude, f.longitude));
    const destinations = inRegion.flatMap((f) => [f.latitude, f.longitude]);
    const byMode = await Promise.all(TIME_MODES.map(([, mode]) => (mode === TRANSIT && !region.hasTransit) || inRegion.length === 0
        ? Promise.resolve(inRegion.map((): Trip => null))
        : trips(pool, region.country.code, mode, [lat, lon], destinations)));
    const out: Record<ModeName, Trip>[] = [];
    let j = 0;
    for (const f of favourites) {
        const at = inRegion[j] === f ? j++ : -1;
        const times = {} as Record<ModeName, Trip>;
        TIME_MODES.forEach(([name], m) => (times[name] = at < 0 ? null : byMode[m][at]));
        out.push(times);
    }
    return out;
}

/**
 * The trips from one source to every destination by one mode. A position the mode cannot reach (a 400
 * naming it) is measured alone, so that it costs only its own cell.
 */
async function trips(pool: WorkerPool, country: string, mode: number, source: number[], destinations: number[]): Promise<Trip[]> {
    const run = (to: number[]) => pool.run<MatrixPart>({type: 'matrix', country, mode, sources: source, destinations: to, sourceOffset: 0, destinationOffset: 0});
    try {
        return row(await run(destinations));
    } catch (err) {
        if (!(err instanceof HttpError && err.status === 400)) throw err;
    }
    const out: Trip[] = [];
    for (let j = 0; j < destinations.length; j += 2) {
        try {
            out.push(row(await run(destinations.slice(j, j + 2)))[0]);
        } catch (err) {
            if (!(err instanceof HttpError && err.status === 400)) throw err;
            out.push(null);
        }
    }
    return out;
}

/** The part's one row (matrix-answer.ts: JSON cells, seconds and metres) as trips. */
function row(part: MatrixPart): Trip[] {
    const seconds = JSON.parse(`[${part.durations[0]}]`) as (number | null)[];
    const meters = JSON.parse(`[${part.distances[0]}]`) as (number | null)[];
    return seconds.map((s, j) => (s === null || meters[j] === null ? null : {seconds: s, meters: meters[j]!}));
}
