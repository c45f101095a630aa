// The /points query: POIs in a box, closest to its centre first, capped, optionally filtered
// by type, grouped by position or sampled one per sub-type. The answer's keys (SPEC §4.5) are the
// server's: packages/server/src/answers/points-answer.ts.
import {round6} from '../geo/distance.js';
import {WILDCARD_VARIANT, type Catalog} from './catalog.js';
import {splitTypeId} from './categories.js';
import type {SubtypeNumbers} from './subtype-numbers.js';
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

/** One point of the answer: a POI record, or with groupSamePositions the first of those at its position. */
export interface PointItem {
    /** The POI's name ('' when it has none). */
    name: string;
    /** Its sub-type's label in the language asked for. */
    typeLabel: string;
    lat: number;
    lon: number;
    /** 14-digit type id */
    typeId: number;
    /** The type id of its sub-type's every variant (WILDCARD_VARIANT). */
    familyId: number;
    /** Its icon, then those of the POIs grouped with it. */
    icons: number[];
    /** Its sub-icon and those of the POIs grouped with it (none where 0). */
    subIcons: number[];
    /** Other POIs at the same position were grouped into it. */
    grouped: boolean;
    sd: string;
    /** The place's id when several records of it are in the answer, else -1. */
    repeatedPlace: number;
}

export interface PointsResult {
    items: PointItem[];
    /** More POIs matched than were returned: the client should zoom in. */
    truncated: boolean;
}

/** Compiles poiTypesIds into a test over records. */
function typeFilter(pois: PoiIndex, numbers: SubtypeNumbers, ids: number[] | undefined): ((i: number) => boolean) | null {
    if (!ids || ids.length === 0) return null;
    const subtypes = new Set<number>();
    const exact = new Set<number>();
    for (const publicId of ids) {
        // The client's id is in its country's numbers (poi/subtype-numbers.ts); one that names no sub-type there matches nothing.
        const id = numbers.internalId(publicId);
        if (id < 0) continue;
        const {ct, st, variant} = splitTypeId(id);
        if (variant === WILDCARD_VARIANT) subtypes.add((ct << 8) | st);
        else exact.add(id);
    }
    return (i) => subtypes.has((pois.ct[i] << 8) | pois.st[i]) || exact.size > 0 && exact.has(pois.typeId(i));
}

export function queryPoints(pois: PoiIndex, catalog: Catalog, q: PointsQuery): PointsResult {
    const limit = Math.min(q.limit ?? MAX_POINTS, MAX_POINTS);
    const filter = typeFilter(pois, catalog.numbers, q.typeIds);
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
    // Positions compare as the answer writes them: to 1e-6 degree.
    const byPosition = q.groupSamePositions ? new Map<string, PointItem>() : null;
    for (const i of chosen) {
        const type = catalog.numbers.publicId(pois.typeId(i));
        const icon = pois.icon[i], subIcon = pois.subIcon[i];
        const key = byPosition ? `${round6(pois.lat[i])},${round6(pois.lon[i])}` : '';
        if (byPosition) {
            const group = byPosition.get(key);
            if (group) {
                group.grouped = true;
                group.icons.push(icon);
                if (subIcon) group.subIcons.push(subIcon);
                continue;
            }
        }
        const item: PointItem = {
            name: pois.name(i),
            typeLabel: catalog.subtypeLabel(pois.ct[i], pois.st[i], q.language),
            lat: pois.lat[i],
            lon: pois.lon[i],
            typeId: type,
            familyId: type - pois.variant[i] + WILDCARD_VARIANT,
            icons: [icon],
            subIcons: subIcon ? [subIcon] : [],
            grouped: false,
            sd: pois.sd(i),
            repeatedPlace: (placeCount.get(pois.place[i]) ?? 0) > 1 ? pois.place[i] : -1
        };
        byPosition?.set(key, item);
        items.push(item);
    }
    return {items, truncated};
}
