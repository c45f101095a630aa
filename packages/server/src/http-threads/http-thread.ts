// An HTTP thread (http-threads.ts starts them): it accepts connections on the server's port beside the other HTTP
// threads, answers GET /route for the road modes itself, through the same request steps and route lane as the main
// thread (route-lane.ts: key, country, CORS, observer), its route computed here with no hop to another thread, and
// the region-only endpoints with an app of theirs made as the main thread's is (http/region-app.ts); it hands every
// other request to the main thread as it came (relay.ts). Its requests' metrics and access-log lines
// go to the main thread in batches.
import {workerData} from 'node:worker_threads';
import {Region} from '@quartier/engine';
import {countryResolver} from '../http/country.js';
import {KeyStore} from '../http/keys.js';
import {routeLane, type Lane} from '../http/route-lane.js';
import {regionApp, routesRequest} from '../http/region-app.js';
import type {Express} from 'express';
import {requestSteps} from '../http/request-steps.js';
import {apiServer} from '../http/api-server.js';
import {TRANSIT, TaskRunner, type Task} from '../workers/tasks.js';
import {normalizeQuery, parseTravelMode, taskMode} from '../http/params.js';
import {engineFailed, taskAnswer, taskErrorOf} from '../workers/task-error.js';
import type {WorkerPool} from '../workers/pool.js';
import type {Metrics} from '../service/metrics.js';
import type {Logger} from '../service/logger.js';
import {relayRequest} from './relay.js';
import {GracefulClose} from '../service/graceful-close.js';
import {RequestBatch} from './request-batch.js';
import type {RosterRegion} from '../workers/region-roster.js';
import type {HttpThreadCommand, HttpThreadData, HttpThreadReport} from './http-threads.js';
import {collectedHere} from '../workers/collect-garbage.js';

const data = workerData as HttpThreadData;
const control = data.control;

/** How long the regions a swap left out are left to V8's own collections while requests come, at most (then one is forced). */
const COLLECT_AFTER_MS = 20_000;

/**
 * Public transport's routes search for milliseconds and more: the main thread hands them to the routing threads, with
 * their time limit. A travel mode that is not valid is the lane's to answer (400).
 */
const roadModeOnly = (rawQuery: Record<string, unknown>) => {
    try {
        return taskMode(parseTravelMode(normalizeQuery(rawQuery))) !== TRANSIT;
    } catch {
        return true;
    }
};

const batch = new RequestBatch(control);
const keys = KeyStore.fromShared(data.keys);
const country = countryResolver(data.defaultCountry);

/** The regions taken in, by the main thread's id: one a swap leaves in place keeps what this thread made of it. */
let held = new Map<number, Region>();

/** What answers here over a set of regions: GET /route's lane, the region-only endpoints' app. */
interface Answerers {
    route: Lane;
    app: Express;
}

/** The answerers over a set of regions (the main thread's current one: it posts each set swapped in). */
function answerersOver(entries: RosterRegion[]): Answerers {
    const fresh: Region[] = [];
    held = new Map(entries.map((e) => {
        let region = held.get(e.id);
        if (!region) fresh.push(region = Region.fromBuffers(e.manifest, e.buffers));
        return [e.id, region];
    }));
    const regions = [...held.values()];
    const runner = new TaskRunner(regions);
    // What a first request would make on the regions new here (TaskRunner.prepare), made now.
    if (fresh.length > 0) new TaskRunner(fresh).prepare();
    // The routing pool's run(), on this thread: the route lane's only use of it.
    const pool = {
        run: async (task: Task): Promise<unknown> => {
            const begun = performance.now();
            let answer: unknown;
            try {
                answer = runner.run(task);
            } catch (err) {
                // An engine bug, as a routing thread's is answered (worker-threads.ts).
                batch.task(task.type, 'failed', (performance.now() - begun) / 1000);
                process.stderr.write(`task failed: ${(err as Error).message}\n`);
                throw engineFailed();
            }
            batch.task(task.type, taskErrorOf(answer) ? 'error' : 'ok', (performance.now() - begun) / 1000);
            return taskAnswer(answer);
        }
    } as unknown as WorkerPool;
    const steps = requestSteps({
        observer: {metrics: batch as unknown as Metrics, accessLog: data.accessLog ? batch as unknown as Logger : null},
        country,
        keys,
        served: new Map(regions.map((r) => [r.country.code, r])),
        pool
    });
    return {route: routeLane(steps, roadModeOnly), app: regionApp(steps, regions, data.trustedProxies)};
}

let answerers = answerersOver(data.regions);

/** Requests begun: a thread that has seen none for a while is quiet (collectedHere). Those it answers itself finish in the job they begin in. */
let requestsSeen = 0;

/** Tells the main thread once the regions a set left out are collected here (while requests come, by V8's own collections). */
function reportLetGo(serial: number, letGo: WeakRef<Region>[]): void {
    const report = () => control.postMessage({letGo: {serial, regions: letGo.length}} satisfies HttpThreadReport);
    if (letGo.length === 0) report();
    else void collectedHere(letGo, () => ({running: 0, seen: requestsSeen}), COLLECT_AFTER_MS).then(report);
}

const server = apiServer((req, res) => {
    requestsSeen++;
    if (data.answerRoutes && answerers.route(req, res)) return;
    if (routesRequest(answerers.app, req.method, req.url)) answerers.app(req, res);
    else relayRequest(control, req, res);
});
// A client that half-closes after its request (an HTTP/1.0 one may) still gets its answer, which a relayed request
// has only later: node:http would drop the request at the client's end (the main thread answers many at once).
(server as unknown as {httpAllowHalfOpen: boolean}).httpAllowHalfOpen = true;
const graceful = new GracefulClose(server);

control.on('message', (m: HttpThreadCommand) => {
    if ('regions' in m) {
        // The regions held and not in the set, held weakly from now on.
        const ids = new Set(m.regions.map((e) => e.id));
        const letGo = [...held].filter(([id]) => !ids.has(id)).map(([, region]) => new WeakRef(region));
        answerers = answerersOver(m.regions);
        reportLetGo(m.serial, letGo);
    }
    else if ('close' in m) {
        void graceful.close(m.close).then((cut) => {
            batch.flush();
            control.postMessage({closed: {cut}} satisfies HttpThreadReport);
        });
    } else graceful.cut();
});

server.listen({port: data.port, host: data.host, reusePort: true} as Parameters<typeof server.listen>[0], () => {
    const address = server.address();
    control.postMessage({listening: {port: typeof address === 'object' && address ? address.port : data.port}} satisfies HttpThreadReport);
});
