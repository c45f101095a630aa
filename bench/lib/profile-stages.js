// V8 CPU profiles (node --cpu-prof) read as time per stage. A sample goes to the first outer stage that names a frame
// anywhere on its stack (everything a warm-up or a search calls is that warm-up's or that search's), else to the
// innermost frame that names an inner one. Shared by the benches that say where the time goes (route-profile.js:
// the main thread per /route request; bulk.js --stages: every thread per listing).
import fs from 'node:fs';
import path from 'node:path';

/**
 * A stage: its name, whether a frame (function name, script URL) belongs to it, and whether it is outer (it
 * takes every sample with one of its frames on the stack). Stages are tried in the list's order.
 * @typedef {[string, (functionName: string, url: string) => boolean, {outer?: boolean}?]} Stage
 */

/** Per stage (and 'other'), the profile's time in µs. */
export function stageTimes(profile, stages) {
    const parent = new Map(), frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const outer = stages.filter(([, , o]) => o?.outer), inner = stages.filter(([, , o]) => !o?.outer);
    const totals = new Map(stages.map(([name]) => [name, 0]));
    totals.set('other', 0);
    const stageOf = new Map();
    for (let i = 0; i < profile.samples.length; i++) {
        const leaf = profile.samples[i];
        let stage = stageOf.get(leaf);
        if (stage === undefined) {
            const stack = [];
            for (let id = leaf; id !== undefined; id = parent.get(id)) stack.push(frames.get(id));
            stage = outer.find(([, names]) => stack.some((f) => names(f.functionName, f.url)))?.[0] ?? innermost(stack, inner) ?? 'other';
            stageOf.set(leaf, stage);
        }
        totals.set(stage, totals.get(stage) + (profile.timeDeltas[i] ?? 0));
    }
    return totals;
}

/** The stage of the innermost frame of `stack` that one of `stages` names. */
function innermost(stack, stages) {
    for (const {functionName, url} of stack) {
        const found = stages.find(([, names]) => names(functionName, url));
        if (found) return found[0];
    }
    return undefined;
}

/**
 * The profiles a process wrote into `dir` as it exited, one per thread ({thread, profile}: the main thread's is thread
 * 0, written last), parsed.
 */
export async function readProfiles(dir) {
    const names = () => fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
    const threadOf = (name) => Number(/\.(\d+)\.\d+\.cpuprofile$/.exec(name)?.[1] ?? -1);
    for (let tries = 0; tries < 100 && !names().some((name) => threadOf(name) === 0); tries++) await new Promise((resolve) => setTimeout(resolve, 200));
    if (!names().some((name) => threadOf(name) === 0)) throw new Error(`no main-thread CPU profile in ${dir}`);
    // The main thread's may still be being written: wait a little before parsing.
    await new Promise((resolve) => setTimeout(resolve, 500));
    return names().sort().map((name) => ({thread: threadOf(name), profile: JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'))}));
}
