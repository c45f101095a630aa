// Shared by the contraction hierarchy benches: a road graph straight from a .osm.pbf (the two
// passes of a region build, without the rest), a seeded PRNG and percentiles.
import {contract} from '../packages/engine/dist/src/ch/contract.js';
import {RoadGraphBuilder} from '../packages/engine/dist/src/graph/builder.js';
import {RoadGraph} from '../packages/engine/dist/src/graph/road-graph.js';
import {readOsmPbf} from '../packages/engine/dist/src/osm/pbf.js';
import {NodeStore} from '../packages/engine/dist/src/region/node-store.js';

/** restrictions: read the turn restrictions; splitModes: see RoadGraphBuilder. */
export function loadRoadGraph(file, {restrictions = true, splitModes = 0} = {}) {
    const store = new NodeStore();
    const builder = new RoadGraphBuilder(store, splitModes);
    if (restrictions) readOsmPbf(file, {relation: (r) => builder.addRelation?.(r)});
    readOsmPbf(file, {way: (w) => builder.addWay(w)});
    store.seal();
    readOsmPbf(file, {node: (n) => {
        store.visit(n);
        builder.addNode(n);
    }});
    const {section} = builder.build();
    return RoadGraph.from(section.buffer, section.byteOffset, section.byteLength);
}

export function mulberry32(seed) {
    return () => {
        seed = (seed + 0x6d2b79f5) | 0;
        let r = Math.imul(seed ^ (seed >>> 15), 1 | seed);
        r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
        return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
    };
}

/** From sorted values. */
export function percentile(sorted, q) {
    return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
}

/**
 * contract() with its wall and CPU time (CPU time is what to compare when the machine is shared),
 * the RSS before it (after a GC when run with --expose-gc) and the highest RSS seen during it
 * (sampled at every 1 % of progress and on return).
 */
export function measuredContract(graph, mode, options = {}) {
    if (globalThis.gc) globalThis.gc();
    const baseRssMB = process.memoryUsage.rss() / 2 ** 20;
    let contractRssMB = baseRssMB;
    const cpu = process.cpuUsage();
    const started = performance.now();
    const bytes = contract(graph, mode, {
        ...options,
        onProgress() {
            contractRssMB = Math.max(contractRssMB, process.memoryUsage.rss() / 2 ** 20);
        }
    });
    const contractSeconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    // Once more with the section encoded (its temporaries may not be collected yet).
    contractRssMB = Math.max(contractRssMB, process.memoryUsage.rss() / 2 ** 20);
    return {bytes, contractSeconds, contractCpuSeconds: (used.user + used.system) / 1e6, baseRssMB, contractRssMB};
}
