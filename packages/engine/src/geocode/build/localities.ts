// Stage 1 of build-index.ts: boundaries first. They say which municipalities belong to a neighbour
// (the country border is a 1:10m generalisation, so a town just across it can fall inside), which
// place each boundary names, and then, for any point, its city, district and postcode area.
import {METERS_PER_DEGREE_LAT, metersPerDegreeLon} from '../../geo/distance.js';
import type {CountryBorder} from '../../geo/border.js';
import {BorderCells} from '../../geo/border-cells.js';
import type {NodeStore} from '../../osm/node-store.js';
import {fold} from '../fold.js';
import {flatMeters} from '../../geo/distance.js';
import {CITY_TYPES, PLACE_TYPES} from '../places.js';
import {AREA_ADMIN, AREA_POSTAL, AreaIndex} from './areas.js';
import type {NameSet, PlaceDraft, PlacesDrafts} from './drafts.js';
import type {Locality, PlaceRec} from './records.js';

/**
 * Without a boundary around it, a point's city is the nearest city, town or village within that
 * kind's reach (m): about the radius of such a municipality, so that a suburb of the next town
 * (a Matosinhos beach 7 km from Porto's centre) is not given the big city's name.
 */
const CITY_REACH_METERS: Record<string, number> = {city: 6000, municipality: 6000, town: 3000, village: 1500};
const NEAREST_CITY_METERS = 6000;
const NEAREST_DISTRICT_METERS = 1500;
/** A place polygon duplicating a place node of the same name within this distance (m) is dropped. */
const PLACE_DUPLICATE_METERS = 3000;
const DISTRICT_TYPES = new Set(['suburb', 'quarter', 'neighbourhood', 'borough']);

/** The boundaries and what of them lies abroad: the region's filter of what is in the country. */
export class CountryFilter {
    readonly areaIndex: AreaIndex;
    /** Areas mostly outside the country (1), by area index. */
    readonly foreign: Uint8Array;
    /** Points and places dropped as outside the country so far. */
    outside = 0;
    private readonly foreignNames = new Map<string, number>();
    private anyForeign = false;
    private readonly hits: number[] = [];
    /** The border's answers by cell (inside() asks for every address and street piece). */
    private readonly borderCells: BorderCells | null;

    constructor(private readonly d: PlacesDrafts, border: CountryBorder | null) {
        this.borderCells = border && new BorderCells(border);
        const nodes = d.nodes;
        const placeByName = new Map<string, PlaceDraft>();
        for (const p of d.places) if (p.nodeId >= 0 && !placeByName.has(fold(p.names.name))) placeByName.set(fold(p.names.name), p);
        this.areaIndex = new AreaIndex(d.areas, d.wayRefs, nodes, d.extent, (area) => {
            for (const id of area.centreNodes) {
                const k = nodes.indexOf(id);
                if (k >= 0) return [nodes.lat[k] / 1e7, nodes.lon[k] / 1e7];
            }
            const p = placeByName.get(fold(area.tags.name ?? ''));
            return p ? [p.lat, p.lon] : null;
        });
        const areas = this.areaIndex.areas;
        this.foreign = new Uint8Array(areas.length);
        if (border !== null) {
            const contains = (lat: number, lon: number) => border.contains(lat, lon);
            for (let a = 0; a < areas.length; a++) {
                if (areas[a].kind === AREA_ADMIN && this.areaIndex.interiorShare(a, contains) < 0.5) this.foreign[a] = 1;
            }
        }
        // A place named like a neighbour's municipality next to it is that municipality's town, even
        // when its node falls on this side of the line (Vaals, at the edge of the Aachen extract).
        for (let a = 0; a < areas.length; a++) {
            if (!this.foreign[a]) continue;
            this.anyForeign = true;
            if (areas[a].tags.name) this.foreignNames.set(fold(areas[a].tags.name), a);
        }
    }

    /** Whether a point lies in the country (counts it in `outside` when not). */
    inside(lat: number, lon: number): boolean {
        let ok = this.borderCells === null || this.borderCells.contains(lat, lon);
        if (ok && this.anyForeign) {
            for (const a of this.areaIndex.containing(lat, lon, this.hits)) if (this.foreign[a]) ok = false;
        }
        if (!ok) this.outside++;
        return ok;
    }

    /** Whether place p at (lat, lon) is the town of a neighbour's municipality of its name, next to it. */
    foreignPlace(p: PlaceDraft, lat: number, lon: number): boolean {
        const a = this.foreignNames.get(fold(p.names.name));
        if (a === undefined) return false;
        const area = this.areaIndex.areas[a];
        const margin = 0.03; // about 3 km
        return lat > area.minLat - margin && lat < area.maxLat + margin && lon > area.minLon - margin && lon < area.maxLon + margin;
    }

    /** A draft's position: its own, else the mean of its nodes or of its ways' nodes; null when none is known. */
    pointOf(lat: number, lon: number, refs: Float64Array | null, wayIds: number[] | null): [number, number] | null {
        if (!Number.isNaN(lat)) return [lat, lon];
        if (refs) return centroid([refs], this.d.nodes);
        if (wayIds) return centroid(wayIds.map((id) => this.d.wayRefs.get(id)).filter((r): r is Float64Array => r !== undefined), this.d.nodes);
        return null;
    }
}

/** The places in the country (a place polygon duplicating a node once), and the place of each place node. */
export function collectPlaces(d: PlacesDrafts, country: CountryFilter): {places: PlaceRec[]; placeOfNode: Map<number, number>} {
    const places: PlaceRec[] = [];
    const placeOfNode = new Map<number, number>();
    for (const p of d.places) {
        const at = country.pointOf(p.lat, p.lon, p.refs, null);
        if (!at || !country.inside(at[0], at[1])) continue;
        if (country.foreignPlace(p, at[0], at[1])) {
            country.outside++;
            continue;
        }
        if (p.refs && duplicatePlace(places, p, at)) continue;
        if (p.nodeId >= 0) placeOfNode.set(p.nodeId, places.length);
        places.push({lat: at[0], lon: at[1], type: p.type, names: p.names, extraNames: [], population: p.population,
            postcode: p.postcode, nodeId: p.nodeId, city: -1, district: -1});
    }
    return {places, placeOfNode};
}

/** The place each boundary names (-1: none) and each boundary's postcode (''); a named boundary without a place becomes one. */
export interface BoundaryPlaces {
    areaPlace: Int32Array;
    areaPostcode: string[];
}

/** The locality each boundary names: its admin_centre, a place of its name inside it, else a place made of it (appended to `places`). */
export function boundaryPlaces(nodes: NodeStore, country: CountryFilter, places: PlaceRec[], placeOfNode: Map<number, number>, cityLevel: number): BoundaryPlaces {
    const areaIndex = country.areaIndex, foreign = country.foreign;
    const hits: number[] = [];
    const placeOfName = new Map<string, number>();
    for (let p = 0; p < places.length; p++) if (!placeOfName.has(fold(places[p].names.name))) placeOfName.set(fold(places[p].names.name), p);
    const areaPlace = new Int32Array(areaIndex.areas.length).fill(-1);
    const areaPostcode: string[] = [];
    for (let a = 0; a < areaIndex.areas.length; a++) {
        const area = areaIndex.areas[a];
        const tags = area.tags;
        const code = (tags.postal_code ?? tags['addr:postcode'] ?? '').trim();
        areaPostcode.push(code.includes(';') ? '' : code);
        if (area.kind !== AREA_ADMIN || foreign[a]) continue;
        let place = -1;
        for (const id of area.centreNodes) {
            const p = placeOfNode.get(id);
            if (p !== undefined) {
                place = p;
                break;
            }
        }
        if (place < 0) {
            // No admin_centre member: a place of the same name inside the boundary is its centre.
            const p = placeOfName.get(fold(tags.name ?? ''));
            if (p !== undefined && areaIndex.containing(places[p].lat, places[p].lon, hits).includes(a)) place = p;
        }
        const names = areaNames(tags);
        if (place >= 0) {
            // The boundary's own names ("Ville de Bruxelles - Stad Brussel") also find its centre.
            const p = places[place];
            for (const n of [names.name, ...Object.values(names.names)]) if (n && !p.extraNames.includes(n)) p.extraNames.push(n);
        } else if (names.name !== '') {
            let lat = area.meanLat, lon = area.meanLon;
            for (const id of area.centreNodes) {
                const k = nodes.indexOf(id);
                if (k >= 0) {
                    lat = nodes.lat[k] / 1e7;
                    lon = nodes.lon[k] / 1e7;
                    break;
                }
            }
            if (country.inside(lat, lon)) {
                place = places.length;
                const population = parseInt((tags.population ?? '').replace(/[\s.,]/g, ''), 10);
                places.push({lat, lon, type: PLACE_TYPES.indexOf(area.level <= cityLevel ? 'municipality' : 'suburb'), names, extraNames: [],
                    population: Number.isFinite(population) && population > 0 ? population : 0, postcode: areaPostcode[a], nodeId: -1, city: -1, district: -1});
            }
        }
        areaPlace[a] = place;
        if (place >= 0 && areaPostcode[a] !== '' && places[place].postcode === '') places[place].postcode = areaPostcode[a];
    }
    return {areaPlace, areaPostcode};
}

/** The city, district and postcode area of any point: the boundaries around it, else the nearest town within its reach. */
export class LocalityFinder {
    private readonly areaIndex: AreaIndex;
    /** The towns and the districts near each cell, for the nearest of every address and street (a scan of all places each time grows with addresses × places: hours for a country). */
    private readonly nearCities: NearPlaces;
    private readonly nearDistricts: NearPlaces;
    /** Places whose own municipal boundary the data has. */
    private readonly bounded: Uint8Array;
    private readonly hits: number[] = [];

    constructor(country: CountryFilter, private readonly places: PlaceRec[], private readonly boundaries: BoundaryPlaces, private readonly cityLevel: number) {
        const areaIndex = this.areaIndex = country.areaIndex;
        // A city's own boundary is at the municipal level (or the one above, for a city that is its own
        // district); a province or a country whose capital it is does not bound it.
        this.bounded = new Uint8Array(places.length);
        for (let a = 0; a < areaIndex.areas.length; a++) {
            const area = areaIndex.areas[a];
            if (boundaries.areaPlace[a] >= 0 && area.kind === AREA_ADMIN && this.municipal(area.level)) this.bounded[boundaries.areaPlace[a]] = 1;
        }
        this.nearCities = new NearPlaces(places, NEAREST_CITY_METERS, CITY_TYPES, this.bounded);
        this.nearDistricts = new NearPlaces(places, NEAREST_DISTRICT_METERS, DISTRICT_TYPES);
    }

    private municipal(level: number): boolean {
        return level <= this.cityLevel && level >= this.cityLevel - 1;
    }

    /** Where (lat, lon) lies, into `out`. */
    localityOf(lat: number, lon: number, out: Locality): Locality {
        const areaIndex = this.areaIndex, places = this.places, {areaPlace, areaPostcode} = this.boundaries, hits = this.hits;
        out.city = out.district = -1;
        out.postal = '';
        areaIndex.containing(lat, lon, hits);
        let postalSize = Infinity, foundLevel = -1, districtLevel = -1;
        for (const a of hits) {
            const area = areaIndex.areas[a];
            if (area.kind === AREA_POSTAL) {
                if (area.size < postalSize && areaPostcode[a] !== '') {
                    postalSize = area.size;
                    out.postal = areaPostcode[a];
                }
                continue;
            }
            const p = areaPlace[a];
            if (p < 0) continue;
            if (this.municipal(area.level) && area.level > foundLevel && CITY_TYPES.has(PLACE_TYPES[places[p].type])) {
                foundLevel = area.level;
                out.city = p;
            }
        }
        for (const a of hits) {
            const area = areaIndex.areas[a];
            const p = areaPlace[a];
            if (area.kind !== AREA_ADMIN || p < 0 || p === out.city || area.level <= foundLevel) continue;
            if (area.level > districtLevel) {
                districtLevel = area.level;
                out.district = p;
            }
        }
        // Outside every municipality boundary of the data: the nearest town, but never one whose own
        // boundary the data has (the point is not in it), and only within its reach.
        if (out.city < 0) out.city = nearestPlace(places, this.nearCities, lat, lon, CITY_REACH_METERS);
        if (out.district < 0) {
            const p = nearestPlace(places, this.nearDistricts, lat, lon);
            if (p !== out.city) out.district = p;
        }
        return out;
    }
}

/** Stage 1: the country filter, the places (with the boundaries' own), each place's town and postcode, and the locality finder. */
export function placeLocalities(d: PlacesDrafts, border: CountryBorder | null, cityLevel: number): {country: CountryFilter; places: PlaceRec[]; localities: LocalityFinder} {
    const country = new CountryFilter(d, border);
    const {places, placeOfNode} = collectPlaces(d, country);
    const boundaries = boundaryPlaces(d.nodes, country, places, placeOfNode, cityLevel);
    const localities = new LocalityFinder(country, places, boundaries, cityLevel);
    const here: Locality = {city: -1, district: -1, postal: ''};
    for (let p = 0; p < places.length; p++) {
        const rec = places[p];
        localities.localityOf(rec.lat, rec.lon, here);
        if (here.city !== p && !CITY_TYPES.has(PLACE_TYPES[rec.type])) rec.city = here.city;
        if (rec.postcode === '') rec.postcode = here.postal;
    }
    return {country, places, localities};
}

/** Mean of the nodes of some ways (a closing node counted once), or null when none is known. */
function centroid(ways: Float64Array[], nodes: NodeStore): [number, number] | null {
    let sLat = 0, sLon = 0, n = 0;
    for (const refs of ways) {
        const last = refs.length > 1 && refs[0] === refs[refs.length - 1] ? refs.length - 1 : refs.length;
        for (let i = 0; i < last; i++) {
            const k = nodes.indexOf(refs[i]);
            if (k < 0) continue;
            sLat += nodes.lat[k];
            sLon += nodes.lon[k];
            n++;
        }
    }
    return n ? [sLat / n / 1e7, sLon / n / 1e7] : null;
}

function duplicatePlace(places: PlaceRec[], p: PlaceDraft, at: [number, number]): boolean {
    const key = fold(p.names.name);
    for (const q of places) {
        if (q.nodeId >= 0 && fold(q.names.name) === key && flatMeters(q.lat, q.lon, at[0], at[1]) < PLACE_DUPLICATE_METERS) return true;
    }
    return false;
}

/**
 * The places of some types (those marked in `skip` left out) that a box of maxMeters around any point of a
 * grid cell can hold: nearestPlace looks at a cell's few instead of searching a tree for every point.
 */
class NearPlaces {
    readonly lat: Float64Array;
    readonly lon: Float64Array;
    /** Cell r * cols + c holds items[start[cell] .. start[cell + 1]), places in ascending order. */
    private readonly start: Uint32Array;
    private readonly items: Uint32Array;
    private readonly rows: number;
    private readonly cols: number;
    private readonly lat0: number;
    private readonly lon0: number;
    private readonly cellLat: number;
    private readonly cellLon: number;

    constructor(places: PlaceRec[], readonly maxMeters: number, types: Set<string>, skip?: Uint8Array) {
        const n = places.length;
        this.lat = Float64Array.from(places, (p) => p.lat);
        this.lon = Float64Array.from(places, (p) => p.lon);
        const kept: number[] = [];
        let minLat = Infinity, minLon = Infinity, maxLat = -Infinity, maxLon = -Infinity;
        for (let p = 0; p < n; p++) {
            const la = this.lat[p], lo = this.lon[p];
            if (!types.has(PLACE_TYPES[places[p].type]) || (skip !== undefined && skip[p]) || !Number.isFinite(la) || !Number.isFinite(lo)) continue;
            kept.push(p);
            minLat = Math.min(minLat, la);
            maxLat = Math.max(maxLat, la);
            minLon = Math.min(minLon, lo);
            maxLon = Math.max(maxLon, lo);
        }
        // nearestPlace's box: dLat, and dLon growing with the latitude; a point can only reach places within dLat of its own.
        // The grid reaches twice as far, for the rounding of a point just at the box's edge.
        const dLat = maxMeters / METERS_PER_DEGREE_LAT;
        const dLon = kept.length ? maxMeters / metersPerDegreeLon(Math.min(89.9, Math.max(Math.abs(minLat), Math.abs(maxLat)) + 2 * dLat)) : 0;
        this.lat0 = minLat - 2 * dLat;
        this.lon0 = minLon - 2 * dLon;
        // Cells of a quarter of the box, fewer (larger) when the places spread over a continent.
        const spread = kept.length ? Math.max(1, ((maxLat - minLat) / dLat + 5) * ((maxLon - minLon) / dLon + 5) * 16 / MAX_NEAR_CELLS) : 1;
        this.cellLat = dLat / 4 * Math.sqrt(spread);
        this.cellLon = dLon / 4 * Math.sqrt(spread);
        this.rows = kept.length ? this.row(maxLat + 2 * dLat) + 1 : 0;
        this.cols = kept.length ? this.col(maxLon + 2 * dLon) + 1 : 0;
        // Each place in the cells its box (a little more each way, for rounding) meets: counted, then filled.
        const counts = new Uint32Array(this.rows * this.cols + 1);
        const eLat = dLat * 1e-6, eLon = dLon * 1e-6;
        const cellsOf = (p: number, visit: (cell: number) => void) => {
            const r1 = Math.min(this.rows - 1, this.row(this.lat[p] + dLat + eLat)), c1 = Math.min(this.cols - 1, this.col(this.lon[p] + dLon + eLon));
            for (let r = Math.max(0, this.row(this.lat[p] - dLat - eLat)); r <= r1; r++) {
                for (let c = Math.max(0, this.col(this.lon[p] - dLon - eLon)); c <= c1; c++) visit(r * this.cols + c);
            }
        };
        for (const p of kept) cellsOf(p, (cell) => counts[cell + 1]++);
        for (let i = 0; i + 1 < counts.length; i++) counts[i + 1] += counts[i];
        this.start = counts.slice();
        const items = this.items = new Uint32Array(counts[counts.length - 1]);
        for (const p of kept) cellsOf(p, (cell) => items[counts[cell]++] = p);
    }

    private row(lat: number): number {
        return Math.floor((lat - this.lat0) / this.cellLat);
    }

    private col(lon: number): number {
        return Math.floor((lon - this.lon0) / this.cellLon);
    }

    /** The cell of a point (its candidates from start[cell] to start[cell + 1]), or -1 outside the grid. */
    cellOf(lat: number, lon: number): number {
        const r = this.row(lat), c = this.col(lon);
        return r >= 0 && r < this.rows && c >= 0 && c < this.cols ? r * this.cols + c : -1;
    }

    first(cell: number): number {
        return this.start[cell];
    }

    end(cell: number): number {
        return this.start[cell + 1];
    }

    item(i: number): number {
        return this.items[i];
    }
}

/** NearPlaces' grid at most this many cells. */
const MAX_NEAR_CELLS = 1 << 22;

/**
 * The nearest place of `near` within its maxMeters (and its type's reach); -1 when none. Of places equally near,
 * the first. What the box search of a tree found, the same places: the box test is the tree's.
 */
function nearestPlace(places: PlaceRec[], near: NearPlaces, lat: number, lon: number, reach?: Record<string, number>): number {
    const maxMeters = near.maxMeters;
    // A box holding the circle: flatMeters measures longitude at the mean latitude, never further from the equator than this.
    const dLat = maxMeters / METERS_PER_DEGREE_LAT;
    const dLon = maxMeters / metersPerDegreeLon(Math.min(89.9, Math.abs(lat) + dLat));
    const minX = lon - dLon, minY = lat - dLat, maxX = lon + dLon, maxY = lat + dLat;
    const cell = near.cellOf(lat, lon);
    if (cell < 0) return -1;
    let best = -1, bestD = maxMeters;
    for (let i = near.first(cell), end = near.end(cell); i < end; i++) {
        const p = near.item(i), x = near.lon[p], y = near.lat[p];
        if (!(x >= minX && x <= maxX && y >= minY && y <= maxY)) continue;
        const dd = flatMeters(lat, lon, y, x);
        if ((dd < bestD || (dd === bestD && best >= 0 && p < best)) && (reach === undefined || dd <= reach[PLACE_TYPES[places[p].type]])) {
            bestD = dd;
            best = p;
        }
    }
    return best;
}

/** A boundary's names in NameSet form. */
function areaNames(tags: Record<string, string>): NameSet {
    const names: Record<string, string> = {};
    for (const k in tags) {
        if (k.startsWith('name:') && /^[a-z]{2,3}$/.test(k.slice(5))) names[k.slice(5).toUpperCase()] = tags[k];
    }
    return {name: tags.name ?? '', names, alt: tags.alt_name ? tags.alt_name.split(';') : []};
}
