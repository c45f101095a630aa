// Node-sized arrays shared by a thread's regions: a thread answers one request at a time, so one set sized for its
// largest road graph serves them all. Module state is per thread (each worker loads its own copy of the module).

/**
 * A function giving arrays for a graph of `nodeCount` nodes: the largest made so far in this thread when they are big
 * enough, else new ones of that size (a region that took the smaller ones keeps them).
 */
export function largestPerThread<T extends {readonly nodeCount: number}>(make: (nodeCount: number) => T): (nodeCount: number) => T {
    let largest: T | null = null;
    return (nodeCount) => {
        if (largest === null || largest.nodeCount < nodeCount) largest = make(nodeCount);
        return largest;
    };
}
