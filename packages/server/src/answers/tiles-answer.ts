// The TileJSON 3.0 document of a region's vector tiles (SPEC §4.14, /{cc}/tiles/tile_planet.json):
// where the tiles are (from the request's public base address), their zooms, bounds and layers.
import type {Region} from '@quartier/engine';
import {MAX_TILE_ZOOM, OMT_LAYERS} from '@quartier/engine/internal';

/** Web Mercator's extent [west, south, east, north]. */
const WORLD_BOUNDS = [-180, -85.051129, 180, 85.051129];
const ATTRIBUTION = '<a href="https://openmaptiles.org/" target="_blank">&copy; OpenMapTiles</a> '
    + '<a href="https://www.openstreetmap.org/copyright" target="_blank">&copy; OpenStreetMap contributors</a>';

export function tileJsonAnswer(region: Region, base: string): object {
    const covered = region.tileBounds.map((v) => Math.round(v * 1e6) / 1e6);
    return {
        tilejson: '3.0.0',
        name: `quartier ${region.label}`,
        description: `Vector tiles in the OpenMapTiles schema from the OpenStreetMap data of ${region.manifest.name}.`,
        version: String(region.manifest.buildVersion ?? '1'),
        attribution: ATTRIBUTION,
        scheme: 'xyz',
        tiles: [`${base}/${region.country.code.toLowerCase()}/tiles/{z}/{x}/{y}.pbf`],
        minzoom: 0,
        maxzoom: MAX_TILE_ZOOM,
        // MapLibre requests no tile outside `bounds`: the world, as zooms 0–5 hold it (Natural Earth); the region is the center.
        bounds: WORLD_BOUNDS,
        center: [(covered[0] + covered[2]) / 2, (covered[1] + covered[3]) / 2, 12],
        format: 'pbf',
        vector_layers: OMT_LAYERS.map((l) => ({id: l.id, fields: l.fields, minzoom: l.minzoom, maxzoom: MAX_TILE_ZOOM}))
    };
}
