// The isochrone answers' layout (SPEC §4.8–4.10): /isochrone and /isochrone/TravelTime give the
// area's GeoJSON geometry alone; /isochrone/GetMultipleTimes every area with its label. Written as
// JSON bytes on the worker that computed the areas (json-answer.ts).
import type {MultiPolygonGeometry, PolygonGeometry} from '@quartier/engine';
import {jsonBytes} from './json-answer.js';

/** The answer's bytes: with labels, [{label, iso}] per area (GetMultipleTimes); without, the first area alone. */
export function isochroneAnswer(areas: (PolygonGeometry | MultiPolygonGeometry)[], labels: string[] | undefined): Uint8Array {
    return jsonBytes(JSON.stringify(labels ? areas.map((iso, i) => ({label: labels[i], iso})) : areas[0]));
}
