// The OpenAPI 3.1 description of every endpoint (served at /openapi.json, rendered at /docs).
// Written by hand from the routes, SPEC.md and COMPAT.md; the server tests validate every JSON
// answer they receive against it, so a change to an answer's shape must change this file too.

type Json = Record<string, unknown>;

const ref = (name: string): Json => ({$ref: `#/components/schemas/${name}`});
const param = (name: string): Json => ({$ref: `#/components/parameters/${name}`});
const json = (schema: Json, description: string): Json => ({description, content: {'application/json': {schema}}});
const object = (properties: Record<string, Json>, required = Object.keys(properties), open = false): Json =>
    ({type: 'object', properties, required, ...(open ? {} : {additionalProperties: false})});
const int = {type: 'integer'};
const num = {type: 'number'};
const str = {type: 'string'};
const bool = {type: 'boolean'};
const nullable = (schema: Json): Json => ({oneOf: [schema, {type: 'null'}]});

const errorResponses = (statuses: number[]): Record<string, Json> => {
    const out: Record<string, Json> = {};
    for (const s of statuses) out[String(s)] = {$ref: `#/components/responses/Error${s}`};
    return out;
};
/** Every endpoint behind a key: bad parameter, key problems, unknown country, rate limit. */
const KEYED = [400, 401, 403, 404, 429];
/** Endpoints that run on the routing workers. */
const ROUTED = [...KEYED, 503];

const ERROR_TEXT: Record<number, string> = {
    400: 'A parameter is missing or wrong, or the position is outside the area the country\'s data covers; the message says which and what to send.',
    401: 'The licence key is missing or unknown.',
    403: 'The key may not call this: another country, a frontend key on a backend-only endpoint, a frontend key from another domain or app, or a backend key sent from a browser (SPEC §5.6).',
    404: 'No such endpoint, or the country is unknown or not served by this server.',
    405: 'The path exists for other methods: the `Allow` header lists them.',
    409: 'A bound is reached (favourite addresses: per visitor, or visitors per key owner); the message says which.',
    413: 'The body is too large.',
    415: 'The body\'s Content-Encoding is not one the endpoint inflates (gzip, deflate, br).',
    429: 'Too many requests for this key, or too much work in flight; `Retry-After` says when to retry.',
    503: 'The server cannot do this work in time now (the routing engine or the map renderer is busy or not running); retry later, after `Retry-After` seconds when given.'
};

/** The browser plugins portals embed (docs/plugins.md): open, at the root and under /{cc}/. */
function pluginPaths(): Record<string, Json> {
    const page = (summary: string, type: string): Json => ({
        servers: [{url: '/'}, {url: '/{cc}', variables: {cc: {default: 'be', description: 'A country code (the page reads it)'}}}],
        get: {summary, tags: ['Plugins'], security: [], responses: {200: {description: 'The entry point; cached 5 minutes, ETag.', content: {[type]: {schema: str}}}}}
    });
    return {
        '/plugin.html': page('The map and summary page portals frame (PLUGINS.md §1)', 'text/html'),
        '/map_v3.js': page('The map in the portal\'s element, search by travel time and listings (PLUGINS.md §2)', 'text/javascript'),
        '/summary.js': page('The nearest places by category (PLUGINS.md §3)', 'text/javascript'),
        '/summary-text.js': page('The neighbourhood text for addSummaryTextWithTitles (PLUGINS.md §4)', 'text/javascript'),
        '/vendor/{package}/{file}': {
            servers: ROOT_ONLY,
            get: {
                summary: 'MapLibre GL JS and the right-to-left text plugin, from this server (no CDN)', tags: ['Plugins'], security: [],
                description: 'Packages `maplibre-gl` (its dist folder) and `rtl-text`; gzipped, cached 7 days.',
                parameters: [['package', 'maplibre-gl'], ['file', 'maplibre-gl.css']].map(([name, example]) => ({name, in: 'path', required: true, schema: str, example})),
                responses: {200: {description: 'The file.', content: {'text/javascript': {schema: str}, 'text/css': {schema: str}}}, 404: {$ref: '#/components/responses/Error404'}}
            }
        },
        '/plugins/{version}/{folder}/{file}': {
            servers: ROOT_ONLY,
            get: {
                summary: 'The plugins\' modules and style sheets', tags: ['Plugins'], security: [],
                description: 'Addresses named by the entry points: under the current version, cached a year (immutable); under another, today\'s file, cached 5 minutes.',
                parameters: [['version', 'any'], ['folder', 'lib'], ['file', 'api.js']].map(([name, example]) => ({name, in: 'path', required: true, schema: str, example})),
                responses: {200: {description: 'The file.', content: {'text/javascript': {schema: str}, 'text/css': {schema: str}}}, 404: {$ref: '#/components/responses/Error404'}}
            }
        }
    };
}

const operation = (summary: string, description: string, parameters: Json[], ok: Json, errors: number[], extra: Json = {}): Json =>
    ({summary, description, parameters, responses: {200: ok, ...errorResponses(errors)}, ...extra});

const position = [param('latitude'), param('longitude')];
/** The service's own pages are served at the root only, not under /{cc}/. */
const ROOT_ONLY = [{url: '/'}];
/** A body of bytes (an image, a tile) as JSON Schema describes one. */
const bytes = (type: string): Json => ({type: 'string', contentMediaType: type});
/** The answers every cached open asset may give besides 200: a 304 on If-None-Match, and errors. */
const revalidated = (...errors: number[]): Record<string, Json> => ({304: {description: 'Not modified (If-None-Match).'}, ...errorResponses(errors)});
const isochroneSingle = operation(
    'A travel-time area',
    'Where one can get to from the origin within `numberOfSeconds` (SPEC §4.8). Driving, walking and cycling give a Polygon, public transport a MultiPolygon.',
    [param('travelMode'), ...position, {name: 'numberOfSeconds', in: 'query', required: true, schema: {type: 'integer', minimum: 60, maximum: 3600}, description: 'Travel-time limit; standard values 300, 600, 1200.'}],
    json(ref('Geometry'), 'A bare GeoJSON geometry.'), ROUTED, {tags: ['Travel']});

const icon = (size: number, what: string): Json => ({
    get: {
        summary: `${what} (${size} px)`,
        description: `PNG, \`{i}.png\` or \`{i}@2x.png\` (SPEC §4.14). Open: no key, \`Access-Control-Allow-Origin: *\`, cached a week.`,
        tags: ['Icons'],
        security: [],
        parameters: [{name: 'file', in: 'path', required: true, schema: {type: 'string', pattern: '^\\d{1,9}(@2x)?\\.png$'}, example: '61@2x.png'}],
        responses: {200: {description: 'The icon.', content: {'image/png': {schema: bytes('image/png')}}}, 404: {$ref: '#/components/responses/Error404'}}
    }
});

const travelEntry = object({
    hti: {const: true}, tm: {type: 'integer', minimum: 1, maximum: 4, description: '1 driving, 2 walking, 3 bicycling, 4 transit'}, ttm: str,
    ptdd: {...int, description: 'metres'}, ptdll: str, ptdsl: str, tt: {...int, description: 'seconds'}, ttll: str, ttsl: str, ttesl: str
});
const languageMap = {type: 'object', propertyNames: {pattern: '^[A-Z]{2}$'}, additionalProperties: str, description: 'Language code to text, one key per language of the country.'};
const trip = nullable(object({distanceMeters: int, durationSeconds: int, durationMinutes: int}));
const lonLat = {type: 'array', prefixItems: [num, num], minItems: 2, maxItems: 2, description: '[longitude, latitude]'};
const ring = {type: 'array', items: lonLat, minItems: 4};
const snapped = object({location: lonLat, snapDistance: {...num, description: 'metres from the position to the road it was placed on'}});
const numberTable = {type: 'array', items: {type: 'array', items: {type: ['number', 'null']}}};

const listingId = {type: ['string', 'number', 'null'], description: 'The id the listing was sent with.'};
const enrichmentFields: Record<string, Json> = {
    latitude: num, longitude: num, country: {type: 'string', pattern: '^[A-Z]{2}$'}, language: str, searchRadiusMeters: int,
    dataReachMeters: {type: ['integer', 'null'], description: 'How far the data reaches around the position when less than searchRadiusMeters; else null.'},
    categories: {
        type: 'array',
        items: object({
            id: int, key: str, group: str, label: str,
            nearest: nullable(object({
                name: str, latitude: num, longitude: num, straightLineDistanceMeters: int,
                walking: trip, bicycling: trip, driving: trip, transit: trip
            })),
            complete: {...bool, description: 'Whether `nearest` is certain (the data reaches far enough around the position).'}
        })
    }
};

const favouriteFields = {
    Id: {type: 'string', pattern: '^[a-z2-7]{12}$'}, Label: {type: 'string', maxLength: 60}, Address: {type: 'string', maxLength: 200},
    Latitude: num, Longitude: num
};
const favouriteTrip = nullable(object({Seconds: int, Meters: int}));

const schemas: Record<string, Json> = {
    Error: {...object({Error: {type: 'string', minLength: 1}}), description: 'Every error: a status and a message that says why and what to do.'},
    TravelEntry: travelEntry,
    SummaryPlace: object({id: {...int, description: '14 digits: category, sub-type, variant'}, i: int, si: int, la: num, lo: num, n: str, sd: {type: ['string', 'null']}, td: {type: 'array', items: ref('TravelEntry')}}),
    SummarySubcategory: object({st: int, l: str, lb: {type: ['string', 'null']}, d: {type: 'array', items: ref('SummaryPlace')}}),
    SummaryCategory: object({ct: int, l: str, sc: {type: 'array', items: ref('SummarySubcategory')}}),
    CloseCity: object({n: languageMap, td: {type: 'array', items: ref('TravelEntry')}, c: object({Latitude: num, Longitude: num})}),
    PlaceInformation: object({StreetName: str, IsLocality: bool, CityName: str, ZipCode: str, LocalizedStreetNames: nullable(languageMap), LocalizedCityNames: nullable(languageMap)}),
    CustomerItemSummary: {
        ...object({
            AvailableCategoriesAroundPosition: {type: 'array', items: ref('SummaryCategory')},
            CloseCities: {type: 'array', items: ref('CloseCity')},
            PlaceInformation: nullable(ref('PlaceInformation'))
        }),
        description: 'SPEC §2.2, COMPAT.md "summary".'
    },
    LanguageMap: languageMap,
    MultiLanguagesText: object({
        Paragraphs: {
            type: 'array',
            items: object({
                IconId: str, Title: ref('LanguageMap'), TitleBis: ref('LanguageMap'), TitleTer: ref('LanguageMap'),
                Sentences: {type: 'array', items: ref('LanguageMap')}, List: {type: 'array', items: ref('LanguageMap')}
            }, ['IconId', 'Title', 'Sentences', 'List'])
        }
    }),
    Favourite: object(favouriteFields),
    FavouriteTimes: object({...favouriteFields, Times: object({Walking: favouriteTrip, Bicycling: favouriteTrip, Driving: favouriteTrip, Transit: favouriteTrip})}),
    TextAndData: object({Data: ref('CustomerItemSummary'), Summary: ref('CustomerItemSummary'), Text: ref('MultiLanguagesText')}),
    Scores: object({
        scores: {type: 'array', items: object({k: str, l: str, v: {type: 'number', minimum: 0, maximum: 10}, iconId: int, pt: int, st: {type: 'array', items: int}})},
        language: str
    }),
    Enrichment: {...object(enrichmentFields), description: 'SPEC §2.4. A null `nearest` or mode is a missing value, never 0.'},
    EnrichmentBatchLine: {
        oneOf: [
            object({id: listingId, ...enrichmentFields}),
            object({id: listingId, record: {type: 'integer', minimum: 1}, error: str, retry: {const: true}}, ['id', 'record', 'error'])
        ],
        description: 'One line of the NDJSON answer: the listing\'s enrichment document with its `id` first, or `{"id", "record", "error"}` (`record`: the listing\'s place in the batch, 1 for the first; `"retry": true` when the engine failed, not the listing).'
    },
    PointItem: object({
        n: str, t: str, la: num, ln: num, p: {type: 'string', pattern: '^\\d{14}$'}, i: str, si: str, g: bool,
        sd: {type: 'string', description: 'JSON text, "{}" when empty'}, fid: str, rpt: str
    }),
    SimplifiedCategories: {type: 'object', additionalProperties: {type: 'array', items: int}, description: 'Family name to the type ids `poiTypesIds` takes.'},
    CategoryNode: object({id: int, l: str, aid: {...int, description: 'The parent id; 0 at the top level.'}, i: int, c: {type: 'array', items: ref('CategoryNode')}}),
    Geometry: {
        oneOf: [
            object({type: {const: 'Polygon'}, coordinates: {type: 'array', items: ring}}),
            object({type: {const: 'MultiPolygon'}, coordinates: {type: 'array', items: {type: 'array', items: ring}}})
        ],
        description: 'A bare GeoJSON Polygon or MultiPolygon, [longitude, latitude] (SPEC §2.6).'
    },
    MultipleTimes: {type: 'array', minItems: 3, maxItems: 3, items: object({label: str, iso: ref('Geometry')})},
    Route: object({
        paths: {
            type: 'array', minItems: 1,
            items: object({
                distance: {...num, description: 'metres'}, weight: num, time: {...num, description: 'milliseconds'}, transfers: int,
                points_encoded: {const: false}, bbox: {type: 'array', items: num, minItems: 4, maxItems: 4},
                points: object({type: {const: 'LineString'}, coordinates: {type: 'array', items: lonLat}}),
                instructions: {type: 'array', items: object({distance: num, heading: num, sign: int, interval: {type: 'array', items: int}, text: str, time: num, street_name: str}, ['distance', 'sign', 'interval', 'text', 'time', 'street_name'])},
                legs: {type: 'array', items: object({type: {enum: ['walk', 'transfer', 'pt']}, departure_time: str, arrival_time: str, distance: num, travel_time: num, geometry: {type: 'object'}}, undefined, true), description: 'Public transport only: its walks, transfers and rides.'},
                details: {type: 'object'}, ascend: num, descend: num,
                snapped_waypoints: object({type: {const: 'LineString'}, coordinates: {type: 'array', items: lonLat}})
            })
        },
        info: ref('Info')
    }, ['paths', 'info']),
    Info: object({copyrights: {type: 'array', items: str}, took: {...int, description: 'milliseconds'}}),
    FeatureCollection: object({
        type: {const: 'FeatureCollection'},
        features: {
            type: 'array',
            items: object({
                type: {const: 'Feature'},
                geometry: object({type: {const: 'Point'}, coordinates: lonLat}),
                properties: object({name: str, street: str, housenumber: str, postcode: str, city: str, country: str, countrycode: str, type: str, accuracy: {enum: ['exact', 'interpolated', 'street', 'locality']}})
            })
        }
    }),
    Matrix: {
        ...object({
            durations: {...numberTable, description: 'seconds, one row per source; null where no route'},
            distances: {...numberTable, description: 'metres; null where no route'},
            sources: {type: 'array', items: snapped},
            destinations: {type: 'array', items: snapped},
            info: ref('Info')
        }),
        description: 'A cell is what /route answers for its pair: `durations` = /route `time` / 1000, `distances` = /route `distance`.'
    },
    Health: object({
        status: {enum: ['ok', 'failed'], description: '`failed` (with status 503) when the worker threads cannot start: no region is served'},
        error: {...str, description: 'why, when failed'},
        regions: {
            type: 'array',
            items: object({
                status: {enum: ['ok', 'failed']},
                country: str, name: str, subdomain: str, languages: {type: 'array', items: str}, bundleFormat: int, buildVersion: int,
                builtAt: str, sources: {type: 'array', items: object({file: str, date: {type: ['string', 'null']}, role: str})},
                bundleId: {...str, description: 'the bundle\'s id: the first 16 hex digits of its input hash'},
                dataDate: {type: ['string', 'null'], description: 'the newest date of the OSM data (the extract\'s replication time; for an updated region, the newest object of the change files applied)'},
                feeds: {type: 'array', items: object({
                    file: str, agency: str, firstDate: str, lastDate: str, referenceDate: {...str, description: 'the day whose timetable transit answers run'},
                    expired: {type: 'boolean', description: 'the feed\'s last service day has passed'}, notice: {...str, description: 'when expired: what quartier does and what to do'}
                }, ['file', 'firstDate', 'lastDate', 'referenceDate', 'expired'])},
                licences: {type: 'array', items: object({file: str, role: str, licence: str, attribution: str, url: str}, ['file', 'role', 'licence'])},
                counts: object({roadNodes: int, roadEdges: int, pois: int, addresses: int}), bytes: int,
                coverage: object({type: {const: 'MultiPolygon'}, coordinates: {type: 'array'}}),
                swappedAt: {...str, description: 'when this bundle was swapped in while the server ran (absent: served since the start)'},
                refused: {...object({bundleId: {type: ['string', 'null']}, reason: str, at: str}),
                    description: 'the last new bundle refused (it could not be opened or checked; this one goes on serving), until one is swapped in'}
            }, ['status', 'country', 'name', 'subdomain', 'languages', 'bundleFormat', 'buildVersion', 'builtAt', 'sources', 'bundleId', 'dataDate', 'feeds',
                'licences', 'counts', 'bytes', 'coverage'])
        }
    }, ['status', 'regions']),
    Reload: object({
        Error: {...str, description: 'when a bundle was refused (status 409): which and why'},
        regions: {type: 'array', items: object({
            country: str, outcome: {enum: ['swapped', 'unchanged', 'refused']},
            bundleId: {...str, description: 'the bundle served now (the old one when refused)'},
            otherBundleId: {...str, description: 'the bundle swapped out, or the one refused'},
            reason: {...str, description: 'why the new bundle was refused'},
            seconds: {...num, description: 'from the request to the switch (a swapped region\'s worker threads started meanwhile)'}
        }, ['country', 'outcome', 'bundleId', 'seconds'])}
    }, ['regions'])
};

const parameters: Record<string, Json> = {
    latitude: {name: 'latitude', in: 'query', required: true, schema: {type: 'number', minimum: -90, maximum: 90}, description: 'Decimal degrees; inside the area the country\'s data covers.', example: 50.8461},
    longitude: {name: 'longitude', in: 'query', required: true, schema: {type: 'number', minimum: -180, maximum: 180}, description: 'Decimal degrees.', example: 4.3664},
    language: {name: 'language', in: 'query', required: false, schema: {type: 'string', pattern: '^([A-Za-z]{2}|[Cc][Nn][Rr])$', default: 'EN'}, description: 'ISO 639-1, or CNR (Montenegrin); a language the country does not serve falls back to EN.'},
    travelMode: {name: 'travelMode', in: 'query', required: true, schema: {type: 'string', examples: ['Driving', 'Walking', 'Bicycling', 'Transit', '1', '2', '3', '4']}, description: 'Driving or 1, Walking or 2, Bicycling or 3, Transit or 4 (any case).'}
};

const responses: Record<string, Json> = {};
for (const [status, text] of Object.entries(ERROR_TEXT)) responses[`Error${status}`] = json(ref('Error'), text);
responses.Error429.headers = {'Retry-After': {schema: {type: 'integer', minimum: 1}, description: 'Seconds to wait before retrying.'}};

const userId = {name: 'userId', in: 'query', required: true, schema: {type: 'string', minLength: 1, maxLength: 128}, description: 'The stable id of the portal\'s logged-in visitor.'};
const noStore = (status: number, description: string): Json => ({[status]: {description}});
const favouritePaths = {
    '/favourites': {
        get: operation('A visitor\'s favourite addresses', 'Kept per key owner and visitor, in the order they were added. `Cache-Control: no-store`.', [userId],
            json(object({Favourites: {type: 'array', items: ref('Favourite')}}), 'The favourites.'), [...KEYED, 503], {tags: ['Favourites']}),
        post: {
            summary: 'Save a favourite address', tags: ['Favourites'],
            description: 'At most 10 per visitor and 100,000 visitors per key owner (409 beyond); the position inside the country\'s covered area. Answered once durable.',
            requestBody: {required: true, content: {'application/json': {schema: object({
                userId: {type: 'string', minLength: 1, maxLength: 128}, label: {type: 'string', maxLength: 60}, address: {type: 'string', maxLength: 200}, latitude: num, longitude: num
            })}}},
            responses: {201: json(ref('Favourite'), 'The favourite saved.'), ...errorResponses([...KEYED, 409, 413, 503])}
        },
        delete: {summary: 'Delete all of a visitor\'s favourites', tags: ['Favourites'], parameters: [userId], responses: {...noStore(204, 'Deleted (or there were none).'), ...errorResponses([...KEYED, 503])}}
    },
    '/favourites/{id}': {
        delete: {
            summary: 'Delete one favourite', tags: ['Favourites'],
            parameters: [{name: 'id', in: 'path', required: true, schema: {type: 'string'}}, userId],
            responses: {...noStore(204, 'Deleted.'), ...errorResponses([...KEYED, 503])}
        }
    },
    '/favourites/times': {
        get: operation('Travel times from a property to each favourite', 'Every mode the region serves, as /route measures them (public transport: weekday about 08:00); null where there is no route or no public transport.',
            [userId, ...position], json(object({Favourites: {type: 'array', items: ref('FavouriteTimes')}}), 'The favourites with their times.'), ROUTED, {tags: ['Favourites']})
    }
};

const matrixBody = object({
    travelMode: {type: ['string', 'integer']},
    language: str,
    sources: {type: 'array', minItems: 1, maxItems: 10000, items: {type: 'array', prefixItems: [num, num], minItems: 2, maxItems: 2, description: '[latitude, longitude]'}},
    destinations: {type: ['array', 'null'], items: {type: 'array', prefixItems: [num, num], minItems: 2, maxItems: 2}}
}, ['travelMode', 'sources'], true);

export const openApiDocument = {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
        title: 'quartier',
        version: '1',
        summary: 'What is around a position: places, travel times, travel-time areas, narrative text, geocoding, maps.',
        description: [
            'The country comes from the Host sub-domain (`be.example.org`), `X-Forwarded-Host`, or a leading `/{cc}/` path segment. Paths match case-insensitively (`/Points`, `/Isochrone/GetMultipleTimes`).',
            'Every error is `{"Error": "..."}` with a meaningful status.',
            'Keys: a backend key for server-to-server calls (never in a browser: a request with a backend key and an `Origin` or `Sec-Fetch-Site` header is refused with 403), a frontend key tied to web domains (checked against `Origin`/`Referer`) or to app ids (`X-Service-App-Id` / `X-Yatmo-App-Id`).',
            'CORS: every endpoint answers preflights (`OPTIONS`, 204, no key) and every answer carries `Access-Control-Allow-Origin`.'
        ].join('\n\n'),
        license: {name: 'MIT', identifier: 'MIT'}
    },
    servers: [
        {url: '/', description: 'This server; the country from the Host sub-domain or the default country'},
        {url: '/{cc}', description: 'This server, country in the path', variables: {cc: {default: 'be', description: 'Two-letter country code, lower case'}}}
    ],
    security: [{LicenseKey: []}, {LicenceKey: []}, {licenseKeyQuery: []}],
    tags: [
        {name: 'Neighbourhood'}, {name: 'Places'}, {name: 'Travel'}, {name: 'Geocoding'}, {name: 'Maps'}, {name: 'Icons'}, {name: 'Favourites'}, {name: 'Plugins'}, {name: 'Service'}
    ],
    paths: {
        '/summary': {get: operation('Places by category, close cities, the address', 'SPEC §4.1. Cached 7 days.', [...position, param('language')], json(ref('CustomerItemSummary'), 'The summary.'), ROUTED, {tags: ['Neighbourhood']})},
        '/summary/text': {get: operation('The neighbourhood in words, every language of the country', 'SPEC §4.2. No language parameter.', position, json(ref('MultiLanguagesText'), 'The paragraphs.'), ROUTED, {tags: ['Neighbourhood']})},
        '/summary/text-and-data': {get: operation('Summary and text in one call', 'SPEC §4.3; `Data` and `Summary` hold the same summary (COMPAT.md).', [...position, param('language')], json(ref('TextAndData'), 'Summary and text.'), ROUTED, {tags: ['Neighbourhood']})},
        '/scores': {get: operation('0–10 scores per need', 'COMPAT.md "scores".', [...position, param('language')], json(ref('Scores'), 'The scores.'), ROUTED, {tags: ['Neighbourhood']})},
        '/enrichment': {get: operation('The listing-enrichment document', 'SPEC §4.4. Backend keys only. `language` must be one the country serves (else 400).', [...position, {...parameters.language, schema: {type: 'string', pattern: '^[A-Za-z]{2}$', default: 'EN'}, description: 'Labels only; one of the country\'s languages.'}], json(ref('Enrichment'), 'The enrichment document.'), ROUTED, {tags: ['Neighbourhood']})},
        '/enrichment/batch': {
            post: {
                summary: 'Enrichment of up to 10,000 listings',
                description: 'Backend keys only. The body is a JSON array or NDJSON of `{"id", "latitude", "longitude"}`, as is or compressed (`Content-Encoding` gzip, deflate or br); the answer is NDJSON streamed in input order, one line per listing (schema: one line).',
                tags: ['Neighbourhood'],
                parameters: [param('language')],
                requestBody: {
                    required: true,
                    content: {
                        'application/json': {schema: {type: 'array', maxItems: 10000, items: object({id: {}, latitude: num, longitude: num}, ['id', 'latitude', 'longitude'], true)}},
                        'application/x-ndjson': {schema: {type: 'string', description: 'One {"id", "latitude", "longitude"} object per line.'}}
                    }
                },
                responses: {200: {description: 'One line per listing.', content: {'application/x-ndjson': {schema: ref('EnrichmentBatchLine')}}}, ...errorResponses([...ROUTED, 413, 415])}
            }
        },
        '/points': {
            get: operation('Places in a box', 'SPEC §4.5. At most 200 places; the `Nz` header is `true` when the answer was cut (zoom in).', [
                {name: 'bound1', in: 'query', required: true, schema: {type: 'string'}, description: 'First corner, `latitude,longitude`.', example: '50.844,4.362'},
                {name: 'bound2', in: 'query', required: true, schema: {type: 'string'}, description: 'Opposite corner, `latitude,longitude`.', example: '50.849,4.371'},
                param('language'),
                {name: 'groupSamePositions', in: 'query', schema: {type: 'boolean', default: false}},
                {name: 'poiTypesIds', in: 'query', schema: {type: 'string'}, description: 'Comma-separated 14-digit type ids from /simplifiedcategories.'},
                {name: 'caringForBigResponse', in: 'query', schema: {type: 'boolean', default: true}, description: 'When true, a box over 100 km² is refused with 400 `The requested area is too large.`'},
                {name: 'summaryMode', in: 'query', schema: {type: 'boolean', default: false}}
            ], {
                description: 'The places.',
                headers: {Nz: {schema: {enum: ['true', 'false']}, description: 'true when the answer was truncated'}},
                content: {'application/json': {schema: {type: 'array', maxItems: 200, items: ref('PointItem')}}}
            }, KEYED, {tags: ['Places']})
        },
        '/simplifiedcategories': {get: operation('Type ids usable in poiTypesIds', 'SPEC §4.6.', [param('language')], json(ref('SimplifiedCategories'), 'The ids by family.'), KEYED, {tags: ['Places']})},
        '/categories': {get: operation('The localized category tree', 'SPEC §4.7, COMPAT.md.', [param('language')], json({type: 'array', items: ref('CategoryNode')}, 'The tree.'), KEYED, {tags: ['Places']})},
        '/isochrone': {get: isochroneSingle},
        '/isochrone/TravelTime': {get: {...isochroneSingle, summary: 'A travel-time area (same as /isochrone)'}},
        '/isochrone/GetMultipleTimes': {
            get: operation('The 5, 10 and 20-minute areas', 'SPEC §4.10; smallest first.', [param('travelMode'), ...position, param('language')], json(ref('MultipleTimes'), 'Three areas.'), ROUTED, {tags: ['Travel']})
        },
        '/isochrone/lifestyle': {
            get: operation('Search by lifestyle',
                'Where the nearest place of every chosen category is within the time limit by the mode (PLUGINS.md §2): a bare MultiPolygon, empty `coordinates` when nowhere qualifies. Transit over the departure window of /isochrone (400 in a region without a timetable).', [
                    {name: 'categories', in: 'query', required: true, schema: {type: 'string'}, description: '1 to 6 enrichment keys of the country, comma-separated (`Children.ElementarySchool,Shopping.Supermarket`).'},
                    param('travelMode'),
                    {name: 'numberOfSeconds', in: 'query', schema: {type: 'integer', minimum: 60, maximum: 3600}, description: 'Time limit; or `minutes`, one of the two.'},
                    {name: 'minutes', in: 'query', schema: {type: 'integer', minimum: 1, maximum: 60}, description: 'Time limit in minutes; or `numberOfSeconds`.'},
                    {name: 'bbox', in: 'query', schema: {type: 'string'}, description: '`west,south,east,north` (degrees), clipped to the region; the region\'s box when absent.', example: '4.33,50.83,4.39,50.87'}
                ], json(ref('Geometry'), 'A bare GeoJSON MultiPolygon.'), ROUTED, {tags: ['Travel']})
        },
        '/route': {
            get: operation('A route between two positions', 'GraphHopper-shaped (COMPAT.md).', [
                param('travelMode'),
                {name: 'startLatitude', in: 'query', required: true, schema: {type: 'number'}}, {name: 'startLongitude', in: 'query', required: true, schema: {type: 'number'}},
                {name: 'arrivalLatitude', in: 'query', required: true, schema: {type: 'number'}}, {name: 'arrivalLongitude', in: 'query', required: true, schema: {type: 'number'}},
                param('language')
            ], json(ref('Route'), 'The route.'), ROUTED, {tags: ['Travel']})
        },
        '/matrix': {
            get: operation('Travel times between positions (GET)', 'At most 2,500 cells; all pairs of the sources when no destinations are given.', [
                param('travelMode'),
                {name: 'sources', in: 'query', required: true, schema: {type: 'string'}, description: '`lat,lon;lat,lon;…`', example: '50.8461,4.3664;50.85,4.36'},
                {name: 'destinations', in: 'query', schema: {type: 'string'}, description: '`lat,lon;lat,lon;…`'},
                param('language')
            ], json(ref('Matrix'), 'The table.'), ROUTED, {tags: ['Travel']}),
            post: {
                summary: 'Travel times between positions (POST)',
                description: 'Up to 1,000,000 cells (10,000 by public transport); body up to 1 MB.',
                tags: ['Travel'],
                requestBody: {required: true, content: {'application/json': {schema: matrixBody}}},
                responses: {200: json(ref('Matrix'), 'The table.'), ...errorResponses([...ROUTED, 413])}
            }
        },
        ...favouritePaths,
        '/geolocation': {
            get: operation('Geocoding', 'SPEC §4.11; best first; nothing found is an empty collection.', [
                {name: 'address', in: 'query', required: true, schema: {type: 'string', maxLength: 200}}, param('language'),
                {name: 'limit', in: 'query', schema: {type: 'integer', minimum: 1}}
            ], json(ref('FeatureCollection'), 'The matches.'), KEYED, {tags: ['Geocoding']})
        },
        '/geolocation/GetClose': {
            get: operation('Autocomplete near a position', 'COMPAT.md.', [...position, {name: 'address', in: 'query', required: true, schema: {type: 'string'}}, param('language'), {name: 'limit', in: 'query', schema: {type: 'integer', minimum: 1}}],
                json(ref('FeatureCollection'), 'The matches.'), KEYED, {tags: ['Geocoding']})
        },
        '/geolocation/reverse': {get: operation('Reverse geocoding', 'The nearest address or street: 0 or 1 feature.', [...position, param('language')], json(ref('FeatureCollection'), 'The place.'), KEYED, {tags: ['Geocoding']})},
        '/image': {
            get: operation('A map image (JPEG)', 'SPEC §4.13. Backend keys only: for server-side use, not for image tags in pages.', [
                ...position,
                {name: 'hexaColor', in: 'query', required: true, schema: {type: 'string', pattern: '^[0-9A-Fa-f]{6}$'}, example: '428BFF'},
                {name: 'width', in: 'query', required: true, schema: {type: 'integer'}, example: 800},
                {name: 'height', in: 'query', required: true, schema: {type: 'integer'}, example: 450},
                {name: 'mapStyle', in: 'query', schema: {type: 'integer', minimum: 1, maximum: 7, default: 1}},
                {name: 'zoom', in: 'query', schema: {type: 'integer', minimum: 1, maximum: 18, default: 16}},
                {name: 'threeDMode', in: 'query', schema: {type: 'boolean', default: false}},
                {name: 'bigIcon', in: 'query', schema: {type: 'boolean', default: false}},
                {name: 'multiborders', in: 'query', schema: {type: 'boolean', default: false}},
                {name: 'customMarkerUrl', in: 'query', schema: {type: 'string', format: 'uri'}},
                {name: 'customMarkerWidth', in: 'query', schema: {type: 'integer'}},
                {name: 'customMarkerHeight', in: 'query', schema: {type: 'integer'}}
            ], {description: 'The map.', content: {'image/jpeg': {schema: bytes('image/jpeg')}}}, ROUTED, {tags: ['Maps']})
        },
        '/tiles/tile_planet.json': {
            get: {
                summary: 'TileJSON of the region\'s vector tiles', tags: ['Map'], security: [],
                description: 'TileJSON 3.0: the tiles URL (absolute from the request\'s host, X-Forwarded-Host/Proto when set), bounds the whole world (zooms 0–5 show the world around the region from Natural Earth), center the middle of the covered area, zooms 0 to 14, the OpenMapTiles layers and their fields, the attribution. Open, `Access-Control-Allow-Origin: *`.',
                responses: {200: json(object({tilejson: str, tiles: {type: 'array', items: str}, minzoom: int, maxzoom: int, vector_layers: {type: 'array'}}, ['tilejson', 'tiles', 'minzoom', 'maxzoom', 'vector_layers'], true), 'The TileJSON.'),
                    ...errorResponses([400, 404])}
            }
        },
        '/tiles/{z}/{x}/{file}': {
            get: {
                summary: 'A vector tile (OpenMapTiles schema)', tags: ['Map'], security: [],
                description: 'Mapbox Vector Tile, gzip-encoded (`Content-Encoding: gzip`), cut from the region\'s own OSM data at build time. 204 when empty or outside the region. Open, ETag and 304.',
                parameters: [
                    {name: 'z', in: 'path', required: true, schema: {type: 'string', pattern: '^\\d{1,2}$'}, example: '14'},
                    {name: 'x', in: 'path', required: true, schema: {type: 'string', pattern: '^\\d{1,5}$'}, example: '8390'},
                    {name: 'file', in: 'path', required: true, schema: {type: 'string', pattern: '^\\d{1,5}\\.pbf$'}, example: '5496.pbf', description: 'y.pbf'}
                ],
                responses: {200: {description: 'The tile.', content: {'application/x-protobuf': {schema: bytes('application/x-protobuf')}}},
                    204: {description: 'An empty tile, or one outside the region.'}, ...revalidated(400, 404)}
            }
        },
        '/styles/{file}': {
            get: {
                summary: 'A MapLibre style', tags: ['Map'], security: [],
                description: 'MapLibre style JSON (version 8) over this region\'s vector tiles, glyphs and sprites (SPEC §4.14), addresses absolute from the request\'s host (X-Forwarded-Host/Proto when set). Open: no key, `Access-Control-Allow-Origin: *`, ETag.',
                parameters: [
                    {name: 'file', in: 'path', required: true, schema: {enum: ['osm_liberty.json', 'osm_basic.json', 'osm_bright.json', 'osm_3d.json', 'osm_positron.json', 'osm_dark.json', 'osm_liberty_stonehedge.json']}},
                    {name: 'language', in: 'query', required: false, schema: {type: 'string', pattern: '^[A-Za-z]{2,3}$'}, description: 'Labels read `name:xx`, falling back to `name`.'}
                ],
                responses: {200: json(object({version: {const: 8}, sources: {type: 'object'}, layers: {type: 'array'}}, ['version', 'sources', 'layers'], true), 'The style.'),
                    ...revalidated(400, 404)}
            }
        },
        '/fonts/{fontstack}/{range}': {
            servers: ROOT_ONLY,
            get: {
                summary: 'SDF glyphs of a font stack', tags: ['Map'], security: [],
                description: 'A 256-code-point range of signed-distance-field glyphs (the glyphs.proto MapLibre reads); in a comma-joined stack each code point comes from the first font that has it. Open, ETag, gzip when accepted.',
                parameters: [
                    {name: 'fontstack', in: 'path', required: true, schema: str, example: 'Noto Sans Regular'},
                    {name: 'range', in: 'path', required: true, schema: {type: 'string', pattern: '^\\d+-\\d+\\.pbf$'}, example: '0-255.pbf'}
                ],
                responses: {200: {description: 'The glyphs.', content: {'application/x-protobuf': {schema: bytes('application/x-protobuf')}}},
                    ...revalidated(400, 404)}
            }
        },
        '/sprites/{file}': {
            servers: ROOT_ONLY,
            get: {
                summary: 'The sprite sheet of the styles', tags: ['Map'], security: [],
                description: '`sprite.json`/`sprite.png` and `sprite@2x.json`/`sprite@2x.png`: the POI icons named by OpenMapTiles class. Open, ETag.',
                parameters: [{name: 'file', in: 'path', required: true, schema: {enum: ['sprite.json', 'sprite.png', 'sprite@2x.json', 'sprite@2x.png']}}],
                responses: {200: {description: 'The index or the sheet.', content: {'application/json': {schema: {type: 'object'}}, 'image/png': {schema: bytes('image/png')}}},
                    ...revalidated(404)}
            }
        },
        '/icons24/{file}': icon(24, 'Place icon'),
        '/icons32/{file}': icon(32, 'Place icon'),
        '/subicons24/{file}': icon(24, 'Transit line badge'),
        '/health': {
            get: {summary: 'Regions served', description: 'No key. The same answer at the root and under a country\'s base URL (/{cc}/health).', tags: ['Service'], security: [], responses: {200: json(ref('Health'), 'The regions.'), 503: json(ref('Health'), 'The worker threads cannot start: every region is `failed`, `error` says why.'), 404: {$ref: '#/components/responses/Error404'}}}
        },
        '/admin/reload': {
            servers: ROOT_ONLY,
            post: {
                summary: 'Swap in new region bundles', tags: ['Service'], security: [{AdminToken: []}],
                description: 'For the operator: looks at the bundle folder and swaps in the new bundles of the regions asked (default all) while serving; '
                    + 'requests in flight finish on the old ones. Answers once new requests go to the new bundles. Needs the token the server was started with '
                    + '(QUARTIER_ADMIN_TOKEN); without one, admin requests are off (403). SIGHUP does the same (docs/operations.md, "Updating data while serving").',
                parameters: [{name: 'country', in: 'query', required: false, schema: {type: 'string', example: 'MT,PT'}, description: 'The regions to look at, separated by commas.'}],
                responses: {
                    200: json(ref('Reload'), 'What happened to each region: swapped, or unchanged.'),
                    409: json(ref('Reload'), 'A new bundle was refused (it cannot be opened, or fails its checks): the old one goes on serving; `Error` says why.'),
                    ...errorResponses([400, 401, 403])
                }
            }
        },
        '/metrics': {
            servers: ROOT_ONLY,
            get: {
                summary: 'Prometheus metrics', tags: ['Service'],
                description: 'The Prometheus text format: `quartier_http_requests_total` and `quartier_http_request_duration_seconds` per endpoint (route pattern) and status, '
                    + 'the routing pool (`quartier_pool_tasks_waiting`, `quartier_pool_tasks_running`, `quartier_pool_task_duration_seconds`, `quartier_pool_worker_restarts_total`), '
                    + 'the answers cache (`quartier_cache_hits_total`, `quartier_cache_misses_total`, `quartier_cache_entries`, `quartier_cache_bytes`), `quartier_regions_loaded`, '
                    + 'and Node.js process metrics. Needs a backend key valid in every country (header, or `licenseKey` in the query for a Prometheus scrape `params`). '
                    + 'A server started with `--metrics-port N` also serves them on that port without a key.',
                responses: {
                    200: {description: 'The metrics.', content: {'text/plain': {schema: str}}},
                    ...errorResponses([400, 401, 403, 429])
                }
            }
        },
        '/mcp/v1': {
            servers: ROOT_ONLY,
            post: {
                summary: 'MCP server for AI assistants (Streamable HTTP)', tags: ['Service'],
                description: 'Model Context Protocol over Streamable HTTP, stateless: JSON-RPC messages in the body (at most 64 KB), answered as JSON, or as server-sent events when '
                    + 'the Accept header lists text/event-stream first. A backend key in LicenceKey or LicenseKey. Tools: yatmo_get_location_summary, yatmo_get_nearby_pois, '
                    + 'yatmo_get_nearest_by_category, yatmo_get_accessibility_profile, quartier_compare_locations (docs/mcp.md). Tool errors are MCP results marked isError; '
                    + 'the transport\'s refusals have a JSON-RPC error body with the Error of every error answer.',
                requestBody: {required: true, content: {'application/json': {schema: {type: ['object', 'array']}}}},
                responses: {
                    200: {description: 'The JSON-RPC answer.', content: {'application/json': {schema: {type: ['object', 'array']}}, 'text/event-stream': {schema: str}}},
                    202: {description: 'Notifications or answers only: accepted, no body.'},
                    400: json(object({Error: str}, ['Error'], true), 'Not JSON, or not a JSON-RPC message.'),
                    406: json(object({Error: str}, ['Error'], true), 'The Accept header names neither application/json nor text/event-stream.'),
                    413: json(object({Error: str}, ['Error'], true), 'The body is larger than 64 KB.'),
                    415: json(object({Error: str}, ['Error'], true), 'The body is not application/json.'),
                    ...errorResponses([401, 403, 429])
                }
            }
        },
        '/openapi.json': {
            servers: ROOT_ONLY,
            get: {summary: 'This document', tags: ['Service'], security: [], responses: {200: json(object({openapi: str, paths: {type: 'object'}}, ['openapi', 'paths'], true), 'OpenAPI 3.1.')}}
        },
        '/docs': {
            servers: ROOT_ONLY,
            get: {summary: 'This document as a page', tags: ['Service'], security: [], responses: {200: {description: 'HTML.', content: {'text/html': {schema: str}}}}}
        },
        '/': {
            servers: ROOT_ONLY,
            get: {summary: 'The playground page', description: 'A map of the region on our tiles with an address search; a click shows what is around. Its script, style sheet, MapLibre GL JS and the right-to-left text plugin are served under /playground/, /vendor/maplibre-gl/ and /vendor/rtl-text/.', tags: ['Service'], security: [],
                responses: {200: {description: 'HTML.', content: {'text/html': {schema: str}}}}}
        },
        '/playground/config.json': {
            servers: ROOT_ONLY,
            get: {
                summary: 'The playground page\'s configuration', tags: ['Service'], security: [],
                description: 'The regions served, and a frontend key tied to the host the page was opened on (null when the keys file has none). Frontend keys live in web pages; a backend key is never given out.',
                responses: {200: json(object({
                    key: {type: ['string', 'null']},
                    regions: {type: 'array', items: object({country: str, name: str, languages: {type: 'array', items: str}, center: {type: 'array', items: {type: 'number'}, minItems: 2, maxItems: 2}}, ['country', 'name', 'languages', 'center'])}
                }, ['key', 'regions']), 'The configuration.')}
            }
        },
        ...pluginPaths()
    },
    components: {
        schemas,
        parameters,
        responses,
        securitySchemes: {
            LicenseKey: {type: 'apiKey', in: 'header', name: 'LicenseKey', description: 'A backend key (server-side only: refused with 403 on a request with an Origin or Sec-Fetch-Site header) or a frontend key, tied to web domains (checked against Origin or Referer) or to app ids (sent as X-Service-App-Id or X-Yatmo-App-Id, with X-Service-Platform or X-Yatmo-Platform).'},
            LicenceKey: {type: 'apiKey', in: 'header', name: 'LicenceKey', description: 'The British spelling of the same header.'},
            AdminToken: {type: 'http', scheme: 'bearer', description: 'The server\'s admin token (QUARTIER_ADMIN_TOKEN), for POST /admin/reload only.'},
            licenseKeyQuery: {type: 'apiKey', in: 'query', name: 'licenseKey', description: 'The key as a query parameter (any case).'}
        }
    }
};
