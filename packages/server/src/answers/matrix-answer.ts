// /matrix's answer as JSON text: each worker writes its block's rows and snapped
// positions (matrixPart), the main thread joins the blocks (matrixAnswer).
import type {Snap} from '@quartier/engine';
import {round6} from '@quartier/engine/internal';

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

/** A block's part: seconds are /route's ms / 1000 and metres its distance rounded to the millimetre. */
export function matrixPart(times: Float64Array, distances: Float64Array, froms: Snap[], tos: Snap[]): MatrixPart {
    const n = froms.length, m = tos.length;
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

/**
 * The whole answer from the workers' parts: blocks of sources follow one another, blocks of
 * destinations are joined row by row. `started`: when the request began (info.took).
 */
export function matrixAnswer(results: MatrixPart[], byDestination: boolean, allToAll: boolean, mode: number, started: number): string {
    const table = (key: 'durations' | 'distances') => (byDestination
        ? results[0][key].map((_, i) => `[${results.map((part) => part[key][i]).join(',')}]`)
        : results.flatMap((part) => part[key].map((row) => `[${row}]`))).join(',');
    const sources = byDestination ? results[0].sources : results.map((part) => part.sources).join(',');
    const destinations = allToAll ? sources : byDestination ? results.map((part) => part.destinations).join(',') : results[0].destinations;
    const took = Math.round(performance.now() - started);
    return `{"durations":[${table('durations')}],"distances":[${table('distances')}],"sources":[${sources}],"destinations":[${destinations}],"info":{"copyrights":${JSON.stringify(copyrights(mode))},"took":${took}}}`;
}

function copyrights(mode: number): string[] {
    return mode === 3 ? ['quartier', 'OpenStreetMap contributors', 'the transit agencies of the region'] : ['quartier', 'OpenStreetMap contributors'];
}
