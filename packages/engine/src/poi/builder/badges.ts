// POI build, badges: the transit lines (merged by kind and ref) a stop takes, with the positions of
// their member stops and platforms, and the motorways whose junctions carry their ref.
import KDBush from 'kdbush';
import {Growable} from '../../format/growable.js';
import {StringTableBuilder} from '../../format/strings.js';
import type {NodeStore} from '../../osm/node-store.js';
import {BADGE_KINDS} from '../poi-index.js';

export interface Line {
    kind: number;
    /** Index into LINE_ROUTES. */
    route: number;
    ref: string;
    label: string;
    colour: string;
    memberNodes: number[];
    /** Stop positions (lat, lon pairs) of a GTFS route. */
    memberPoints: number[];
}

/** The badge table (entry 0: none), lines first, then motorways; the line members' positions, indexed. */
export interface Badges {
    badgeText: StringTableBuilder;
    badgeLabel: StringTableBuilder;
    badgeKind: Growable<Uint8Array>;
    badgeColour: Growable<Uint32Array>;
    badgeRoute: Growable<Uint8Array>;
    memberLat: number[];
    memberLon: number[];
    memberBadge: number[];
    members: KDBush;
    lineCount: number;
    /** Motorway ref index → its badge. */
    motorwayBadge: Map<number, number>;
    /** Motorway ref index of a motorway node id, -1 when none. */
    motorwayOf: (id: number) => number;
}

/** Pushes the node's position (lat, lon degrees) onto `out`; false when the extract lacks it. */
export function pushCoord(store: NodeStore, id: number, out: number[]): boolean {
    const k = store.indexOf(id);
    if (k < 0) return false;
    out.push(store.lat[k] / 1e7, store.lon[k] / 1e7);
    return true;
}

/** The badges of the lines and motorways read. */
export function buildBadges(store: NodeStore, lines: readonly Line[], motorwayRefList: readonly string[],
    motorwayNodeIds: Growable<Float64Array>, motorwayNodeRef: Growable<Uint32Array>): Badges {
    // Badges: transit lines (merged by kind and ref) and motorways.
    const badgeText = new StringTableBuilder(), badgeLabel = new StringTableBuilder();
    const badgeKind = new Growable(Uint8Array), badgeColour = new Growable(Uint32Array), badgeRoute = new Growable(Uint8Array);
    badgeText.add('');
    badgeLabel.add('');
    badgeKind.push(0);
    badgeRoute.push(0);
    badgeColour.push(0);
    const lineBadge = new Map<string, number>();
    const memberLat: number[] = [], memberLon: number[] = [], memberBadge: number[] = [];
    const sortedLines = lines.slice().sort((a, b) => a.kind - b.kind || a.ref.localeCompare(b.ref, 'en', {numeric: true}));
    for (const line of sortedLines) {
        const key = `${line.kind}:${line.ref}`;
        let badge = lineBadge.get(key);
        if (badge === undefined) {
            badge = badgeKind.length;
            lineBadge.set(key, badge);
            badgeText.add(line.ref);
            badgeLabel.add(line.label);
            badgeKind.push(line.kind);
            badgeRoute.push(line.route);
            badgeColour.push(parseColour(line.colour));
        }
        const pts: number[] = [];
        for (const id of line.memberNodes) {
            pts.length = 0;
            if (!pushCoord(store, id, pts)) continue;
            memberLat.push(pts[0]);
            memberLon.push(pts[1]);
            memberBadge.push(badge);
        }
        for (let i = 0; i < line.memberPoints.length; i += 2) {
            memberLat.push(line.memberPoints[i]);
            memberLon.push(line.memberPoints[i + 1]);
            memberBadge.push(badge);
        }
    }
    const lineCount = badgeKind.length - 1;
    const motorwayBadge = new Map<number, number>();
    for (let r = 0; r < motorwayRefList.length; r++) {
        motorwayBadge.set(r, badgeKind.length);
        badgeText.add(motorwayRefList[r]);
        badgeLabel.add(motorwayRefList[r]);
        badgeKind.push(BADGE_KINDS.motorway);
        badgeRoute.push(0);
        badgeColour.push(0);
    }
    const members = new KDBush(Math.max(1, memberLat.length));
    for (let i = 0; i < memberLat.length; i++) members.add(memberLon[i], memberLat[i]);
    if (memberLat.length === 0) members.add(0, 0);
    members.finish();
    // Motorway node id → motorway ref index, sorted for binary search.
    const mwCount = motorwayNodeIds.length;
    const mwOrder = new Uint32Array(mwCount);
    for (let i = 0; i < mwCount; i++) mwOrder[i] = i;
    const mwIds = motorwayNodeIds.data, mwRef = motorwayNodeRef.data;
    mwOrder.sort((a, b) => mwIds[a] - mwIds[b]);
    const motorwayOf = (id: number): number => {
        let lo = 0, hi = mwCount - 1;
        while (lo <= hi) {
            const mid = (lo + hi) >>> 1;
            const v = mwIds[mwOrder[mid]];
            if (v < id) lo = mid + 1;
            else if (v > id) hi = mid - 1;
            else return mwRef[mwOrder[mid]];
        }
        return -1;
    };

    return {badgeText, badgeLabel, badgeKind, badgeColour, badgeRoute, memberLat, memberLon, memberBadge, members, lineCount, motorwayBadge, motorwayOf};
}

function parseColour(c: string): number {
    const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(c.trim());
    if (!m) return 0;
    let hex = m[1];
    if (hex.length === 3) hex = hex[0] + hex[0] + hex[1] + hex[1] + hex[2] + hex[2];
    return (parseInt(hex, 16) | 0x1000000) >>> 0; // bit 24 marks "has a colour"
}
