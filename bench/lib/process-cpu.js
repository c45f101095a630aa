// A running process's CPU seconds from /proc (Linux): a figure the machine's other load moves far less
// than wall-clock time, for our server and for another one (OSRM) beside it.
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';

const ticks = fs.existsSync('/proc/self/stat') ? Number(execFileSync('getconf', ['CLK_TCK']).toString()) : 0;

/** CPU seconds so far of a process's main thread (or of the whole process), or NaN where /proc is missing. */
export function cpuSeconds(pid, wholeProcess = false) {
    if (!ticks || !pid) return NaN;
    const fields = fs.readFileSync(wholeProcess ? `/proc/${pid}/stat` : `/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticks;
}
