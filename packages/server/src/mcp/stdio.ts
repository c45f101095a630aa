// `quartier mcp`: the MCP tools over stdio for an agent on the same machine (Claude Desktop, Cursor,
// VS Code). Regions, bundles, workers and cache as `quartier serve` reads them (flags and
// environment, service/server.ts); no key: the local user reads every served country. Stdout carries
// only MCP messages: everything else, console output included, goes to stderr.
import path from 'node:path';
import {parseArgs} from 'node:util';
import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';
import {Region, loadRegionConfigs} from '@quartier/engine';
import {loadServerConfig} from '../service/server.js';
import {WorkerPool} from '../workers/pool.js';
import {openAnswerCache} from '../cache/answer-cache.js';
import {NeighbourhoodService} from '../enrichment/neighbourhood-service.js';
import {QuartierMcp} from './mcp-server.js';

function log(line: string): void {
    process.stderr.write(`quartier mcp: ${line}\n`);
}

export async function runMcpCommand(argv: string[]): Promise<number> {
    for (const method of ['log', 'info', 'debug', 'warn'] as const) console[method] = console.error;
    let values;
    try {
        ({values} = parseArgs({
            args: argv,
            options: {
                regions: {type: 'string'}, 'regions-file': {type: 'string'}, out: {type: 'string'}, data: {type: 'string'}, workers: {type: 'string'},
                'task-timeout': {type: 'string'}, cache: {type: 'string'}, 'max-enrichments': {type: 'string'}, 'no-warmup': {type: 'boolean'}
            }
        }));
    } catch (err) {
        log((err as Error).message);
        return 1;
    }
    const config = loadServerConfig({...values, 'no-build': true});
    const regions: Region[] = [];
    for (const rc of loadRegionConfigs(config.regions, config.regionsFile)) {
        const dir = path.join(config.buildRoot, rc.country);
        try {
            regions.push(Region.open(dir));
        } catch (err) {
            log(`cannot open the ${rc.country} bundle in ${dir} (${(err as Error).message}): build it with \`npx quartier build-region ${rc.country}\`, or give --out`);
            return 1;
        }
    }
    const pool = new WorkerPool(regions, {size: config.workers, timeoutMs: config.taskTimeoutMs, warm: config.warmup});
    const cache = openAnswerCache(config.cacheDir, {maxEntries: config.cacheMaxEntries, log});
    const service = new NeighbourhoodService({pool, cache, maxEnrichments: config.maxEnrichments});
    const mcp = new QuartierMcp({regions: new Map(regions.map((r) => [r.country.code, r])), service, pool});
    const server = mcp.server(() => true);
    const stopped = new Promise<void>((resolve) => {
        process.stdin.once('end', resolve);
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
    });
    await server.connect(new StdioServerTransport());
    log(`ready (regions: ${regions.map((r) => r.country.code).join(', ')}; ${pool.size} workers)`);
    await stopped;
    await server.close();
    await pool.close();
    await cache?.close();
    return 0;
}
