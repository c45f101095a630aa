// What the worker threads do: tasks in, plain JSON-able answers out. The same functions run in
// the main thread when the pool is disabled (tests of the functions themselves).
import {Region, RoadIsochrones, RouteError, type RegionBuffers, type RegionManifest} from '@quartier/engine';

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
    /** 0 car, 1 foot, 2 bike */
    mode: number;
    lat: number;
    lon: number;
    /** Seconds, one area per limit, in this order. */
    limits: number[];
}

/** A test-only task that runs for `ms` milliseconds (to exercise time limits and crashes). */
export interface SleepTask {
    type: 'sleep';
    ms: number;
    crash?: boolean;
}

export type Task = RouteTask | IsochroneTask | SleepTask;

export interface TaskError {
    error: {status: number; message: string};
}

export interface RegionHandle {
    manifest: RegionManifest;
    buffers: RegionBuffers;
}

export class TaskRunner {
    private readonly regions = new Map<string, Region>();
    private readonly isochrones = new Map<string, RoadIsochrones>();

    constructor(handles: RegionHandle[] | Region[]) {
        for (const h of handles) {
            const region = h instanceof Region ? h : Region.fromBuffers(h.manifest, h.buffers);
            this.regions.set(region.country.code, region);
        }
    }

    run(task: Task): unknown {
        switch (task.type) {
            case 'route':
                return this.route(task);
            case 'isochrone':
                return this.isochrone(task);
            case 'sleep': {
                if (task.crash) process.exit(1);
                const until = Date.now() + task.ms;
                while (Date.now() < until) { /* busy on purpose: a runaway task */ }
                return {slept: task.ms};
            }
        }
    }

    private isochrone(task: IsochroneTask): unknown {
        const region = this.regions.get(task.country);
        if (!region) return {error: {status: 404, message: `Country ${task.country} is not served.`}};
        let iso = this.isochrones.get(task.country);
        if (!iso) this.isochrones.set(task.country, iso = new RoadIsochrones(region.roads, region.router.snapper));
        const result = iso.compute(task.mode, task.lat, task.lon, task.limits);
        if (!result) return {error: {status: 400, message: 'The position is too far from any road this mode may use.'}} satisfies TaskError;
        return result.areas;
    }

    private route(task: RouteTask): unknown {
        const region = this.regions.get(task.country);
        if (!region) return {error: {status: 404, message: `Country ${task.country} is not served.`}};
        const started = performance.now();
        try {
            const r = region.router.route(task.mode, task.fromLat, task.fromLon, task.toLat, task.toLon, task.language);
            const coordinates: [number, number][] = [];
            let minLon = Infinity, minLat = Infinity, maxLon = -Infinity, maxLat = -Infinity;
            for (let i = 0; i < r.points.length; i += 2) {
                const lon = round6(r.points[i]), lat = round6(r.points[i + 1]);
                coordinates.push([lon, lat]);
                if (lon < minLon) minLon = lon;
                if (lon > maxLon) maxLon = lon;
                if (lat < minLat) minLat = lat;
                if (lat > maxLat) maxLat = lat;
            }
            return {
                paths: [{
                    distance: Math.round(r.distance * 1000) / 1000,
                    weight: r.time / 1000,
                    time: r.time,
                    transfers: 0,
                    points_encoded: false,
                    bbox: [minLon, minLat, maxLon, maxLat],
                    points: {type: 'LineString', coordinates},
                    instructions: r.instructions,
                    legs: [],
                    details: {},
                    ascend: 0,
                    descend: 0,
                    snapped_waypoints: {type: 'LineString', coordinates: [[round6(r.from.lon), round6(r.from.lat)], [round6(r.to.lon), round6(r.to.lat)]]}
                }],
                info: {copyrights: ['quartier', 'OpenStreetMap contributors'], took: Math.round(performance.now() - started)}
            };
        } catch (err) {
            if (err instanceof RouteError) return {error: {status: 400, message: err.message}} satisfies TaskError;
            throw err;
        }
    }
}

function round6(x: number): number {
    return Math.round(x * 1e6) / 1e6;
}
