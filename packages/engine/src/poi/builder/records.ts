// POI build, records: one per (place, sub-type, variant), a stop's variants its lines' badges, a
// motorway junction's its motorway's, a branded place's its brand.
import {Growable} from '../../format/growable.js';
import {StringTableBuilder} from '../../format/strings.js';
import {haversineMeters} from '../../geo/distance.js';
import type {CategoryMatcher} from '../categories.js';
import {BADGE_KINDS, LINE_ROUTES} from '../poi-index.js';
import type {Badges} from './badges.js';

/** A stop takes the lines whose member stops or platforms lie within this distance (m). */
const LINE_STOP_RADIUS = 60;
const LIGHT_RAIL = LINE_ROUTES.indexOf('light_rail');
export const OSM_NODE = 0, OSM_WAY = 1, OSM_RELATION = 2;

export interface Draft {
    osmType: number;
    osmId: number;
    subtypes: number[];
    name: string;
    sd: string;
    /** brand per sub-type index (variant, icon), when the sub-type has brands */
    brand: Map<number, {variant: number; icon: number}>;
    lat: number;
    lon: number;
    /** for ways and relations: node ids (ways) or member way ids (relations), resolved at the end */
    refs: Float64Array | null;
    motorway: string;
    /** the `operator` tag, '' when none */
    operator: string;
}

/** The records' columns (in the section's order), their string tables, and the counts. */
export interface PoiRecords {
    rec: {
        lat: Growable<Float64Array>; lon: Growable<Float64Array>; ct: Growable<Uint8Array>;
        st: Growable<Uint8Array>; variant: Growable<Uint32Array>; icon: Growable<Uint16Array>;
        subIcon: Growable<Uint32Array>; name: Growable<Uint32Array>; sd: Growable<Uint32Array>;
        osmId: Growable<Float64Array>; osmType: Growable<Uint8Array>; place: Growable<Uint32Array>;
    };
    names: StringTableBuilder;
    sds: StringTableBuilder;
    byCategory: Record<string, number>;
    placeCount: number;
}

/** The records of the placed, deduplicated drafts. */
export function buildRecords(drafts: readonly Draft[], matcher: CategoryMatcher, badges: Badges): PoiRecords {
    const {badgeKind, badgeRoute, memberLat, memberLon, memberBadge, members, motorwayBadge, motorwayOf} = badges;
        // Records: one per (place, sub-type, variant).
        const rec = {
        lat: new Growable(Float64Array), lon: new Growable(Float64Array), ct: new Growable(Uint8Array),
        st: new Growable(Uint8Array), variant: new Growable(Uint32Array), icon: new Growable(Uint16Array),
        subIcon: new Growable(Uint32Array), name: new Growable(Uint32Array), sd: new Growable(Uint32Array),
        osmId: new Growable(Float64Array), osmType: new Growable(Uint8Array), place: new Growable(Uint32Array)
    };
    const names = new StringTableBuilder();
    names.intern('');
    const sds = new StringTableBuilder();
    sds.intern('{}');
    const byCategory: Record<string, number> = {};
    const lineBadges = new Set<number>();
    const near: number[] = [];
    let placeCount = 0;
    for (const d of drafts) {
        const place = placeCount++;
        const nameIndex = names.intern(d.name);
        const sdIndex = sds.intern(d.sd);
        for (const s of d.subtypes) {
            const {category, subtype} = matcher.subtypes[s];
            const push = (variant: number, icon: number, subIcon: number) => {
                rec.lat.push(d.lat);
                rec.lon.push(d.lon);
                rec.ct.push(category.ct);
                rec.st.push(subtype.st);
                rec.variant.push(variant);
                rec.icon.push(icon);
                rec.subIcon.push(subIcon);
                rec.name.push(nameIndex);
                rec.sd.push(sdIndex);
                rec.osmId.push(d.osmId);
                rec.osmType.push(d.osmType);
                rec.place.push(place);
                byCategory[subtype.key] = (byCategory[subtype.key] ?? 0) + 1;
            };
            if (subtype.variants === 'line') {
                const wanted = subtypeLineKind(subtype.key);
                lineBadges.clear();
                const dLat = LINE_STOP_RADIUS / 111320, dLon = dLat / Math.cos(d.lat * Math.PI / 180);
                near.length = 0;
                if (memberLat.length) {
                    for (const i of members.range(d.lon - dLon, d.lat - dLat, d.lon + dLon, d.lat + dLat)) near.push(i);
                }
                for (const i of near) {
                    const badge = memberBadge[i];
                    // Light rail serves metro-like stations (Porto) and tram-like stops (a Stadtbahn)
                    // alike: its lines go to whichever of the two the stop is.
                    const lightRail = badgeRoute.data[badge] === LIGHT_RAIL && (wanted === BADGE_KINDS.metro || wanted === BADGE_KINDS.tram);
                    if (badgeKind.data[badge] !== wanted && !lightRail) continue;
                    if (haversineMeters(d.lat, d.lon, memberLat[i], memberLon[i]) <= LINE_STOP_RADIUS) lineBadges.add(badge);
                }
                if (lineBadges.size === 0) push(0, subtype.icon, 0);
                else for (const b of [...lineBadges].sort((a, b) => a - b)) push(b, subtype.icon, b);
            } else if (subtype.variants === 'motorway') {
                const r = d.osmType === OSM_NODE ? motorwayOf(d.osmId) : -1;
                const badge = r >= 0 ? motorwayBadge.get(r)! : 0;
                push(badge, subtype.icon, badge);
            } else {
                const b = d.brand.get(s);
                push(b ? b.variant : 0, b ? b.icon : subtype.icon, 0);
            }
        }
    }

    return {rec, names, sds, byCategory, placeCount};
}

function subtypeLineKind(key: string): number {
    const k = key.toLowerCase();
    if (k.includes('metro') || k.includes('subway')) return BADGE_KINDS.metro;
    if (k.includes('tram')) return BADGE_KINDS.tram;
    if (k.includes('bus')) return BADGE_KINDS.bus;
    return BADGE_KINDS.train;
}
