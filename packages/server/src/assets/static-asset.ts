// Open map assets (styles, glyphs, sprites; tiles use the ETag check): no key, cached long by browsers
// and CDNs, revalidated by ETag (304 when the client's copy is current). Any origin: cors.ts lists them
// among the open paths.
import {createHash} from 'node:crypto';
import {gzipSync} from 'node:zlib';
import type {Request, Response} from 'express';

export interface Asset {
    body: Buffer;
    /** The body gzipped, for clients that accept it; null for bodies that do not shrink (PNG). */
    gzipped: Buffer | null;
    type: string;
    etag: string;
}

/** An asset to serve many times: its ETag and gzipped body made once. */
export function asset(body: Buffer | string, type: string): Asset {
    const buf = typeof body === 'string' ? Buffer.from(body) : body;
    const gzipped = type.startsWith('image/') ? null : gzipSync(buf);
    return {body: buf, gzipped: gzipped && gzipped.length < buf.length ? gzipped : null, type, etag: `"${createHash('sha1').update(buf).digest('base64url')}"`};
}

/** Whether the request's If-None-Match names one of these tags (strong or weak), or any (`*`). */
export function etagMatches(req: Request, ...tags: string[]): boolean {
    const match = req.headers['if-none-match'];
    return match !== undefined && match.split(',').some((t) => {
        const tag = t.trim().replace(/^W\//, '');
        return tag === '*' || tags.includes(tag);
    });
}

/** Sends an asset, or 304 when If-None-Match names its ETag. `immutable`: its address never changes content. */
export function sendAsset(req: Request, res: Response, a: Asset, maxAgeSeconds: number, immutable = false): void {
    res.setHeader('Cache-Control', `public, max-age=${maxAgeSeconds}${immutable ? ', immutable' : ''}`);
    const gzip = a.gzipped !== null && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    // The gzipped body is another representation: its own (derived) tag.
    const gzipTag = `${a.etag.slice(0, -1)}-gz"`;
    res.setHeader('ETag', gzip ? gzipTag : a.etag);
    if (a.gzipped) res.setHeader('Vary', [res.getHeader('Vary'), 'Accept-Encoding'].filter(Boolean).join(', '));
    if (etagMatches(req, a.etag, gzipTag)) {
        res.status(304).end();
        return;
    }
    res.setHeader('Content-Type', a.type);
    if (gzip) res.setHeader('Content-Encoding', 'gzip');
    res.end(gzip ? a.gzipped : a.body);
}

/** What a document embedding this server's address depends on: caches must key on them. */
export const ADDRESS_VARY = 'Host, X-Forwarded-Host, X-Forwarded-Proto';

/**
 * The scheme and host the client called, or null when malformed. X-Forwarded-Host and -Proto count
 * only from a trusted proxy (the app's `trust proxy` setting: QUARTIER_TRUSTED_PROXIES, loopback by
 * default): from anyone else they would let a client write another host into a publicly cached document.
 */
export function publicBase(req: Request): string | null {
    const first = (h: string | string[] | undefined): string | undefined => (Array.isArray(h) ? h[0] : h)?.split(',')[0].trim();
    const trust = req.app.get('trust proxy fn') as ((address: string, hop: number) => boolean) | undefined;
    const proxied = trust?.(req.socket.remoteAddress ?? '', 0) ?? false;
    const host = (proxied ? first(req.headers['x-forwarded-host']) : undefined) || first(req.headers.host);
    const proto = (proxied ? first(req.headers['x-forwarded-proto']) : undefined) || ('encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http');
    if (!host || !/^[A-Za-z0-9.\-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)) return null;
    if (proto !== 'http' && proto !== 'https') return null;
    return `${proto}://${host}`;
}
