// What the map data holds: feature kinds, their classes and flags, and the OSM tags they come from.
// Kinds and classes of the map data, by name; the section stores codes. The vector tiles map them to the
// OpenMapTiles schema (tiles/omt-schema.ts), which the styles (data/maplibre-styles) read.
import type {OsmTags} from '../osm/objects.js';

/** Feature kinds (the "source layers" a style draws from). */
export const KINDS = ['land', 'landuse', 'landcover', 'park', 'water', 'waterway', 'building', 'road_area', 'road', 'rail', 'boundary', 'pier', 'place', 'aeroway'] as const;
export type KindName = typeof KINDS[number];
export const LAND = 0, LANDUSE = 1, LANDCOVER = 2, PARK = 3, WATER = 4, WATERWAY = 5, BUILDING = 6,
    ROAD_AREA = 7, ROAD = 8, RAIL = 9, BOUNDARY = 10, PIER = 11, PLACE = 12, AEROWAY = 13;

/** Class names per kind; a feature's class code is the index (0 = no class). Boundaries use the admin level. */
export const CLASSES: Record<KindName, readonly string[]> = {
    land: ['land'],
    landuse: ['', 'residential', 'commercial', 'industrial', 'retail', 'railway', 'military', 'cemetery', 'hospital', 'school',
        'university', 'parking', 'construction', 'religious', 'garages', 'brownfield'],
    landcover: ['', 'grass', 'meadow', 'farmland', 'orchard', 'vineyard', 'scrub', 'heath', 'wetland', 'sand', 'beach', 'rock',
        'wood', 'forest', 'allotments', 'farmyard'],
    park: ['', 'park', 'garden', 'playground', 'pitch', 'golf_course', 'sports', 'zoo', 'nature_reserve', 'recreation_ground', 'dog_park'],
    water: ['', 'water', 'river', 'reservoir', 'basin', 'dock', 'pool'],
    waterway: ['', 'river', 'canal', 'stream', 'ditch'],
    building: ['', 'building'],
    road_area: ['', 'pedestrian'],
    road: ['', 'motorway', 'trunk', 'primary', 'secondary', 'tertiary', 'minor', 'service', 'track', 'path', 'pedestrian'],
    rail: ['', 'rail', 'light_rail', 'subway', 'tram', 'narrow_gauge', 'funicular', 'monorail'],
    boundary: ['', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11'],
    pier: ['', 'pier'],
    place: ['', 'city', 'town', 'village', 'suburb', 'quarter', 'neighbourhood', 'hamlet', 'locality'],
    aeroway: ['', 'aerodrome', 'runway', 'taxiway', 'apron', 'helipad']
};

/** Feature flags. */
export const BRIDGE = 1, TUNNEL = 2, LINK = 4, SERVICE = 8, AREA = 16, ONEWAY = 32;

/** Kinds whose geometry is a set of rings (filled with the even-odd rule). */
export function isAreaKind(kind: number): boolean {
    return kind === LAND || kind === LANDUSE || kind === LANDCOVER || kind === PARK || kind === WATER || kind === BUILDING || kind === ROAD_AREA;
}

/** Whether a feature is a set of rings: an area kind, or a pier or aeroway flagged AREA (they can be lines). */
export function isAreaFeature(kind: number, flags: number): boolean {
    return isAreaKind(kind) || ((kind === PIER || kind === AEROWAY) && (flags & AREA) !== 0);
}

const code = (kind: KindName, name: string): number => {
    const i = CLASSES[kind].indexOf(name);
    if (i < 0) throw new Error(`unknown ${kind} class ${name}`);
    return i;
};

const HIGHWAY: Record<string, number> = {
    motorway: code('road', 'motorway'), motorway_link: code('road', 'motorway'),
    trunk: code('road', 'trunk'), trunk_link: code('road', 'trunk'),
    primary: code('road', 'primary'), primary_link: code('road', 'primary'),
    secondary: code('road', 'secondary'), secondary_link: code('road', 'secondary'),
    tertiary: code('road', 'tertiary'), tertiary_link: code('road', 'tertiary'),
    unclassified: code('road', 'minor'), residential: code('road', 'minor'), living_street: code('road', 'minor'), road: code('road', 'minor'),
    service: code('road', 'service'), track: code('road', 'track'),
    footway: code('road', 'path'), path: code('road', 'path'), cycleway: code('road', 'path'), bridleway: code('road', 'path'),
    steps: code('road', 'path'), corridor: code('road', 'path'),
    pedestrian: code('road', 'pedestrian')
};

const RAILWAY: Record<string, number> = {
    rail: code('rail', 'rail'), light_rail: code('rail', 'light_rail'), subway: code('rail', 'subway'), tram: code('rail', 'tram'),
    narrow_gauge: code('rail', 'narrow_gauge'), funicular: code('rail', 'funicular'), monorail: code('rail', 'monorail'),
    preserved: code('rail', 'rail')
};

const WATERWAY_LINE: Record<string, number> = {
    river: code('waterway', 'river'), canal: code('waterway', 'canal'), stream: code('waterway', 'stream'),
    ditch: code('waterway', 'ditch'), drain: code('waterway', 'ditch')
};

const LANDUSE_TAG: Record<string, [number, number]> = {
    residential: [LANDUSE, code('landuse', 'residential')], commercial: [LANDUSE, code('landuse', 'commercial')],
    industrial: [LANDUSE, code('landuse', 'industrial')], retail: [LANDUSE, code('landuse', 'retail')],
    railway: [LANDUSE, code('landuse', 'railway')], military: [LANDUSE, code('landuse', 'military')],
    cemetery: [LANDUSE, code('landuse', 'cemetery')], construction: [LANDUSE, code('landuse', 'construction')],
    religious: [LANDUSE, code('landuse', 'religious')], garages: [LANDUSE, code('landuse', 'garages')],
    brownfield: [LANDUSE, code('landuse', 'brownfield')], education: [LANDUSE, code('landuse', 'school')],
    grass: [LANDCOVER, code('landcover', 'grass')], village_green: [LANDCOVER, code('landcover', 'grass')],
    greenfield: [LANDCOVER, code('landcover', 'grass')], flowerbed: [LANDCOVER, code('landcover', 'grass')],
    meadow: [LANDCOVER, code('landcover', 'meadow')], farmland: [LANDCOVER, code('landcover', 'farmland')],
    orchard: [LANDCOVER, code('landcover', 'orchard')], vineyard: [LANDCOVER, code('landcover', 'vineyard')],
    allotments: [LANDCOVER, code('landcover', 'allotments')], farmyard: [LANDCOVER, code('landcover', 'farmyard')],
    forest: [LANDCOVER, code('landcover', 'forest')],
    recreation_ground: [PARK, code('park', 'recreation_ground')],
    reservoir: [WATER, code('water', 'reservoir')], basin: [WATER, code('water', 'basin')]
};

const NATURAL_TAG: Record<string, [number, number]> = {
    wood: [LANDCOVER, code('landcover', 'wood')], scrub: [LANDCOVER, code('landcover', 'scrub')],
    heath: [LANDCOVER, code('landcover', 'heath')], wetland: [LANDCOVER, code('landcover', 'wetland')],
    grassland: [LANDCOVER, code('landcover', 'grass')], sand: [LANDCOVER, code('landcover', 'sand')],
    beach: [LANDCOVER, code('landcover', 'beach')], bare_rock: [LANDCOVER, code('landcover', 'rock')],
    scree: [LANDCOVER, code('landcover', 'rock')], water: [WATER, code('water', 'water')]
};

const LEISURE_TAG: Record<string, [number, number]> = {
    park: [PARK, code('park', 'park')], garden: [PARK, code('park', 'garden')], playground: [PARK, code('park', 'playground')],
    pitch: [PARK, code('park', 'pitch')], golf_course: [PARK, code('park', 'golf_course')], stadium: [PARK, code('park', 'sports')],
    sports_centre: [PARK, code('park', 'sports')], track: [PARK, code('park', 'sports')],
    nature_reserve: [PARK, code('park', 'nature_reserve')], recreation_ground: [PARK, code('park', 'recreation_ground')],
    dog_park: [PARK, code('park', 'dog_park')], swimming_pool: [WATER, code('water', 'pool')]
};

const AMENITY_TAG: Record<string, [number, number]> = {
    grave_yard: [LANDUSE, code('landuse', 'cemetery')], hospital: [LANDUSE, code('landuse', 'hospital')],
    school: [LANDUSE, code('landuse', 'school')], kindergarten: [LANDUSE, code('landuse', 'school')],
    college: [LANDUSE, code('landuse', 'university')], university: [LANDUSE, code('landuse', 'university')],
    parking: [LANDUSE, code('landuse', 'parking')]
};

export const PLACE_CLASS: Record<string, number> = {
    city: code('place', 'city'), town: code('place', 'town'), village: code('place', 'village'), suburb: code('place', 'suburb'),
    quarter: code('place', 'quarter'), neighbourhood: code('place', 'neighbourhood'), hamlet: code('place', 'hamlet'),
    locality: code('place', 'locality'), borough: code('place', 'suburb'), city_block: code('place', 'neighbourhood')
};

/** A classification packed in one number: kind << 16 | class << 8 | flags; -1 when the object is not drawn. */
export function packClass(kind: number, cls: number, flags: number): number {
    return (kind << 16) | (cls << 8) | flags;
}

const yes = (v: string | undefined): boolean => v !== undefined && v !== 'no' && v !== '0' && v !== 'false';

/**
 * What a way (closed or not) or a multipolygon relation is drawn as. Tags are looked up by a linear
 * scan, so the common keys are read once each.
 */
export function classify(tags: OsmTags, closed: boolean, relation: boolean): number {
    if (tags.count === 0) return -1;
    let highway, railway, waterway, building, landuse, natural, leisure, amenity, area, bridge, tunnel, layer, manMade, service, water, oneway, tourism, aeroway;
    for (let i = 0; i < tags.count; i++) {
        const k = tags.key(i);
        switch (k) {
            case 'highway': highway = tags.value(i); break;
            case 'railway': railway = tags.value(i); break;
            case 'waterway': waterway = tags.value(i); break;
            case 'building': building = tags.value(i); break;
            case 'landuse': landuse = tags.value(i); break;
            case 'natural': natural = tags.value(i); break;
            case 'leisure': leisure = tags.value(i); break;
            case 'amenity': amenity = tags.value(i); break;
            case 'area': area = tags.value(i); break;
            case 'bridge': bridge = tags.value(i); break;
            case 'tunnel': tunnel = tags.value(i); break;
            case 'layer': layer = tags.value(i); break;
            case 'man_made': manMade = tags.value(i); break;
            case 'service': service = tags.value(i); break;
            case 'water': water = tags.value(i); break;
            case 'oneway': oneway = tags.value(i); break;
            case 'tourism': tourism = tags.value(i); break;
            case 'aeroway': aeroway = tags.value(i); break;
        }
    }
    const isArea = relation || (closed && area !== 'no');
    let flags = 0;
    if (yes(bridge)) flags |= BRIDGE;
    // Covered ways and negative layers read as tunnels on a map only when tagged so.
    if (yes(tunnel) && tunnel !== 'building_passage') flags |= TUNNEL;
    if (layer !== undefined && Number(layer) < 0 && yes(tunnel)) flags |= TUNNEL;
    if (building !== undefined && building !== 'no' && isArea) return packClass(BUILDING, 1, flags);
    if (highway !== undefined) {
        if ((highway === 'pedestrian' || highway === 'footway' || highway === 'service') && isArea && (area === 'yes' || relation)) {
            return packClass(ROAD_AREA, 1, flags);
        }
        const cls = HIGHWAY[highway];
        if (cls !== undefined && !relation) {
            if (highway.endsWith('_link')) flags |= LINK;
            if (oneway === 'yes' || oneway === '1' || oneway === '-1') flags |= ONEWAY;
            return packClass(ROAD, cls, flags);
        }
    }
    if (railway !== undefined && !relation) {
        const cls = RAILWAY[railway];
        if (cls !== undefined) {
            if (service !== undefined) flags |= SERVICE;
            return packClass(RAIL, cls, flags);
        }
    }
    if (waterway !== undefined) {
        if (waterway === 'riverbank' && isArea) return packClass(WATER, code('water', 'river'), 0);
        if (waterway === 'dock' && isArea) return packClass(WATER, code('water', 'dock'), 0);
        const cls = WATERWAY_LINE[waterway];
        if (cls !== undefined && !relation) return packClass(WATERWAY, cls, flags);
    }
    if (manMade === 'pier' || manMade === 'breakwater' || manMade === 'groyne') {
        return packClass(PIER, 1, isArea && manMade === 'pier' && closed ? AREA : (relation ? AREA : 0));
    }
    if (aeroway !== undefined) {
        // Runways and taxiways are lines unless drawn as areas; aerodromes, aprons and helipads are areas.
        const cls = CLASSES.aeroway.indexOf(aeroway);
        const lineLike = aeroway === 'runway' || aeroway === 'taxiway';
        if (cls > 0 && (isArea || lineLike)) return packClass(AEROWAY, cls, relation || (isArea && (!lineLike || area === 'yes')) ? AREA : 0);
    }
    if (!isArea) return -1;
    if (natural !== undefined) {
        const hit = NATURAL_TAG[natural];
        if (hit) {
            if (hit[0] === WATER && (water === 'river' || water === 'canal' || water === 'stream')) return packClass(WATER, code('water', 'river'), 0);
            if (hit[0] === WATER && (water === 'reservoir' || water === 'basin')) return packClass(WATER, code('water', 'reservoir'), 0);
            return packClass(hit[0], hit[1], 0);
        }
    }
    if (leisure !== undefined) {
        const hit = LEISURE_TAG[leisure];
        if (hit) return packClass(hit[0], hit[1], 0);
    }
    if (tourism === 'zoo' || tourism === 'theme_park') return packClass(PARK, code('park', 'zoo'), 0);
    if (landuse !== undefined) {
        const hit = LANDUSE_TAG[landuse];
        if (hit) return packClass(hit[0], hit[1], 0);
    }
    if (amenity !== undefined) {
        const hit = AMENITY_TAG[amenity];
        if (hit) return packClass(hit[0], hit[1], 0);
    }
    return -1;
}

/** Height in decimetres from `height`, else `building:levels` (3 m each, plus roof levels); 0 when unknown. */
export function buildingHeight(tags: OsmTags, heightKey: 'height' | 'min_height', levelsKey: 'building:levels' | 'building:min_level'): number {
    const h = parseMeters(tags.get(heightKey));
    if (h > 0) return Math.min(65535, Math.round(h * 10));
    const levels = Number(tags.get(levelsKey));
    if (Number.isFinite(levels) && levels > 0 && levels < 200) {
        const roof = heightKey === 'height' ? Number(tags.get('roof:levels')) : 0;
        return Math.min(65535, Math.round(((levels + (Number.isFinite(roof) && roof > 0 && roof < 20 ? roof * 0.5 : 0)) * 3) * 10));
    }
    return 0;
}

function parseMeters(v: string | undefined): number {
    if (v === undefined) return 0;
    const m = /^\s*([0-9]+(?:[.,][0-9]+)?)\s*(m|meters?|metres?|ft|')?\s*$/i.exec(v);
    if (!m) return 0;
    const n = Number(m[1].replace(',', '.'));
    if (!Number.isFinite(n) || n <= 0 || n > 1000) return 0;
    return m[2] === 'ft' || m[2] === "'" ? n * 0.3048 : n;
}
