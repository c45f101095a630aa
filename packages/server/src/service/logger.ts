// The server's log, on stderr (where it always was: scripts that wait for "listening" read it
// there): one JSON object per line (pino) for log collectors, or a short readable line per entry
// when stderr is a terminal. Nothing here ever receives a licence key: the access log
// records the path without its query, and no header.
import {Writable} from 'node:stream';
import {pino, type Logger, type DestinationStream} from 'pino';

export type {Logger};

const LEVEL_NAMES: Record<number, string> = {10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL'};
const HIDDEN = new Set(['level', 'time', 'msg', 'pid', 'hostname']);

/** Turns pino's JSON lines into "12:03:04 INFO message key=value ..." for a person at a terminal. */
export function readableStream(out: NodeJS.WritableStream = process.stderr): Writable {
    return new Writable({
        write(chunk: Buffer, _encoding, done) {
            for (const line of chunk.toString('utf8').split('\n')) {
                if (line !== '') out.write(`${readableLine(line)}\n`);
            }
            done();
        }
    });
}

function readableLine(json: string): string {
    let entry: Record<string, unknown>;
    try {
        entry = JSON.parse(json);
    } catch {
        return json;
    }
    const time = new Date(entry.time as number).toISOString().slice(11, 23);
    let line = `${time} ${LEVEL_NAMES[entry.level as number] ?? entry.level} ${entry.msg ?? ''}`;
    for (const [k, v] of Object.entries(entry)) {
        if (!HIDDEN.has(k)) line += ` ${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`;
    }
    return line;
}

export interface LoggerOptions {
    /** trace, debug, info (default), warn, error, fatal or silent (QUARTIER_LOG_LEVEL). */
    level?: string;
    /** Where the lines go; default stderr, readable when it is a terminal. */
    destination?: DestinationStream;
}

export function createLogger(options: LoggerOptions = {}): Logger {
    const destination = options.destination ?? (process.stderr.isTTY ? readableStream() : pino.destination(2));
    return pino({level: options.level ?? 'info', base: {pid: process.pid}}, destination);
}

/** A logger that writes nothing (library use and tests that do not read the log). */
export const silentLogger: Logger = pino({level: 'silent'});
