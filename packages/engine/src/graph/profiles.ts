// Access rules and speeds for the three road modes. These tables are the profile: docs/routing-profiles.md
// documents them. Everything here runs at build time only; queries see per-arc weights.

import type {OsmTags} from '../osm/objects.js';
import {parseMaxspeed} from './maxspeed.js';

export const CAR = 0;
export const FOOT = 1;
export const BIKE = 2;
export const MODES = ['car', 'foot', 'bike'] as const;
export type ModeName = typeof MODES[number];
export const MODE_COUNT = 3;

/** Highway classes, in order; the index is stored per edge (u8). */
export const HIGHWAY_CLASSES = [
    'motorway', 'motorway_link', 'trunk', 'trunk_link', 'primary', 'primary_link', 'secondary', 'secondary_link',
    'tertiary', 'tertiary_link', 'unclassified', 'residential', 'living_street', 'service', 'road', 'track',
    'pedestrian', 'footway', 'path', 'cycleway', 'bridleway', 'steps', 'platform', 'corridor', 'ferry'
] as const;
const CLASS_INDEX = new Map<string, number>(HIGHWAY_CLASSES.map((c, i) => [c, i]));
export const FERRY_CLASS = CLASS_INDEX.get('ferry')!;

/** Car speeds by class, km/h, before the maxspeed rule. Classes not listed are closed to cars. */
export const CAR_SPEEDS: Record<string, number> = {
    motorway: 90, motorway_link: 45, trunk: 85, trunk_link: 40, primary: 65, primary_link: 30,
    secondary: 55, secondary_link: 25, tertiary: 40, tertiary_link: 20, unclassified: 25,
    residential: 25, living_street: 10, service: 15, road: 20
};
/** A tagged maxspeed replaces the class speed at this share (traffic, junctions), as OSRM's car profile. */
export const CAR_MAXSPEED_FACTOR = 0.8;

/** Walking speeds by class, km/h. Motorways and their links are never walkable. */
export const FOOT_SPEEDS: Record<string, number> = {
    trunk: 5, trunk_link: 5, primary: 5, primary_link: 5, secondary: 5, secondary_link: 5, tertiary: 5,
    tertiary_link: 5, unclassified: 5, residential: 5, living_street: 5, service: 5, road: 5, track: 5,
    pedestrian: 5, footway: 5, path: 5, cycleway: 5, bridleway: 5, steps: 2.5, platform: 5, corridor: 5
};

/** Cycling speeds by class, km/h (OSRM's bicycle profile). Footways, pedestrian streets and steps are pushed (PUSH speeds). */
export const BIKE_SPEEDS: Record<string, number> = {
    trunk: 15, trunk_link: 15, primary: 15, primary_link: 15, secondary: 15, secondary_link: 15, tertiary: 15,
    tertiary_link: 15, unclassified: 15, residential: 15, living_street: 15, service: 15, road: 15,
    track: 12, path: 12, cycleway: 15, bridleway: 8
};
/** Walking beside a bike, km/h. */
export const BIKE_PUSH_SPEED = 4;
export const BIKE_PUSH_SPEEDS: Record<string, number> = {pedestrian: BIKE_PUSH_SPEED, footway: BIKE_PUSH_SPEED, platform: BIKE_PUSH_SPEED, corridor: BIKE_PUSH_SPEED, steps: 2};
/** Classes on which a bike may be pushed against a one-way street (never on fast roads). */
const BIKE_PUSH_AGAINST_ONEWAY = new Set(['tertiary', 'tertiary_link', 'unclassified', 'residential', 'living_street', 'service', 'road', 'track', 'path', 'cycleway', 'pedestrian', 'footway']);

/** Highest speeds by surface, km/h (OSRM's bicycle and car profiles): a way is ridden or driven at most this fast. */
export const BIKE_SURFACE: Record<string, number> = {
    'cobblestone:flattened': 10, paving_stones: 10, compacted: 10, sett: 10, cobblestone: 6, unhewn_cobblestone: 6,
    unpaved: 6, fine_gravel: 6, gravel: 6, pebblestone: 6, ground: 6, dirt: 6, earth: 6, grass: 6, mud: 3, sand: 3
};
export const CAR_SURFACE: Record<string, number> = {
    cement: 80, compacted: 80, fine_gravel: 80, paving_stones: 60, metal: 60, bricks: 60, grass: 40, wood: 40,
    sett: 40, grass_paver: 40, gravel: 40, unpaved: 40, ground: 40, dirt: 40, pebblestone: 40, tartan: 40,
    cobblestone: 30, unhewn_cobblestone: 30, clay: 30, earth: 20, stone: 20, rocky: 20, sand: 20, mud: 10
};

/** Ferries: a `duration` tag wins; else this speed (km/h) for every mode. */
export const FERRY_SPEED = 20;

const ALLOW = new Set(['yes', 'permissive', 'designated', 'official', 'public']);
const DENY = new Set(['no', 'agricultural', 'forestry', 'emergency', 'military', 'restricted', 'use_sidepath', 'discouraged']);
/**
 * Values that let a trip start or end on a way but not pass through it (as OSRM's restricted
 * access list), per mode: cars all of them; bikes the ones OSRM's bicycle profile forbids (it lets
 * them ride `destination` and `customers` ways); walkers none: `destination` and `customers` let
 * them through, the rest keeps them off (OSRM's foot profile).
 */
const LOCAL_ONLY = new Set(['private', 'destination', 'delivery', 'customers', 'permit']);
const OPEN_TO_WALK_AND_RIDE = new Set(['destination', 'customers']);
/** accessFor's answer for a LOCAL_ONLY value. */
export const ACCESS_LOCAL = 2;
/** A `construction=*` value that leaves a highway open. */
const OPEN_CONSTRUCTION = new Set(['no', 'widening', 'minor']);

/** Access tag order per mode: the first present and understood tag decides. */
const ACCESS_KEYS: readonly (readonly string[])[] = [
    ['motorcar', 'motor_vehicle', 'vehicle', 'access'],
    ['foot', 'access'],
    ['bicycle', 'vehicle', 'access']
];

/** -1 denied, 1 explicitly allowed, ACCESS_LOCAL start or end only, 0 not said. */
export function accessFor(mode: number, tags: OsmTags): number {
    const first = accessValue(mode, tags);
    if (first === undefined) return 0;
    if (ALLOW.has(first)) return 1;
    if (DENY.has(first)) return -1;
    if (mode !== CAR && OPEN_TO_WALK_AND_RIDE.has(first)) return 1;
    return mode === FOOT ? -1 : ACCESS_LOCAL;
}

/** The first understood access value of the mode's tags (ACCESS_KEYS order). */
function accessValue(mode: number, tags: OsmTags): string | undefined {
    const keys = ACCESS_KEYS[mode];
    for (let i = 0; i < keys.length; i++) {
        const v = tags.get(keys[i]);
        if (v === undefined) continue;
        const first = v.split(';')[0].trim();
        if (ALLOW.has(first) || DENY.has(first) || LOCAL_ONLY.has(first)) return first;
    }
    return undefined;
}

/** One-way direction for a mode: 0 both ways, 1 forward only, -1 backward only. */
function onewayFor(mode: number, tags: OsmTags, highway: string | undefined): number {
    if (mode === FOOT) {
        const f = tags.get('oneway:foot');
        return f === 'yes' || f === '1' ? 1 : f === '-1' ? -1 : 0;
    }
    if (mode === BIKE) {
        const b = tags.get('oneway:bicycle');
        if (b === 'no' || b === '0') return 0;
        if (b === 'yes' || b === '1') return 1;
        if (b === '-1') return -1;
        const cw = tags.get('cycleway');
        if (cw !== undefined && cw.startsWith('opposite')) return 0;
        const cwl = tags.get('cycleway:left') ?? tags.get('cycleway:right') ?? tags.get('cycleway:both');
        if (cwl !== undefined && cwl.startsWith('opposite')) return 0;
    }
    const o = tags.get('oneway');
    if (o === 'yes' || o === '1' || o === 'true') return 1;
    if (o === '-1' || o === 'reverse') return -1;
    if (o === 'no' || o === '0' || o === 'false') return 0;
    if (o === 'reversible' || o === 'alternating') return 2; // closed: direction changes by time
    const junction = tags.get('junction');
    if (junction === 'roundabout' || junction === 'circular') return 1;
    if (mode === CAR && (highway === 'motorway' || highway === 'motorway_link')) return 1;
    return 0;
}

/** Per-way result: speeds in km/h per mode and direction (0 = not allowed), and the class. */
export class WayProfile {
    /** [carFwd, carBwd, footFwd, footBwd, bikeFwd, bikeBwd] */
    readonly speeds = new Float64Array(6);
    /** Bit m: mode m may only start or end its trip on this way (ACCESS_LOCAL). */
    localOnly = 0;
    highwayClass = -1;
    /** Fixed traversal time in seconds for ferries with a `duration` tag (0: use speeds). */
    ferrySeconds = 0;

    any(): boolean {
        const s = this.speeds;
        return s[0] > 0 || s[1] > 0 || s[2] > 0 || s[3] > 0 || s[4] > 0 || s[5] > 0;
    }
}

/** Evaluates a way's tags for every mode. Returns false when no mode may use it. */
export function evaluateWay(tags: OsmTags, out: WayProfile): boolean {
    out.speeds.fill(0);
    out.localOnly = 0;
    out.highwayClass = -1;
    out.ferrySeconds = 0;
    const route = tags.get('route');
    let highway = tags.get('highway');
    if (route === 'ferry' && highway === undefined) return evaluateFerry(tags, out);
    if (highway === undefined) {
        // Railway platforms are walkable (stations), nothing else without a highway tag is routable.
        if (tags.get('railway') === 'platform') highway = 'platform';
        else return false;
    }
    const cls = CLASS_INDEX.get(highway);
    if (cls === undefined) return false; // construction, proposed, abandoned, raceway, bus_guideway, elevator…
    // A highway under construction (construction=yes or =motorway…) is closed to everyone.
    const construction = tags.get('construction');
    if (construction !== undefined && !OPEN_CONSTRUCTION.has(construction)) return false;
    out.highwayClass = cls;
    const isArea = tags.get('area') === 'yes';
    const surface = tags.get('surface');
    const motorroad = tags.get('motorroad') === 'yes';

    // Car.
    const carBase = CAR_SPEEDS[highway];
    const carAccess = accessFor(CAR, tags);
    if (carAccess >= 0 && !isArea && (carBase !== undefined || carAccess > 0 && highway === 'track')) {
        let speed = carBase ?? 15;
        const service = tags.get('service');
        if (highway === 'service' && (service === 'parking_aisle' || service === 'drive-through')) speed = 10;
        if (highway === 'service' && service === 'emergency_access') speed = 0;
        if (speed > 0) {
            // maxspeed:forward / :backward, else maxspeed, replace the class speed; the surface caps it.
            const limit = parseMaxspeed(tags.get('maxspeed'));
            const cap = surface !== undefined ? CAR_SURFACE[surface] ?? Infinity : Infinity;
            const fw = carSpeed(speed, parseMaxspeed(tags.get('maxspeed:forward')), limit, cap);
            const bw = carSpeed(speed, parseMaxspeed(tags.get('maxspeed:backward')), limit, cap);
            setDirections(out, CAR, fw, bw, onewayFor(CAR, tags, highway), 0);
        }
        if (carAccess === ACCESS_LOCAL) out.localOnly |= 1 << CAR;
    }

    // Foot.
    const footAccess = accessFor(FOOT, tags);
    let footBase = FOOT_SPEEDS[highway];
    if (footBase === undefined && footAccess > 0 && highway !== 'motorway') footBase = 5;
    if (footBase !== undefined && footAccess >= 0 && !(motorroad && footAccess <= 0)
        && !((highway === 'trunk' || highway === 'trunk_link') && footAccess <= 0 && tags.get('sidewalk') === 'no')) {
        setDirections(out, FOOT, footBase, footBase, onewayFor(FOOT, tags, highway), 0);
    }

    // Bike.
    const bikeAccess = accessFor(BIKE, tags);
    let bikeSpeed = BIKE_SPEEDS[highway];
    let push = false;
    if (bikeSpeed === undefined) {
        const p = BIKE_PUSH_SPEEDS[highway];
        if (p !== undefined) {
            if (bikeAccess > 0 && highway !== 'steps') bikeSpeed = highway === 'pedestrian' ? 12 : 14; // bicycle=yes on a footway
            else {
                bikeSpeed = p;
                push = true;
            }
        }
    }
    if (bikeSpeed !== undefined && bikeAccess >= 0 && !(motorroad && bikeAccess <= 0)) {
        const cap = surface !== undefined ? BIKE_SURFACE[surface] : undefined;
        if (cap !== undefined && !push) bikeSpeed = Math.min(bikeSpeed, cap);
        // Pushing a bike is walking: a footway closed to pedestrians is closed to pushing too.
        if (!(push && footAccess < 0)) {
            const pushBack = BIKE_PUSH_AGAINST_ONEWAY.has(highway) && footAccess >= 0 ? BIKE_PUSH_SPEED : 0;
            setDirections(out, BIKE, bikeSpeed, bikeSpeed, onewayFor(BIKE, tags, highway), pushBack);
            if (bikeAccess === ACCESS_LOCAL) out.localOnly |= 1 << BIKE;
        }
    }
    return out.any();
}

/** A direction's car speed: its own limit, else the way's, at CAR_MAXSPEED_FACTOR; else the class speed; at most the surface's. */
function carSpeed(classSpeed: number, directionLimit: number, limit: number, surfaceCap: number): number {
    const l = directionLimit > 0 ? directionLimit : limit;
    const speed = l === Infinity ? Math.max(classSpeed, 130 * CAR_MAXSPEED_FACTOR) : l > 0 ? l * CAR_MAXSPEED_FACTOR : classSpeed;
    return Math.min(speed, surfaceCap);
}

function evaluateFerry(tags: OsmTags, out: WayProfile): boolean {
    out.highwayClass = FERRY_CLASS;
    const d = parseDuration(tags.get('duration'));
    if (d > 0) out.ferrySeconds = d;
    for (let mode = 0; mode < MODE_COUNT; mode++) {
        const a = accessFor(mode, tags);
        if (a < 0 || a === ACCESS_LOCAL) continue;
        // A ferry says which vehicles it takes; foot passengers are the default.
        if (mode === CAR && a === 0 && tags.get('motor_vehicle') !== 'yes' && tags.get('motorcar') !== 'yes') continue;
        setDirections(out, mode, FERRY_SPEED, FERRY_SPEED, 0, 0);
    }
    return out.any();
}

/** "HH:MM", "H:MM:SS", "MM" or ISO 8601 "PT1H30M" to seconds; 0 when not understood. */
export function parseDuration(v: string | undefined): number {
    if (v === undefined) return 0;
    const iso = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/.exec(v);
    if (iso) return (Number(iso[1] ?? 0) * 60 + Number(iso[2] ?? 0)) * 60 + Number(iso[3] ?? 0);
    const parts = v.split(':').map(Number);
    if (parts.some((p) => !Number.isFinite(p))) return 0;
    if (parts.length === 1) return parts[0] * 60;
    if (parts.length === 2) return (parts[0] * 60 + parts[1]) * 60;
    if (parts.length === 3) return (parts[0] * 60 + parts[1]) * 60 + parts[2];
    return 0;
}

function setDirections(out: WayProfile, mode: number, fwd: number, bwd: number, oneway: number, againstSpeed: number): void {
    const s = out.speeds;
    if (oneway === 2) return; // reversible: not routable at a fixed time
    s[mode * 2] = oneway === -1 ? againstSpeed : fwd;
    s[mode * 2 + 1] = oneway === 1 ? againstSpeed : bwd;
}

// Barriers on nodes. A barrier blocks a mode unless listed as passable for it or opened by access tags.
const CAR_PASSABLE_BARRIERS = new Set(['cattle_grid', 'border_control', 'toll_booth', 'sally_port', 'gate', 'lift_gate', 'no', 'entrance', 'height_restrictor', 'arch', 'swing_gate', 'checkpoint']);
const BIKE_PASSABLE_BARRIERS = new Set([...CAR_PASSABLE_BARRIERS, 'bollard', 'cycle_barrier', 'sump_buster', 'bus_trap', 'block', 'chain', 'motorcycle_barrier', 'kerb', 'barrier_board', 'bar', 'hampshire_gate', 'kissing_gate', 'spikes']);
const FOOT_BLOCKING_BARRIERS = new Set(['wall', 'fence', 'hedge', 'retaining_wall', 'city_wall', 'ditch', 'guard_rail', 'jersey_barrier', 'handrail']);

/** Bitmask of the modes a barrier node blocks (bit = 1 << mode); 0 when it blocks none. */
export function barrierBlocks(tags: OsmTags): number {
    const barrier = tags.get('barrier');
    if (barrier === undefined) return 0;
    let mask = 0;
    // On a barrier the access values keep their meaning of before: destination and customers open
    // it, private, delivery and permit close it (a barrier is a node: nobody starts or ends on it).
    const carA = nodeAccess(CAR, tags), footA = nodeAccess(FOOT, tags), bikeA = nodeAccess(BIKE, tags);
    if (carA < 0 || carA === 0 && !CAR_PASSABLE_BARRIERS.has(barrier)) mask |= 1 << CAR;
    if (footA < 0 || footA === 0 && FOOT_BLOCKING_BARRIERS.has(barrier)) mask |= 1 << FOOT;
    if (bikeA < 0 || bikeA === 0 && !BIKE_PASSABLE_BARRIERS.has(barrier)) mask |= 1 << BIKE;
    // A locked gate or one marked private blocks everyone who is not explicitly allowed.
    const access = tags.get('access');
    if ((barrier === 'gate' || barrier === 'lift_gate') && (access === 'private' || access === 'no' || tags.get('locked') === 'yes')) {
        if (carA <= 0) mask |= 1 << CAR;
        if (footA <= 0) mask |= 1 << FOOT;
        if (bikeA <= 0) mask |= 1 << BIKE;
    }
    return mask;
}

function nodeAccess(mode: number, tags: OsmTags): number {
    const v = accessValue(mode, tags);
    if (v === undefined) return 0;
    return ALLOW.has(v) || OPEN_TO_WALK_AND_RIDE.has(v) ? 1 : -1;
}

/** Gates one may pass but must open or wait at: seconds added per passage, per mode [car, foot, bike]. */
const GATE_DELAYS: Record<string, readonly number[]> = {
    gate: [10, 2, 5], lift_gate: [10, 0, 3], swing_gate: [10, 2, 5], sally_port: [10, 0, 3], checkpoint: [30, 5, 10],
    toll_booth: [15, 0, 0], border_control: [60, 10, 10], kissing_gate: [0, 3, 10], hampshire_gate: [10, 3, 5]
};

/** Seconds a mode spends passing a barrier node it may pass (0 for none or a blocking one). */
export function barrierDelay(mode: number, tags: OsmTags): number {
    const barrier = tags.get('barrier');
    if (barrier === undefined) return 0;
    const delays = GATE_DELAYS[barrier];
    return delays === undefined ? 0 : delays[mode];
}

/** Seconds added when a mode passes through a node with these tags (signals, crossings, gates). */
export const CAR_SIGNAL_DELAY = 2;
export const BIKE_SIGNAL_DELAY = 5;
export const FOOT_SIGNAL_DELAY = 4;
export const CROSSING_DELAY = 1;
