// Open map assets (styles, glyphs, sprites): no key, any origin, cached long by browsers and CDNs,
// revalidated by ETag (304 when the client's copy is current).
import {createHash} from 'node:crypto';
import type {Request, Response} from 'express';

export interface Asset {
    body: Buffer;
    type: string;
    etag: string;
}

export function asset(body: Buffer | string, type: string): Asset {
    const buf = typeof body === 'string' ? Buffer.from(body) : body;
    return {body: buf, type, etag: `"${createHash('sha1').update(buf).digest('base64url')}"`};
}

/** Sends an asset, or 304 when If-None-Match names its ETag. */
export function sendAsset(req: Request, res: Response, a: Asset, maxAgeSeconds: number): void {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cache-Control', `public, max-age=${maxAgeSeconds}`);
    res.setHeader('ETag', a.etag);
    const match = req.headers['if-none-match'];
    if (match && match.split(',').some((t) => {
        const tag = t.trim();
        return tag === '*' || tag === a.etag || tag === `W/${a.etag}`;
    })) {
        res.status(304).end();
        return;
    }
    res.setHeader('Content-Type', a.type);
    res.end(a.body);
}

/** The scheme and host the client called (X-Forwarded-Proto/Host behind a proxy), or null when malformed. */
export function publicBase(req: Request): string | null {
    const first = (h: string | string[] | undefined): string | undefined => (Array.isArray(h) ? h[0] : h)?.split(',')[0].trim();
    const host = first(req.headers['x-forwarded-host']) || first(req.headers.host);
    const proto = first(req.headers['x-forwarded-proto']) || req.protocol;
    if (!host || !/^[A-Za-z0-9.\-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)) return null;
    if (proto !== 'http' && proto !== 'https') return null;
    return `${proto}://${host}`;
}
