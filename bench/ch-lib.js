// Shared by the contraction hierarchy benches: a road graph straight from a .osm.pbf (the two
// passes of a region build, without the rest) and a measured contraction (the seeded PRNG and
// percentiles are in lib/stats.js).
import {contract, RoadGraphBuilder, RoadGraph, readOsmPbf, NodeStore} from '@quartier/engine/internal';

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
