// The bulk enrichment's output lines (POST /enrichment/batch and `quartier enrich`): NDJSON, one
// enrichment document per listing with its id first (or the reason it has none), and the CLI's flat
// CSV of the same documents, a column per category field.
import {loadCategories} from '@quartier/engine/internal';
import type {BulkResult} from '../enrichment/bulk.js';
import type {EnrichmentDocument} from './neighbourhood-answer.js';

/**
 * The NDJSON line of a result (without its newline): the document with the listing's id first, or
 * the error with the listing's place in the input (and "retry" when the engine failed, not the listing).
 */
export function ndjsonLine(r: BulkResult): string {
    const id = JSON.stringify(r.id);
    if (r.document !== null) return `{"id":${id},${r.document.slice(1)}`;
    return `{"id":${id},"record":${r.record},"error":${JSON.stringify(r.error ?? 'Not scored.')}${r.retry ? ',"retry":true' : ''}}`;
}

const TRIP_MODES = ['walking', 'bicycling', 'driving', 'transit'] as const;
const TRIP_FIELDS = ['durationSeconds', 'distanceMeters'] as const;
const PLACE_FIELDS = ['name', 'latitude', 'longitude', 'straightLineDistanceMeters'] as const;

/** Flat CSV columns of a country's enrichment: the listing, then per category its place, each mode's trip and completeness. */
export function csvColumns(country: string): string[] {
    const columns = ['id', 'record', 'error', 'latitude', 'longitude', 'dataReachMeters'];
    for (const e of loadCategories().enrichment[country] ?? []) {
        for (const f of PLACE_FIELDS) columns.push(`${e.key}.${f}`);
        for (const m of TRIP_MODES) for (const f of TRIP_FIELDS) columns.push(`${e.key}.${m}.${f}`);
        columns.push(`${e.key}.complete`);
    }
    return columns;
}

/** The CSV row of a result, in csvColumns order: empty where a value is missing (never 0); fields quoted as RFC 4180 says. */
export function csvRow(r: BulkResult, columns: string[]): string {
    const values = new Map<string, unknown>([['id', r.id], ['record', r.record], ['error', r.error]]);
    if (r.document !== null) {
        const doc = JSON.parse(r.document) as EnrichmentDocument;
        values.set('latitude', doc.latitude);
        values.set('longitude', doc.longitude);
        values.set('dataReachMeters', doc.dataReachMeters);
        for (const c of doc.categories) {
            values.set(`${c.key}.complete`, c.complete);
            const n = c.nearest;
            if (!n) continue;
            for (const f of PLACE_FIELDS) values.set(`${c.key}.${f}`, n[f]);
            for (const m of TRIP_MODES) for (const f of TRIP_FIELDS) values.set(`${c.key}.${m}.${f}`, n[m]?.[f]);
        }
    }
    return columns.map((c) => csvField(values.get(c))).join(',');
}

function csvField(v: unknown): string {
    if (v === null || v === undefined) return '';
    const s = String(v);
    // RFC 4180: a field with a quote, a comma or a line break is quoted, its quotes doubled; nothing is changed.
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
