// Turn restrictions as OpenStreetMap tags them (https://wiki.openstreetmap.org/wiki/Relation:restriction):
// a relation of type=restriction with a `from` way, a `via` node or one or more `via` ways, a `to`
// way, and a value no_* (this turn is forbidden) or only_* (this turn is the only one allowed).
// Which vehicles it binds: `restriction` binds every vehicle (cars and bicycles); the transport
// keys bind one (restriction:motorcar, :motor_vehicle and :vehicle for cars, :bicycle and :vehicle
// for bicycles), and the most specific key present wins. `except=*` frees the vehicles it lists.
// Conditional restrictions (`restriction:conditional=no_left_turn @ (Mo-Fr 07:00-19:00)`) count at
// all times: a route that obeys them is legal whenever it is driven. Those whose condition is not
// a time (weight, length, hgv...) do not bind cars or bicycles and are ignored.
// Foot is never restricted. graph/restricted-junctions.ts turns these into graph nodes and arcs.
import type {OsmRelation} from '../osm/objects.js';
import {BIKE, CAR} from './profiles.js';

export interface TurnRestriction {
    relation: number;
    /** true: only_* (the to way is the only way on); false: no_* (the turn is forbidden). */
    only: boolean;
    /** true for *_u_turn: on the same way, only turning back counts. */
    uTurn: boolean;
    /** Bit 1 << mode for each mode it binds (CAR, BIKE). */
    modes: number;
    from: number[];
    /** The via node's id, or -1 when the restriction runs over via ways. */
    viaNode: number;
    viaWays: number[];
    to: number[];
}

/** The modes turn restrictions bind. */
export const RESTRICTED_MODES = [CAR, BIKE];

// Most specific first; `restriction` itself binds every vehicle.
const KEYS: Record<number, string[]> = {
    [CAR]: ['motorcar', 'motor_vehicle', 'vehicle', ''],
    [BIKE]: ['bicycle', 'vehicle', '']
};
const VALUE = /^(no|only)_(left_turn|right_turn|straight_on|u_turn|entry|exit)$/;
const TIME = /\d{1,2}:\d{2}|\b(Mo|Tu|We|Th|Fr|Sa|Su|PH|SH|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|sunrise|sunset|dawn|dusk)\b/;

/**
 * The restrictions a relation states, one per distinct value (a relation may forbid a turn to cars
 * and allow it to bicycles); none when it is not a usable turn restriction.
 */
export function parseTurnRestriction(r: OsmRelation): TurnRestriction[] {
    const tags = r.tags;
    const type = tags.get('type');
    if (type === undefined || (type !== 'restriction' && !type.startsWith('restriction:'))) return [];
    // Old tagging: type=restriction:<transport> with a plain restriction=*.
    const typeTransport = type === 'restriction' ? '' : type.slice('restriction:'.length);
    const except = new Set((tags.get('except') ?? '').split(';').map((s) => s.trim()));
    const byValue = new Map<string, number>();
    for (const mode of [CAR, BIKE]) {
        const value = restrictionValue(r, KEYS[mode], typeTransport);
        if (value === null) continue;
        if (KEYS[mode].some((k) => k !== '' && except.has(k))) continue;
        byValue.set(value, (byValue.get(value) ?? 0) | (1 << mode));
    }
    if (byValue.size === 0) return [];

    const from: number[] = [], to: number[] = [], viaWays: number[] = [];
    let viaNode = -1, viaNodes = 0;
    for (let i = 0; i < r.memberCount; i++) {
        const role = r.memberRole(i), kind = r.memberTypes[i], ref = r.memberRefs[i];
        if (role === 'from' && kind === 1) from.push(ref);
        else if (role === 'to' && kind === 1) to.push(ref);
        else if (role === 'via' && kind === 0) {
            viaNode = ref;
            viaNodes++;
        } else if (role === 'via' && kind === 1) viaWays.push(ref);
        else if (role === 'from' || role === 'to' || role === 'via') return [];
    }
    if (from.length === 0 || to.length === 0 || viaNodes > 1 || (viaNodes === 1) === (viaWays.length > 0)) return [];
    const out: TurnRestriction[] = [];
    for (const [value, modes] of byValue) {
        out.push({relation: r.id, only: value.startsWith('only_'), uTurn: value.endsWith('_u_turn'), modes, from, viaNode, viaWays, to});
    }
    return out;
}

/** The value binding a mode: the first of its keys present, unconditional before conditional. */
function restrictionValue(r: OsmRelation, keys: string[], typeTransport: string): string | null {
    for (const transport of keys) {
        // Under type=restriction:<x>, a plain restriction=* binds <x> only.
        let key: string;
        if (transport === '') {
            if (typeTransport !== '' && !keys.includes(typeTransport)) continue;
            key = 'restriction';
        } else {
            key = `restriction:${transport}`;
        }
        const plain = r.tags.get(key)?.trim();
        if (plain !== undefined) return VALUE.test(plain) ? plain : null;
        const conditional = r.tags.get(`${key}:conditional`);
        if (conditional === undefined) continue;
        // "no_left_turn @ (Mo-Fr 07:00-19:00); ..." : the first value with a time condition.
        for (const part of conditional.split(';')) {
            const at = part.indexOf('@');
            if (at < 0) continue;
            const value = part.slice(0, at).trim();
            if (VALUE.test(value) && TIME.test(part.slice(at + 1))) return value;
        }
    }
    return null;
}
