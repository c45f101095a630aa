// The tools: MCP.md's four (exact names, inputs, facts) and quartier_compare_locations. Each reads
// its arguments (input.ts), then answers from the engine through the same neighbourhood service and
// worker tasks as /summary, /enrichment and /scores, so the facts are those endpoints' figures.
import {neighbourhoodText, type Region} from '@quartier/engine';
import type {Tool} from '@modelcontextprotocol/sdk/types.js';
import type {z} from 'zod';
import {requireCovered} from '../http/position.js';
import {enrichmentAnswer, type EnrichmentDocument} from '../answers/neighbourhood-answer.js';
import type {NeighbourhoodService} from '../enrichment/neighbourhood-service.js';
import type {WorkerPool} from '../workers/pool.js';
import {accessibilityFacts, nearestInEnrichment, nearestInSummary, summaryFacts, type NearestPlace} from './facts.js';
import {nearbyPois} from './nearby.js';
import {comparePositions} from './compare.js';
import {bounded, flatNarrative, placeLine, publicTransportParagraph} from './texts.js';
import {DEFAULT_RADIUS_METERS, DEFAULT_RESULTS, categoryTokens, commonShape, compareShape, jsonSchema, nearbyShape, nearestShape, oneCategory,
    parseArgs, placeOf, type Place} from './input.js';
import {cacheEndpoint, type ToolAnswer} from './envelope.js';

/** What the tools answer from: the served regions, the neighbourhood service, the routing workers. */
export interface ToolSources {
    regions: ReadonlyMap<string, Region>;
    service: NeighbourhoodService;
    pool: WorkerPool | undefined;
}

/** A call's reading of its arguments: where (region, language), and the checked arguments. */
export interface ToolCall {
    place: Place;
    run: () => Promise<ToolAnswer>;
}

export interface ToolDefinition {
    tool: Tool;
    /** Checks the arguments (throws a ToolError) and returns the work to do. */
    read(args: unknown, sources: ToolSources, allows: (country: string) => boolean): ToolCall;
}

const ANNOTATIONS = {readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false};
const DISTANCES = 'Distances are network distances in whole metres, each with the mode of the trip it was measured with (walking, cycling, driving, transit).';
const ENVELOPE = 'Answers one JSON text: {text, facts, warnings, metadata: {country, language, generatedAtUtc}}; on bad input, isError with error: {code, type, message}.';

function define(name: string, title: string, description: string, shape: z.ZodRawShape): Tool {
    return {name, title, description: `${description} ${DISTANCES} ${ENVELOPE}`, inputSchema: jsonSchema(shape), annotations: {title, ...ANNOTATIONS}};
}

/** Reads the shape's arguments and the common ones (country, language, a covered position). */
function located<T extends z.ZodRawShape>(shape: T, args: unknown, sources: ToolSources, allows: (c: string) => boolean) {
    const a = parseArgs(shape, args) as z.infer<z.ZodObject<T>> & {latitude: number; longitude: number; country: string; language?: string};
    const place = placeOf(sources.regions, allows, a.country, a.language);
    requireCovered(place.region, a.latitude, a.longitude);
    return {a, place};
}

/** A body of the neighbourhood service, read back. */
async function cached<T>(service: NeighbourhoodService, endpoint: string, place: Place, lat: number, lon: number, make: Parameters<NeighbourhoodService['answer']>[5]): Promise<T> {
    const answer = await service.answer(endpoint, place.region, lat, lon, place.language, make);
    return JSON.parse(answer.body.toString('utf8')) as T;
}

/** Per list of served countries, the definitions made once: the app a region swap makes takes them over (made again, their JSON schemas held the main thread ~10 ms). */
const definitionsMade = new Map<string, ToolDefinition[]>();

export function toolDefinitions(served: readonly string[]): ToolDefinition[] {
    const key = served.join(',');
    let definitions = definitionsMade.get(key);
    if (!definitions) definitionsMade.set(key, (definitions = makeToolDefinitions(served)));
    return definitions;
}

function makeToolDefinitions(served: readonly string[]): ToolDefinition[] {
    const common = commonShape(served), nearby = nearbyShape(served), nearest = nearestShape(served), compare = compareShape(served);
    return [
        {
            tool: define('yatmo_get_location_summary', 'Location summary',
                'What is around a position: the nearest school, nursery and supermarket, public transport (lines within 500 m, the nearest stop) and the address, with a plain-text description of the neighbourhood.', common),
            read(args, sources, allows) {
                const {a, place} = located(common, args, sources, allows);
                return {place, run: async () => ({
                    ...await cached<Omit<ToolAnswer, 'warnings'>>(sources.service, cacheEndpoint('summary'), place, a.latitude, a.longitude, (data) => ({
                        facts: summaryFacts(data, place.language), text: flatNarrative(neighbourhoodText(data, [place.language]), place.language)
                    })),
                    warnings: place.warnings
                })};
            }
        },
        {
            tool: define('yatmo_get_nearby_pois', 'Nearby places',
                'The places of some categories around a position within a radius, nearest first (walking distance; driving for motorway accesses).', nearby),
            read(args, sources, allows) {
                const {a, place} = located(nearby, args, sources, allows);
                const tokens = categoryTokens(a.categories);
                const radius = a.radiusMeters ?? DEFAULT_RADIUS_METERS, maxResults = a.maxResults ?? DEFAULT_RESULTS;
                return {place, run: async () => {
                    const found = await nearbyPois(sources.pool, place.region, a.latitude, a.longitude, tokens, radius, maxResults);
                    const pois = found.pois.map(({kind: _kind, ...poi}) => poi);
                    const warnings = [...place.warnings];
                    if (found.reach < radius && pois.length < maxResults) warnings.push(`Too many places to measure within ${radius} m: the list covers the first ${found.reach} m; ask fewer categories or a smaller radius.`);
                    return {text: bounded([found.pois.map((p) => placeLine(p, place.language)).join('\n')]), facts: {pois, radiusMeters: radius, totalReturned: pois.length}, warnings};
                }};
            }
        },
        {
            tool: define('yatmo_get_nearest_by_category', 'Nearest place of a category',
                'The nearest place of one category from a position, with its distance and travel time (on foot when it can be walked to).', nearest),
            read(args, sources, allows) {
                const {a, place} = located(nearest, args, sources, allows);
                const token = oneCategory(a.category);
                return {place, run: () => nearestAnswer(sources.service, place, a.latitude, a.longitude, token)};
            }
        },
        {
            tool: define('yatmo_get_accessibility_profile', 'Accessibility profile',
                'How a position is served without and with a car: public transport lines within 500 m and the nearest stop, the nearest train station, the nearest motorway access.', common),
            read(args, sources, allows) {
                const {a, place} = located(common, args, sources, allows);
                return {place, run: async () => ({
                    ...await cached<Omit<ToolAnswer, 'warnings'>>(sources.service, cacheEndpoint('accessibility'), place, a.latitude, a.longitude, (data) => {
                        const paragraph = publicTransportParagraph(neighbourhoodText(data, [place.language]), place.language);
                        const lines = (['public_transport', 'train_station', 'motorway'] as const).map((t) => nearestInSummary(data, t)).filter((p) => p !== null)
                            .map((p) => placeLine(p, place.language));
                        return {facts: accessibilityFacts(data), text: paragraph ?? bounded([lines.join('\n')])};
                    }),
                    warnings: place.warnings
                })};
            }
        },
        {
            tool: define('quartier_compare_locations', 'Compare locations',
                'Two to five positions (e.g. listings) side by side: for each, the location summary\'s facts, the neighbourhood scores (0-10) and, with a destination, the travel time to it by every mode.', compare),
            read(args, sources, allows) {
                const a = parseArgs(compare, args);
                const place = placeOf(sources.regions, allows, a.country, a.language);
                return {place, run: async () => ({
                    ...await comparePositions(sources.service, sources.pool, place.region, place.language, a.positions, a.destination),
                    warnings: place.warnings
                })};
            }
        }
    ];
}

/** yatmo_get_nearest_by_category: from the /enrichment document (motorway accesses, which it lacks, from the summary's data). */
async function nearestAnswer(service: NeighbourhoodService, place: Place, lat: number, lon: number, token: ReturnType<typeof oneCategory>): Promise<ToolAnswer> {
    const warnings = [...place.warnings];
    let nearest: NearestPlace | null;
    if (token === 'motorway') {
        nearest = await cached<NearestPlace | null>(service, cacheEndpoint('motorway'), place, lat, lon, (data) => nearestInSummary(data, 'motorway'));
    } else {
        const answer = await service.enrichment(place.region, lat, lon, place.language, (data) => enrichmentAnswer(data, place.language));
        const doc = JSON.parse(answer.body.toString('utf8')) as EnrichmentDocument;
        const found = nearestInEnrichment(doc, token);
        nearest = found.nearest;
        if (!found.available) warnings.push(`The data of ${place.country} has no ${token} category.`);
        else if (!found.complete && doc.dataReachMeters !== null) warnings.push(`This server's data ends ${doc.dataReachMeters} m from the position: a nearer ${token} beyond it would not be known.`);
    }
    const text = nearest ? placeLine(nearest, place.language) : `${token}: —`;
    const facts = {category: token, nearest: nearest && (({kind: _kind, ...rest}) => rest)(nearest)};
    return {text, facts, warnings};
}
