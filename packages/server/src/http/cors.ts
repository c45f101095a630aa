// CORS: every answer (errors included, so a page can read the {"Error"}) carries the
// Access-Control-* headers, and every preflight (OPTIONS) is answered 204 without a key: browsers
// send none on a preflight. The key is checked on the real request (keys.ts).
import type {IncomingMessage, ServerResponse} from 'node:http';

/** Headers the client libraries send from a browser (SPEC §4.14, §5; COMPAT.md). */
export const ALLOWED_HEADERS = [
    'LicenseKey', 'LicenceKey', 'Content-Type', 'Accept', 'Accept-Language',
    'X-Service-App-Id', 'X-Service-Platform', 'X-Yatmo-App-Id', 'X-Yatmo-Platform', 'X-Yatmo-SDK', 'X-Quartier-Embedder'
];
/** Response headers a page may read: the truncation flag of /points, the wait of a 429 or 503, cache validators. */
export const EXPOSED_HEADERS = ['Nz', 'Retry-After', 'ETag', 'Content-Length'];
/** How long a browser may reuse a preflight answer (seconds; browsers cap it, Chromium at 2 hours). */
export const PREFLIGHT_MAX_AGE = 86400;

/**
 * Paths open to every page (no key, `Access-Control-Allow-Origin: *`): the icons, the API reference,
 * and the map assets (tiles, styles, glyphs, sprites) as they arrive. Matched after the /{cc}/ prefix
 * is removed, case-insensitively. Everything else is API: the request's Origin is echoed, with Vary.
 */
export const OPEN_PATHS: RegExp[] = [
    /^\/(icons24|icons32|subicons24)\//i,
    /^\/(tiles|styles|fonts|sprites?)(\/|\.|$)/i,
    /^\/(openapi\.json|docs)(\/|$)/i,
    /^\/(playground|vendor|plugins)\//i,
    /^\/(plugin\.html|map_v3\.js|summary\.js|summary-text\.js)$/i,
    /^\/health$/i
];

/** A leading /{cc}/ segment, which the country middleware strips later. */
const COUNTRY_PREFIX = /^\/[A-Za-z]{2}(?=\/)/;

export function isOpenPath(path: string): boolean {
    const bare = path.replace(COUNTRY_PREFIX, '');
    return OPEN_PATHS.some((re) => re.test(bare));
}

const allowMethods = 'GET, POST, DELETE, OPTIONS';
const allowHeaders = ALLOWED_HEADERS.join(', ');
const exposeHeaders = EXPOSED_HEADERS.join(', ');
const preflightMaxAge = String(PREFLIGHT_MAX_AGE);

/**
 * The CORS headers of an answer. They are the first Vary: later code adds to it. What a browser reads only from a
 * preflight's answer (the methods and headers allowed, how long to keep them) goes on preflights alone: every other
 * answer would carry 300 bytes no one reads.
 */
function corsHeaders(res: ServerResponse, origin: string | undefined, open: boolean, preflight: boolean): void {
    res.setHeader('Access-Control-Allow-Origin', open || typeof origin !== 'string' || origin === '' ? '*' : origin);
    // An API answer depends on Origin: it is echoed, and a frontend key is checked against it.
    if (!open) res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Expose-Headers', exposeHeaders);
    if (!preflight) return;
    res.setHeader('Access-Control-Allow-Methods', allowMethods);
    res.setHeader('Access-Control-Allow-Headers', allowHeaders);
    res.setHeader('Access-Control-Max-Age', preflightMaxAge);
}

/** Step 2 (request-steps.ts): sets the CORS headers on whatever follows, and answers a preflight (true). `path`: as sent. */
export function answerCors(req: IncomingMessage, res: ServerResponse, path: string): boolean {
    const preflight = req.method === 'OPTIONS';
    corsHeaders(res, req.headers.origin, isOpenPath(path), preflight);
    if (!preflight) return false;
    res.setHeader('Allow', allowMethods);
    res.statusCode = 204;
    res.end();
    return true;
}
