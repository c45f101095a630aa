// What the worker threads do: tasks in, plain JSON-able answers out, or for /route and /isochrone the
// answer's JSON as bytes (json-answer.ts). The same functions run in the main thread when the pool is
// disabled (tests of the functions themselves).
import {Region, RouteError, TransitError, formatEnrichment, type NeighbourhoodFinder, type RegionBuffers, type RegionManifest, type TransitRoute} from '@quartier/engine';
import {regionSections, round6} from '@quartier/engine/internal';
import {matrixPart, type MatrixTask} from './matrix-task.js';
import {jsonBytes, JsonWriter} from './json-answer.js';

/** Mode code in tasks: 0 car, 1 foot, 2 bike (the road modes), 3 public transport. */
export const TRANSIT = 3;

export interface RouteTask {
    type: 'route';
    country: string;
    mode: number;
    fromLat: number;
    fromLon: number;
    toLat: number;
    toLon: number;
    language: string;
}

export interface IsochroneTask {
    type: 'isochrone';
    country: string;
    /** 0 car, 1 foot, 2 bike, 3 transit */
    mode: number;
    lat: number;
    lon: number;
    /** Seconds, one area per limit, in this order. */
    limits: number[];
    /** The answer (JSON bytes): with labels, [{label, iso}] per limit (GetMultipleTimes); without, the first area alone. */
    labels?: string[];
}

/** What lies around a position (the summaries, the text, the scores), language-independent. */
export interface NeighbourhoodTask {
    type: 'neighbourhood' | 'enrichment';
    country: string;
    lat: number;
    lon: number;
}

/**
 * Enrichment documents for many positions at once (bulk scoring): fewer messages between threads
 * than one task per listing, and the formatting done on the workers.
 */
export interface EnrichmentBatchTask {
    type: 'enrichment-batch';
    country: string;
    language: string;
    /** lat, lon, lat, lon, … (positions already checked against the country and the covered area) */
    positions: number[];
}

/** Per position, the document as JSON text, or null and the reason in `errors`. */
export interface EnrichmentBatchResult {
    documents: (string | null)[];
    errors: (string | null)[];
}

/** Answers at once: the pool's proof that a worker started (WorkerPool). */
export interface PingTask {
    type: 'ping';
}

export type Task = RouteTask | IsochroneTask | MatrixTask | NeighbourhoodTask | EnrichmentBatchTask | PingTask;

export interface TaskError {
    error: {status: number; message: string};
}

export interface RegionHandle {
    manifest: RegionManifest;
    buffers: RegionBuffers;
}

export class TaskRunner {
    private readonly regions = new Map<string, Region>();
    /** The road route's answer, written in place (one request at a time per thread). */
    private readonly writer = new JsonWriter();

    constructor(handles: RegionHandle[] | Region[]) {
        for (const h of handles) {
            const region = h instanceof Region ? h : Region.fromBuffers(h.manifest, h.buffers);
            this.regions.set(region.country.code, region);
        }
    }

    /**
     * Runs one neighbourhood search per region, so that the first requests do not pay for
     * compiling the hot code and filling the routers' scratch arrays (about 0.5 s otherwise).
     */
    warm(): void {
        for (const region of this.regions.values()) {
            const P = regionSections(region).pois;
            if (P.count === 0) continue;
            const i = P.count >> 1;
            for (const type of ['neighbourhood', 'enrichment'] as const) {
                const answer = this.run({type, country: region.country.code, lat: P.lat[i], lon: P.lon[i]});
                void answer;
            }
        }
    }

    run(task: Task): unknown {
        switch (task.type) {
            case 'route':
                return this.route(task);
            case 'isochrone':
                return this.isochrone(task);
            case 'matrix': {
                const region = this.regions.get(task.country);
                if (!region) return {error: {status: 404, message: `Country ${task.country} is not served.`}} satisfies TaskError;
                return matrixPart(region, task);
            }
            case 'neighbourhood':
            case 'enrichment': {
                const finder = this.finder(task.country);
                if (!finder) return {error: {status: 404, message: `Country ${task.country} is not served.`}} satisfies TaskError;
                return task.type === 'neighbourhood' ? finder.find(task.lat, task.lon) : finder.enrich(task.lat, task.lon);
            }
            case 'enrichment-batch':
                return this.enrichmentBatch(task);
            case 'ping':
                return 'pong';
            default:
                return {error: {status: 400, message: `Unknown task type '${(task as {type?: unknown}).type}'.`}} satisfies TaskError;
        }
    }

    private finder(country: string): NeighbourhoodFinder | null {
        return this.regions.get(country)?.neighbourhood ?? null;
    }

    private enrichmentBatch(task: EnrichmentBatchTask): EnrichmentBatchResult | TaskError {
        const finder = this.finder(task.country);
        if (!finder) return {error: {status: 404, message: `Country ${task.country} is not served.`}};
        const n = task.positions.length >> 1;
        const result: EnrichmentBatchResult = {documents: new Array(n).fill(null), errors: new Array(n).fill(null)};
        for (let i = 0; i < n; i++) {
            try {
                const data = finder.enrich(task.positions[2 * i], task.positions[2 * i + 1]);
                result.documents[i] = JSON.stringify(formatEnrichment(data, task.language));
            } catch (err) {
                // One listing the engine cannot score must not cost the others theirs.
                result.errors[i] = `The enrichment failed at this position: ${(err as Error).message}`;
            }
        }
        return result;
    }

    private isochrone(task: IsochroneTask): Uint8Array | TaskError {
        const areas = this.isochroneAreas(task);
        if (!Array.isArray(areas)) return areas;
        const labels = task.labels;
        return jsonBytes(JSON.stringify(labels ? areas.map((iso, i) => ({label: labels[i], iso})) : areas[0]));
    }

    private isochroneAreas(task: IsochroneTask): unknown[] | TaskError {
        const region = this.regions.get(task.country);
        if (!region) return {error: {status: 404, message: `Country ${task.country} is not served.`}};
        if (task.mode === TRANSIT) {
            try {
                const found = region.transitIsochrones.compute(task.lat, task.lon, task.limits);
                if (!found) return {error: {status: 400, message: 'The position is too far from any path or street one may walk on.'}} satisfies TaskError;
                return found.areas;
            } catch (err) {
                if (err instanceof TransitError) return {error: {status: 400, message: err.message}} satisfies TaskError;
                throw err;
            }
        }
        const result = region.roadIsochrones.compute(task.mode, task.lat, task.lon, task.limits);
        if (!result) return {error: {status: 400, message: 'The position is too far from any road this mode may use.'}} satisfies TaskError;
        return result.areas;
    }

    /** The answer's JSON bytes (json-answer.ts), or a TaskError. */
    private route(task: RouteTask): Uint8Array | TaskError {
        const region = this.regions.get(task.country);
        if (!region) return {error: {status: 404, message: `Country ${task.country} is not served.`}};
        const started = performance.now();
        if (task.mode === TRANSIT) return this.transitRoute(region, task, started);
        try {
            const r = region.router.route(task.mode, task.fromLat, task.fromLon, task.toLat, task.toLon, task.language);
            const {points} = r;
            // The bbox of the rounded coordinates is the rounded bbox: rounding keeps the order.
            let minLon = Infinity, minLat = Infinity, maxLon = -Infinity, maxLat = -Infinity;
            for (let i = 0; i < points.length; i += 2) {
                const lon = points[i], lat = points[i + 1];
                if (lon < minLon) minLon = lon;
                if (lon > maxLon) maxLon = lon;
                if (lat < minLat) minLat = lat;
                if (lat > maxLat) maxLat = lat;
            }
            // The GraphHopper shape, key by key; the coordinates written digit by digit (JsonWriter).
            const w = this.writer.reset();
            w.raw(`{"paths":[{"distance":${Math.round(r.distance * 1000) / 1000},"weight":${r.time / 1000},"time":${r.time},"transfers":0,"points_encoded":false,"bbox":[`);
            w.degrees(minLon).char(44).degrees(minLat).char(44).degrees(maxLon).char(44).degrees(maxLat);
            w.raw('],"points":{"type":"LineString","coordinates":[');
            for (let i = 0; i < points.length; i += 2) {
                if (i > 0) w.char(44);
                w.position(points[i], points[i + 1]);
            }
            w.raw(`]},"instructions":${JSON.stringify(r.instructions)},"legs":[],"details":{},"ascend":0,"descend":0,"snapped_waypoints":{"type":"LineString","coordinates":[`);
            w.position(r.from.lon, r.from.lat).char(44).position(r.to.lon, r.to.lat);
            w.raw(`]}}],"info":{"copyrights":["quartier","OpenStreetMap contributors"],"took":${Math.round(performance.now() - started)}}}`);
            return w.take();
        } catch (err) {
            if (err instanceof RouteError) return {error: {status: 400, message: err.message}} satisfies TaskError;
            throw err;
        }
    }

    /** A public transport route in the GraphHopper shape, with its legs. */
    private transitRoute(region: Region, task: RouteTask, started: number): Uint8Array | TaskError {
        let r: TransitRoute;
        try {
            r = region.transitRouter.route(task.fromLat, task.fromLon, task.toLat, task.toLon);
        } catch (err) {
            if (err instanceof TransitError) return {error: {status: 400, message: err.message}} satisfies TaskError;
            throw err;
        }
        const line = (points: number[]) => {
            const coordinates: [number, number][] = [];
            for (let i = 0; i < points.length; i += 2) coordinates.push([round6(points[i]), round6(points[i + 1])]);
            return {type: 'LineString', coordinates};
        };
        const geometry = line(r.points);
        const xs = geometry.coordinates.map((c) => c[0]), ys = geometry.coordinates.map((c) => c[1]);
        return jsonBytes(JSON.stringify({
            paths: [{
                distance: Math.round(r.distance * 1000) / 1000,
                weight: r.time / 1000,
                time: r.time,
                transfers: r.transfers,
                points_encoded: false,
                bbox: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
                points: geometry,
                instructions: [],
                legs: r.legs.map((leg) => {
                    const base = {
                        type: leg.type === 'ride' ? 'pt' : leg.type,
                        departure_time: leg.departureTime,
                        arrival_time: leg.arrivalTime,
                        distance: Math.round(leg.distance * 10) / 10,
                        travel_time: leg.time,
                        geometry: line(leg.points)
                    };
                    if (leg.type === 'walk') return base;
                    if (leg.type === 'transfer') return {...base, departure_location: leg.from.name, arrival_location: leg.to.name};
                    return {
                        ...base,
                        route_id: leg.routeId, route_short_name: leg.routeShortName, route_long_name: leg.routeLongName,
                        route_type: leg.routeType, mode: leg.mode, route_color: leg.color, agency: leg.agency,
                        trip_id: leg.tripId, trip_headsign: leg.headsign,
                        departure_location: leg.from.name, arrival_location: leg.to.name,
                        num_stops: leg.stops.length - 1,
                        stops: leg.stops.map((stop) => ({
                            stop_id: stop.id, stop_name: stop.name,
                            geometry: {type: 'Point', coordinates: [round6(stop.lon), round6(stop.lat)]},
                            arrival_time: stop.arrival, departure_time: stop.departure
                        }))
                    };
                }),
                details: {},
                ascend: 0,
                descend: 0,
                snapped_waypoints: {type: 'LineString', coordinates: [[round6(r.from.lon), round6(r.from.lat)], [round6(r.to.lon), round6(r.to.lat)]]}
            }],
            info: {copyrights: ['quartier', 'OpenStreetMap contributors', 'the transit agencies of the region'], took: Math.round(performance.now() - started)}
        }));
    }
}
