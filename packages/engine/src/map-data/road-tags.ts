// The tags of a road or railway the vector tiles carry beyond its class: its ref (A12, E 19), the
// route network it belongs to, its surface (paved or unpaved) and its service kind, packed in one byte
// per feature (surface · service · network) beside the ref's string.
import type {OsmRelation, OsmTags} from '../osm/objects.js';

const PAVED = new Set(['paved', 'asphalt', 'cobblestone', 'concrete', 'concrete:lanes', 'concrete:plates', 'metal', 'paving_stones',
    'sett', 'unhewn_cobblestone', 'wood', 'chipseal', 'bricks']);
const UNPAVED = new Set(['unpaved', 'compacted', 'dirt', 'earth', 'fine_gravel', 'grass', 'grass_paver', 'gravel', 'gravel_turf',
    'ground', 'ice', 'mud', 'pebblestone', 'salt', 'sand', 'snow', 'woodchips', 'rock', 'shells']);

/** Surface codes (0: not tagged). */
export const SURFACES = ['', 'paved', 'unpaved'] as const;
/** OpenMapTiles' service values (railway spurs and yards, service roads' kinds); 0: none. */
export const SERVICES = ['', 'spur', 'yard', 'siding', 'crossover', 'driveway', 'alley', 'parking_aisle'] as const;
/** Route networks a road can be part of (from route=road relations); 0: none. */
export const NETWORKS = ['', 'e-road', 'a-road'] as const;
/** OSM route relation network → our network code. */
const RELATION_NETWORK: Record<string, number> = {'e-road': 1, AH: 2};

export function surfaceOf(attr: number): string {
    return SURFACES[attr & 3];
}

export function serviceOf(attr: number): string {
    return SERVICES[(attr >> 2) & 7];
}

export function networkOf(attr: number): string {
    return NETWORKS[(attr >> 5) & 3];
}

/** A road's attribute byte from its tags and the route network it belongs to (0 when none). */
export function roadAttributes(tags: OsmTags, network: number): number {
    const surface = tags.get('surface') ?? (tags.get('tracktype') === 'grade1' ? 'paved' : tags.get('tracktype') ? 'unpaved' : undefined);
    const s = surface === undefined ? 0 : PAVED.has(surface) ? 1 : UNPAVED.has(surface) ? 2 : 0;
    const service = tags.get('service');
    const v = service === undefined ? 0 : Math.max(0, SERVICES.indexOf(service as typeof SERVICES[number]));
    return s | (v << 2) | (network << 5);
}

/**
 * The international route networks (E-roads, Asian highways) of the region's ways, from route=road
 * relations: way id → [network code, the relation's ref]. The first network listed wins.
 */
export class RoadNetworks {
    readonly ofWay = new Map<number, [number, string]>();

    addRelation(rel: OsmRelation): void {
        const tags = rel.tags;
        if (tags.get('type') !== 'route' || tags.get('route') !== 'road') return;
        const network = RELATION_NETWORK[tags.get('network') ?? ''];
        if (network === undefined) return;
        const ref = tags.get('ref') ?? '';
        for (let i = 0; i < rel.memberCount; i++) {
            if (rel.memberTypes[i] !== 1) continue;
            const old = this.ofWay.get(rel.memberRefs[i]);
            if (old === undefined || network < old[0]) this.ofWay.set(rel.memberRefs[i], [network, ref]);
        }
    }
}
