// The /points query: POIs in a box, closest to its centre first, capped, optionally filtered
// by type, grouped by position or sampled one per sub-type.
import {round6} from '../geo/distance.js';
import {WILDCARD_VARIANT, type Catalog} from './catalog.js';
import {splitTypeId} from './categories.js';
import type {PoiIndex} from './poi-index.js';

export const MAX_POINTS = 200;

export interface PointsQuery {
    minLat: number;
    minLon: number;
    maxLat: number;
    maxLon: number;
    language: string;
    groupSamePositions?: boolean;
    /** 14-digit ids; an id whose variant is 000001 means every variant of its sub-type. */
    typeIds?: number[];
    summaryMode?: boolean;
    limit?: number;
}

export interface PointItem {
    n: string;
    t: string;
    la: number;
    ln: number;
    p: string;
    i: string;
    si: string;
    g: boolean;
    sd: string;
    fid: string;
    rpt: string;
}

export interface PointsResult {
    items: PointItem[];
    /** More POIs matched than were returned: the client should zoom in. */
    truncated: boolean;
}

/** Compiles poiTypesIds into a test over records. */
function typeFilter(pois: PoiIndex, ids: number[] | undefined): ((i: number) => boolean) | null {
    if (!ids || ids.length === 0) return null;
    const subtypes = new Set<number>();
    const exact = new Set<number>();
    for (const id of ids) {
        const {ct, st, variant} = splitTypeId(id);
        if (variant === WILDCARD_VARIANT) subtypes.add((ct << 8) | st);
        else exact.add(id);
    }
    return (i) => subtypes.has((pois.ct[i] << 8) | pois.st[i]) || exact.size > 0 && exact.has(pois.typeId(i));
}

export function queryPoints(pois: PoiIndex, catalog: Catalog, q: PointsQuery): PointsResult {
    const limit = Math.min(q.limit ?? MAX_POINTS, MAX_POINTS);
    const filter = typeFilter(pois, q.typeIds);
    let ids = pois.inBox(q.minLat, q.minLon, q.maxLat, q.maxLon);
    if (filter) ids = ids.filter(filter);
    const cLat = (q.minLat + q.maxLat) / 2, cLon = (q.minLon + q.maxLon) / 2;
    const kx = Math.cos(cLat * Math.PI / 180);
    const dist = new Float64Array(ids.length);
    for (let j = 0; j < ids.length; j++) {
        const dx = (pois.lon[ids[j]] - cLon) * kx, dy = pois.lat[ids[j]] - cLat;
        dist[j] = dx * dx + dy * dy;
    }
    const order = Array.from({length: ids.length}, (_, j) => j).sort((a, b) => dist[a] - dist[b] || ids[a] - ids[b]);
    let chosen: number[];
    let truncated: boolean;
    if (q.summaryMode) {
        // One per sub-type: the closest to the centre.
        const seen = new Set<number>();
        chosen = [];
        for (const j of order) {
            const i = ids[j];
            const k = (pois.ct[i] << 8) | pois.st[i];
            if (seen.has(k)) continue;
            seen.add(k);
            chosen.push(i);
        }
        truncated = chosen.length < ids.length;
        chosen = chosen.slice(0, limit);
    } else {
        truncated = ids.length > limit;
        chosen = order.slice(0, limit).map((j) => ids[j]);
    }

    // Records of one place that appear more than once share a repetition marker.
    const placeCount = new Map<number, number>();
    for (const i of chosen) placeCount.set(pois.place[i], (placeCount.get(pois.place[i]) ?? 0) + 1);
    const items: PointItem[] = [];
    const byPosition = q.groupSamePositions ? new Map<string, {item: PointItem; icons: string[]; subIcons: string[]}>() : null;
    for (const i of chosen) {
        const type = pois.typeId(i);
        const t = catalog.subtypeLabel(pois.ct[i], pois.st[i], q.language);
        const name = pois.name(i);
        const item: PointItem = {
            n: name || t,
            t,
            la: round6(pois.lat[i]),
            ln: round6(pois.lon[i]),
            p: String(type),
            i: String(pois.icon[i]),
            si: pois.subIcon[i] ? String(pois.subIcon[i]) : '',
            g: false,
            sd: pois.sd(i),
            fid: String(type - pois.variant[i] + WILDCARD_VARIANT),
            rpt: (placeCount.get(pois.place[i]) ?? 0) > 1 ? String(pois.place[i]) : ''
        };
        if (byPosition) {
            const key = `${item.la},${item.ln}`;
            const group = byPosition.get(key);
            if (group) {
                group.item.g = true;
                group.icons.push(item.i);
                if (item.si) group.subIcons.push(item.si);
                continue;
            }
            byPosition.set(key, {item, icons: [item.i], subIcons: item.si ? [item.si] : []});
        }
        items.push(item);
    }
    if (byPosition) {
        for (const {item, icons, subIcons} of byPosition.values()) {
            item.i = icons.join(',');
            item.si = subIcons.join(',');
        }
    }
    return {items, truncated};
}
