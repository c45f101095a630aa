// Zoom bands of the map data: each band holds the features drawn at its zooms, simplified for them.
// A CSS pixel at zoom z is 2^(22 - z) world units and images are drawn at twice their size, so a
// device pixel is 2^(21 - z) units: each band's tolerance is a quarter to half of one at its lowest zoom.
import {BUILDING, PIER, RAIL, ROAD, WATERWAY, CLASSES} from './map-classes.js';

export interface MapBandSpec {
    /** The band serves zooms >= minZoom (and below the previous band's minZoom). */
    minZoom: number;
    /** Douglas–Peucker tolerance in world units. */
    tolerance: number;
    /** Rings smaller than this (world units², absolute shoelace area) are dropped. */
    minRingArea: number;
    /** Large rings are clipped into square cells of this size (world units). */
    cell: number;
}

export const MAP_BANDS: readonly MapBandSpec[] = [
    {minZoom: 15, tolerance: 1 << 4, minRingArea: 0, cell: 1 << 16},
    {minZoom: 13, tolerance: 1 << 7, minRingArea: (1 << 8) * (1 << 8), cell: 1 << 17},
    {minZoom: 0, tolerance: 1 << 9, minRingArea: (1 << 11) * (1 << 11), cell: 1 << 19}
];

const ROAD_SMALL = new Set(['service', 'track', 'path', 'pedestrian'].map((c) => CLASSES.road.indexOf(c)));
const WATERWAY_SMALL = new Set(['stream', 'ditch'].map((c) => CLASSES.waterway.indexOf(c)));
const RAIL_SMALL = new Set(['tram', 'subway', 'funicular'].map((c) => CLASSES.rail.indexOf(c)));

/** Whether a feature of this kind and class belongs in a band at all (before size filters). */
export function inBand(band: number, kind: number, cls: number): boolean {
    if (band < 2) return true;
    if (kind === BUILDING || kind === PIER) return false;
    if (kind === ROAD) return !ROAD_SMALL.has(cls);
    if (kind === WATERWAY) return !WATERWAY_SMALL.has(cls);
    if (kind === RAIL) return !RAIL_SMALL.has(cls);
    return true;
}

/** The band drawn at a zoom. */
export function bandForZoom(zoom: number): number {
    for (let b = 0; b < MAP_BANDS.length; b++) if (zoom >= MAP_BANDS[b].minZoom) return b;
    return MAP_BANDS.length - 1;
}

/** Lines are stored in runs of at most this many points, so a long river or border is read piecewise. */
export const MAX_LINE_POINTS = 64;
/** Rings with more points than this, larger than a cell, are clipped into cells. */
export const MAX_RING_POINTS = 256;
