// wrk as the client (https://github.com/wg/wrk, Debian's `wrk` package), a new connection per request
// (Connection: close): the client of issue 29's comparison with OSRM; or over kept-alive connections. Lighter than a Node client on the
// 2-core machine, where the client shares the cores with the server it measures. The paths are taken in
// turn by a Lua script written to a temporary directory beside them.
import {execFile} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';

const run = promisify(execFile);

const SCRIPT = `local paths = {}
for line in io.lines(os.getenv("WRK_PATHS")) do paths[#paths + 1] = line end
local i = 0
if os.getenv("WRK_CLOSE") == "1" then wrk.headers["Connection"] = "close" end
for name, value in string.gmatch(os.getenv("WRK_HEADERS") or "", "([^:\\n]+): ([^\\n]+)") do wrk.headers[name] = value end
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
`;

/** Whether wrk is on the PATH. */
export function hasWrk() {
    return (process.env.PATH ?? '').split(path.delimiter).some((dir) => fs.existsSync(path.join(dir, 'wrk')));
}

/** `connections` connections (2 client threads) for `seconds`, each closed after its request unless `keepAlive`: {count, rps, p50, p99 (ms), failed}. */
export async function wrkRequests(url, paths, {connections, seconds, headers = {}, keepAlive = false}) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
    try {
        fs.writeFileSync(path.join(dir, 'paths.txt'), `${paths.join('\n')}\n`);
        fs.writeFileSync(path.join(dir, 'paths.lua'), SCRIPT);
        const env = {...process.env, WRK_CLOSE: keepAlive ? '0' : '1', WRK_PATHS: path.join(dir, 'paths.txt'), WRK_HEADERS: Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\n')};
        const {stdout} = await run('wrk', ['-t2', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', path.join(dir, 'paths.lua'), url], {env});
        const count = Number(/(\d+) requests in/.exec(stdout)[1]);
        const failed = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0) +
            [...(/Socket errors:(.*)/.exec(stdout)?.[1] ?? '').matchAll(/\d+/g)].reduce((s, m) => s + Number(m[0]), 0);
        return {count, rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)[1]), p50: latencyMs(stdout, '50%'), p99: latencyMs(stdout, '99%'), failed};
    } finally {
        fs.rmSync(dir, {recursive: true, force: true});
    }
}

/** A percentile of wrk's latency distribution, in ms (wrk prints us, ms or s). */
function latencyMs(text, percentile) {
    const [, value, unit] = new RegExp(`${percentile}\\s+([\\d.]+)(us|ms|s)`).exec(text);
    return Number(value) * {us: 1e-3, ms: 1, s: 1e3}[unit];
}
