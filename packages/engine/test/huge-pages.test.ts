// Huge pages for the sections (util/huge-pages.ts): the environment that asks glibc for them keeps the
// other tunables and an explicit choice, and a process started with it holds its big ArrayBuffers in
// memory the kernel may back with 2 MiB pages (THPeligible in /proc/self/smaps: the mapping was
// advised, whether or not the kernel found free huge pages at that moment).
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import t from 'tap';
import {HUGE_PAGES_TUNABLE, hugePagesAsked, withHugePages} from '../src/internal.js';

t.test('the environment asks for huge pages, keeping the other tunables and an explicit choice', async (t) => {
    t.equal(withHugePages({}).GLIBC_TUNABLES, HUGE_PAGES_TUNABLE);
    t.equal(withHugePages({GLIBC_TUNABLES: 'glibc.malloc.arena_max=2'}).GLIBC_TUNABLES, `glibc.malloc.arena_max=2:${HUGE_PAGES_TUNABLE}`);
    t.equal(withHugePages({GLIBC_TUNABLES: 'glibc.malloc.hugetlb=0'}).GLIBC_TUNABLES, 'glibc.malloc.hugetlb=0', 'hugetlb=0 keeps them off');
    t.equal(withHugePages(withHugePages({})).GLIBC_TUNABLES, HUGE_PAGES_TUNABLE, 'asked once');
    t.same(withHugePages({PATH: '/bin'}).PATH, '/bin', 'the rest of the environment kept');
    t.ok(hugePagesAsked({GLIBC_TUNABLES: `glibc.malloc.arena_max=2:${HUGE_PAGES_TUNABLE}`}));
    t.notOk(hugePagesAsked({GLIBC_TUNABLES: 'glibc.malloc.hugetlb=0'}));
    t.notOk(hugePagesAsked({}));
});

/** The largest mapping (KiB) of a child process that holds a touched 64 MiB Float64Array and that the kernel may back with huge pages. */
function largestEligibleMapping(env: NodeJS.ProcessEnv): number {
    const script = `import fs from 'node:fs';
        const b = new Float64Array(8 << 20);
        for (let i = 0; i < b.length; i += 512) b[i] = i;
        let largest = 0;
        for (const block of fs.readFileSync('/proc/self/smaps', 'utf8').split(/\\n(?=[0-9a-f]+-[0-9a-f]+ )/)) {
            if (/\\nTHPeligible:\\s+1/.test(block)) largest = Math.max(largest, Number(/\\nSize:\\s+(\\d+) kB/.exec(block)[1]));
        }
        console.log(largest + b[512] - 512);`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {encoding: 'utf8', env});
    if (run.status !== 0) throw new Error(run.stderr);
    return Number(run.stdout.trim());
}

const thp = process.platform === 'linux' && fs.existsSync('/sys/kernel/mm/transparent_hugepage/enabled')
    ? /\[(\w+)\]/.exec(fs.readFileSync('/sys/kernel/mm/transparent_hugepage/enabled', 'utf8'))?.[1] : undefined;
const glibc = (process.report.getReport() as {header?: {glibcVersionRuntime?: string}}).header?.glibcVersionRuntime;
const glibcAsks = glibc !== undefined && Number(glibc.split('.')[0]) * 100 + Number(glibc.split('.')[1]) >= 235;

t.test('a process started with it holds its big ArrayBuffers where the kernel may use huge pages', {
    skip: thp === undefined ? 'not Linux, or no transparent huge pages' : thp === 'never' ? 'transparent huge pages are off on this machine'
        : !glibcAsks ? `glibc ${glibc ?? '(none)'}: the tunable needs 2.35` : false
}, async (t) => {
    const {GLIBC_TUNABLES: _, ...without} = process.env;
    t.ok(largestEligibleMapping(withHugePages(without)) >= 65536, 'with the tunable: a mapping of at least 64 MiB');
    if (thp === 'madvise') t.ok(largestEligibleMapping({...without, GLIBC_TUNABLES: 'glibc.malloc.hugetlb=0'}) < 65536, 'without it (THP on advice only): none');
});
