// Transparent huge pages for a region's sections. A country's bundle is gigabytes read into memory
// and a query reads it at random: with 4 KiB pages nearly every read of a road, hierarchy or index
// array misses the TLB (a 5×5 car table on the 15.4M-node synthetic country: 1.6 ms; with 2 MiB
// pages 0.33 ms, as in Brussels; bench/RESULTS.md). glibc 2.35 and later asks the kernel for huge
// pages on the memory it maps for big blocks, and Node allocates ArrayBuffers with malloc, when the
// process starts with GLIBC_TUNABLES=glibc.malloc.hugetlb=1. Only the environment a process starts
// with counts, so whatever starts one (npm start, the build, the benches) passes it on.

export const HUGE_PAGES_TUNABLE = 'glibc.malloc.hugetlb=1';

/**
 * The environment with GLIBC_TUNABLES asking for huge pages, the other tunables kept; as it is when
 * it says already what it wants of them (glibc.malloc.hugetlb=0 keeps them off).
 */
export function withHugePages(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
    const tunables = env.GLIBC_TUNABLES ?? '';
    if (/(^|:)glibc\.malloc\.hugetlb=/.test(tunables)) return {...env};
    return {...env, GLIBC_TUNABLES: tunables === '' ? HUGE_PAGES_TUNABLE : `${tunables}:${HUGE_PAGES_TUNABLE}`};
}

/** Whether the environment asks glibc for huge pages (hugetlb=1 transparent, 2 reserved). */
export function hugePagesAsked(env: NodeJS.ProcessEnv = process.env): boolean {
    return /(^|:)glibc\.malloc\.hugetlb=[12](:|$)/.test(env.GLIBC_TUNABLES ?? '');
}
