// What the worker threads do: tasks in, plain JSON-able answers out, or for /route and /isochrone the
// answer's JSON as bytes (json-answer.ts). The same functions run in the main thread when the pool is
// disabled (tests of the functions themselves).
import {Region, RouteError, TransitError, type NeighbourhoodFinder, type RegionBuffers, type RegionManifest, type TransitRoute, type MultiPolygonGeometry, type PolygonGeometry} from '@quartier/engine';
import {regionSections} from '@quartier/engine/internal';
import {measureMatrixPart, type MatrixTask} from './matrix-task.js';
import {JsonWriter} from '../answers/json-answer.js';
import {transitRouteAnswer, writeRoadRoute} from '../answers/route-answer.js';
import {isochroneAnswer} from '../answers/isochrone-answer.js';
import {enrichmentAnswer} from '../answers/neighbourhood-answer.js';
import {notServed} from '../http/errors.js';
import type {TaskError} from './task-error.js';

/** Mode code in tasks: 0 car, 1 foot, 2 bike (the road modes), 3 public transport. */
export const TRANSIT = 3;
/** Neighbourhood searches a thread runs per region when it starts (warm()). */
const WARM_ENRICHMENTS = 16;

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

/** Search by lifestyle (routes/lifestyle.ts): the area from which every category's nearest place is within `seconds`. */
export interface LifestyleTask {
    type: 'lifestyle';
    country: string;
    /** 0 car, 1 foot, 2 bike, 3 transit */
    mode: number;
    /** POI types of the enrichment categories chosen (1 to 6). */
    categories: {ct: number; st: number}[];
    seconds: number;
    /** [west, south, east, north], already clipped to the region's box. */
    box: [number, number, number, number];
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
 * than one task per listing, and the documents written on the workers (answers/neighbourhood-answer.ts).
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

export type Task = RouteTask | IsochroneTask | LifestyleTask | MatrixTask | NeighbourhoodTask | EnrichmentBatchTask | PingTask;

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
     * Runs a neighbourhood search per region (WARM_ENRICHMENTS on the largest), and an isochrone of each road mode,
     * so that the first requests do not pay for compiling the hot code and filling the routers' scratch arrays
     * (about 0.5 s otherwise): a thread's start. One search left V8 compiling the searches' hot loops during the
     * first hundred requests. What the searches keep (their targets' searches, the places' walks to stops) stays:
     * a thread would keep it from its first requests anyway.
     * A region swapped in later needs only prepare(). Not routes of every mode: the
     * route code compiled on all three at once stays 20% slower on a stream of car routes (bench/route-http.js).
     * `neighbourhoodOnly`: the neighbourhood searches alone (quartier enrich runs nothing else).
     */
    warm(neighbourhoodOnly = false): void {
        // The largest road graph first: its scratch arrays are made first and serve the smaller regions too.
        const largestFirst = [...this.regions.values()].sort((a, b) => regionSections(b).roads.nodeCount - regionSections(a).roads.nodeCount);
        for (const region of largestFirst) {
            const P = regionSections(region).pois;
            if (P.count === 0) continue;
            const i = P.count >> 1;
            const country = region.country.code;
            // Public transport's stop profiles first (else the first listings from each access stop make them).
            if (region.hasTransit) region.transitRouter.prepareWindow();
            for (const type of ['neighbourhood', 'enrichment'] as const) this.run({type, country, lat: P.lat[i], lon: P.lon[i]});
            if (region === largestFirst[0]) this.warmEnrichments(region);
            if (neighbourhoodOnly) continue;
            for (let mode = 0; mode < TRANSIT; mode++) this.run({type: 'isochrone', country, mode, lat: P.lat[i], lon: P.lon[i], limits: [600]});
        }
    }

    /**
     * WARM_ENRICHMENTS enrichment searches spread over the region's places (records are in spatial order: every
     * (count / n)-th, 30 m off it), for the compiler: one region's are enough, the code is the same for all.
     */
    private warmEnrichments(region: Region): void {
        const P = regionSections(region).pois, country = region.country.code;
        for (let k = 0; k < WARM_ENRICHMENTS; k++) {
            const j = Math.floor(P.count * (k + 0.5) / WARM_ENRICHMENTS);
            try {
                this.run({type: 'enrichment', country, lat: P.lat[j] + 0.00027, lon: P.lon[j]});
            } catch {
                // A place off the network warms nothing; the others do.
            }
        }
    }

    /**
     * What a first request on each region would build, without the searches of warm(): for a thread whose code is
     * already compiled (it served before) taking in a region swapped in. The routers, isochrones, geocoder and
     * neighbourhood finder over the new sections (the thread's node-sized scratch arrays grown if need be), public
     * transport's departure window, and one neighbourhood search (the finder's own lazy parts): a few milliseconds
     * per region, where warm()'s isochrones take tens.
     */
    prepare(): void {
        for (const region of this.regions.values()) {
            void region.router;
            void region.roadIsochrones;
            void region.lifestyleAreas;
            void region.geocoder;
            if (region.hasTransit) {
                region.transitRouter.prepareWindow();
                void region.transitIsochrones;
            }
            const P = regionSections(region).pois, finder = region.neighbourhood;
            if (P.count > 0) finder.find(P.lat[P.count >> 1], P.lon[P.count >> 1]);
        }
    }

    /** Per country, the per-thread parts its Region has made (Region.threadParts). */
    threadParts(): Record<string, string[]> {
        const parts: Record<string, string[]> = {};
        for (const [country, region] of this.regions) parts[country] = region.threadParts;
        return parts;
    }

    run(task: Task): unknown {
        switch (task.type) {
            case 'route':
                return this.route(task);
            case 'isochrone':
                return this.isochrone(task);
            case 'lifestyle':
                return this.lifestyle(task);
            case 'matrix': {
                const region = this.regions.get(task.country);
                if (!region) return {error: {status: 404, message: notServed(task.country)}} satisfies TaskError;
                return measureMatrixPart(region, task);
            }
            case 'neighbourhood':
            case 'enrichment': {
                const finder = this.finder(task.country);
                if (!finder) return {error: {status: 404, message: notServed(task.country)}} satisfies TaskError;
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
        if (!finder) return {error: {status: 404, message: notServed(task.country)}};
        const n = task.positions.length >> 1;
        const result: EnrichmentBatchResult = {documents: new Array(n).fill(null), errors: new Array(n).fill(null)};
        for (let i = 0; i < n; i++) {
            try {
                const data = finder.enrich(task.positions[2 * i], task.positions[2 * i + 1]);
                result.documents[i] = JSON.stringify(enrichmentAnswer(data, task.language));
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
        return isochroneAnswer(areas, task.labels);
    }

    private isochroneAreas(task: IsochroneTask): (PolygonGeometry | MultiPolygonGeometry)[] | TaskError {
        const region = this.regions.get(task.country);
        if (!region) return {error: {status: 404, message: notServed(task.country)}};
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

    /** The lifestyle area's JSON bytes; a 400 by public transport in a region without a timetable. */
    private lifestyle(task: LifestyleTask): Uint8Array | TaskError {
        const region = this.regions.get(task.country);
        if (!region) return {error: {status: 404, message: notServed(task.country)}};
        try {
            return isochroneAnswer([region.lifestyleAreas.compute(task.mode, task.categories, task.seconds, task.box).area], undefined);
        } catch (err) {
            if (err instanceof TransitError) return {error: {status: 400, message: err.message}} satisfies TaskError;
            throw err;
        }
    }

    /** The answer's JSON bytes (json-answer.ts), or a TaskError. */
    private route(task: RouteTask): Uint8Array | TaskError {
        const region = this.regions.get(task.country);
        if (!region) return {error: {status: 404, message: notServed(task.country)}};
        const started = performance.now();
        if (task.mode === TRANSIT) return this.transitRoute(region, task, started);
        try {
            const r = region.router.route(task.mode, task.fromLat, task.fromLon, task.toLat, task.toLon, task.language);
            return writeRoadRoute(this.writer, r, started);
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
        return transitRouteAnswer(r, started, this.writer);
    }
}
