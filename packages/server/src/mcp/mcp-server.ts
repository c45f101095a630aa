// quartier's MCP server: the SDK's low-level Server with our tools/list and tools/call handlers, so
// that every call, bad input included, answers the envelope (the SDK's own schema check would answer
// bad arguments with its own text). The same tools over HTTP (mcp-route.ts) and stdio (stdio.ts).
import fs from 'node:fs';
import {Server} from '@modelcontextprotocol/sdk/server/index.js';
import {CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {Counter, type Registry} from 'prom-client';
import {answerResult, errorResult, toolError} from './envelope.js';
import {toolDefinitions, type ToolDefinition, type ToolSources} from './tools.js';

const VERSION = (JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {version: string}).version;

/** How a tool call ended, for the metrics: ok, bad_request, forbidden, ..., internal_error. */
export type CallCounter = (tool: string, outcome: string) => void;

const counters = new WeakMap<Registry, Counter<'tool' | 'outcome'>>();

/** Counts tool calls in a metrics registry (quartier_mcp_tool_calls_total{tool, outcome}). */
export function toolCallCounter(registry: Registry): CallCounter {
    let counter = counters.get(registry);
    if (!counter) {
        counter = new Counter({name: 'quartier_mcp_tool_calls_total', help: 'MCP tool calls, by tool and outcome (ok, or the error type).', labelNames: ['tool', 'outcome'], registers: [registry]});
        counters.set(registry, counter);
    }
    const c = counter;
    return (tool, outcome) => c.inc({tool, outcome});
}

export class QuartierMcp {
    private readonly definitions: ToolDefinition[];
    private readonly byName: Map<string, ToolDefinition>;
    readonly instructions: string;

    constructor(private readonly sources: ToolSources, private readonly count: CallCounter = () => {}) {
        const served = [...sources.regions.keys()];
        this.definitions = toolDefinitions(served);
        this.byName = new Map(this.definitions.map((d) => [d.tool.name, d]));
        // region.label reads "BE: Brussels-Capital Region".
        const areas = [...sources.regions.values()].map((r) => `${r.label} (languages ${r.country.languages.join(', ')})`);
        this.instructions = `quartier answers what is around a position from OpenStreetMap and timetable data: schools, nurseries, supermarkets, public transport, `
            + `train stations, motorway accesses, and a neighbourhood description. This server covers: ${areas.join('; ')}. Pass the position's country `
            + `code and a language the country serves. Distances are network distances in metres, each with the mode it was measured with `
            + `(walking, cycling, driving, transit), not straight lines. Use quartier_compare_locations to set 2 to 5 listings side by side.`;
    }

    /** A new SDK server (one per HTTP request, or the stdio session); `allows`: the countries the caller's key covers. */
    server(allows: (country: string) => boolean): Server {
        const server = new Server({name: 'quartier', title: 'quartier neighbourhood intelligence', version: VERSION},
            {capabilities: {tools: {}}, instructions: this.instructions});
        server.setRequestHandler(ListToolsRequestSchema, () => ({tools: this.definitions.map((d) => d.tool)}));
        server.setRequestHandler(CallToolRequestSchema, (request) => this.call(request.params.name, request.params.arguments, allows));
        return server;
    }

    /** One tool call: the envelope, or the error envelope; an unknown tool is a protocol error (MCP: -32602). */
    async call(name: string, args: unknown, allows: (country: string) => boolean): Promise<CallToolResult> {
        const definition = this.byName.get(name);
        if (!definition) throw new McpError(ErrorCode.InvalidParams, `Unknown tool '${name.slice(0, 60)}': use one of ${[...this.byName.keys()].join(', ')}.`);
        let meta = {country: null as string | null, language: null as string | null};
        try {
            const call = definition.read(args, this.sources, allows);
            meta = {country: call.place.country, language: call.place.language};
            const answer = await call.run();
            this.count(name, 'ok');
            return answerResult(answer, meta);
        } catch (err) {
            const error = toolError(err);
            if (error.code >= 500 && !(error.code === 503)) process.stderr.write(`mcp ${name}: ${(err as Error).stack ?? err}\n`);
            this.count(name, error.type);
            return errorResult(error, meta);
        }
    }
}
