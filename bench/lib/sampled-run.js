// A build (or update) of a region run in a child process whose /proc figures are sampled every 250 ms: per stage
// (from the progress lines on its stderr), the seconds, the CPU seconds (user + system, with the children it
// waited for: osmium under update-region; about what a quiet machine's wall time would be, the build being one
// thread but for V8's garbage-collector helpers) and the highest RSS; the process peak is its VmHWM.
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';

/** VmRSS and VmHWM of a process in MB (0 once it is gone). */
function memoryMB(pid) {
    try {
        const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
        const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
        return {rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024};
    } catch {
        return {rss: 0, hwm: 0};
    }
}

/** CPU seconds (user + system, its own and its waited-for children's) a process has used so far (0 once it is gone). */
const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], {encoding: 'utf8'}).stdout.trim()) || 100;
function cpuSeconds(pid) {
    try {
        // Fields after the command name (in parentheses, which may hold spaces): utime, stime, cutime, cstime are the 12th to 15th.
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
    } catch {
        return 0;
    }
}

/** The stage a progress line names, without file names and zoom levels. */
function stageOf(line) {
    const m = /^(?:build|update) \w+: (.*?) \d+%/.exec(line);
    if (!m) return null;
    return m[1].replace(/^(relations|ways|nodes) .*/, 'read OSM: $1').replace(/^vector tiles.*/, 'vector tiles').replace(/^transit: .*/, 'transit')
        .replace(/^applying .*/, 'osmium apply-changes').replace(/^changes applied .*/, 'hash the inputs');
}

/**
 * Runs `node args…` (env as given) and samples it; its stderr lines are echoed with the time. Stages of the same name
 * (read OSM per file) are summed. Throws when it fails.
 */
export async function runSampled(args, env) {
    const child = spawn(process.execPath, args, {stdio: ['ignore', 'inherit', 'pipe'], env});
    const started = performance.now();
    const stages = [];
    let current = null, hwm = 0, cpu = 0;
    const enter = (name) => {
        const now = (performance.now() - started) / 1000;
        if (current) {
            current.seconds = now - current.start;
            current.cpuSeconds = cpu - current.cpuStart;
        }
        current = {stage: name, start: now, seconds: 0, cpuStart: cpu, cpuSeconds: 0, peakRssMB: 0};
        stages.push(current);
    };
    enter('start');
    const sample = () => {
        const m = memoryMB(child.pid);
        cpu = Math.max(cpu, cpuSeconds(child.pid));
        if (m.hwm > hwm) hwm = m.hwm;
        if (current && m.rss > current.peakRssMB) current.peakRssMB = m.rss;
    };
    const timer = setInterval(sample, 250);
    let buffer = '';
    child.stderr.on('data', (d) => {
        buffer += d;
        let i;
        while ((i = buffer.indexOf('\n')) >= 0) {
            const line = buffer.slice(0, i);
            buffer = buffer.slice(i + 1);
            process.stderr.write(`${((performance.now() - started) / 1000).toFixed(1)} s  ${line}\n`);
            const stage = stageOf(line);
            if (stage && stage !== current.stage) {
                sample();
                enter(stage);
            }
        }
    });
    const code = await new Promise((resolve) => child.on('exit', resolve));
    clearInterval(timer);
    enter('end');
    stages.pop();
    if (code !== 0) throw new Error(`${args.join(' ')} failed (exit ${code})`);
    const merged = [];
    for (const s of stages) {
        const same = merged.find((m) => m.stage === s.stage);
        if (same) {
            same.seconds += s.seconds;
            same.cpuSeconds += s.cpuSeconds;
            same.peakRssMB = Math.max(same.peakRssMB, s.peakRssMB);
        } else merged.push({stage: s.stage, seconds: s.seconds, cpuSeconds: s.cpuSeconds, peakRssMB: s.peakRssMB});
    }
    return {seconds: (performance.now() - started) / 1000, cpuSeconds: cpu, peakRssMB: hwm, stages: merged};
}
