// POST /admin/reload[?country=MT,PT]: swaps in the regions' new bundles at once (service/region-swap.ts) and answers
// what it did, region by region, once new requests go to the new bundles. For the operator, not for portals: it
// needs the admin token the server was started with (QUARTIER_ADMIN_TOKEN) as `Authorization: Bearer …`; without
// one set, admin requests are off (401 without a token, 403 with one). A refused bundle answers 409 (the old one keeps serving) with the reason.
import crypto from 'node:crypto';
import type {Express, Request, Response} from 'express';
import {HttpError, badRequest} from '../http/errors.js';
import {checkQueryEncoding, normalizeQuery} from '../http/params.js';
import {sendJson} from '../answers/json-answer.js';
import type {RegionSwapper} from './region-swap.js';

export interface AdminOptions {
    swapper: RegionSwapper;
    /** The admin token (QUARTIER_ADMIN_TOKEN); null: admin requests are off. */
    adminToken: string | null;
    /** The countries served. */
    countries: readonly string[];
}

const digest = (s: string) => crypto.createHash('sha256').update(s).digest();

export function adminRoutes(app: Express, {swapper, adminToken, countries}: AdminOptions): void {
    const expected = adminToken ? digest(adminToken) : null;
    app.post('/admin/reload', async (req: Request, res: Response, next) => {
        try {
            const given = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
            if (given && !expected) throw new HttpError(403, 'Admin requests are off on this server: start it with QUARTIER_ADMIN_TOKEN set, or send it SIGHUP.');
            // Compared as digests of equal length, in constant time: the answer's time tells nothing of the token.
            if (!given || !expected || !crypto.timingSafeEqual(digest(given), expected)) {
                throw new HttpError(401, 'POST /admin/reload needs the server\'s admin token: Authorization: Bearer <QUARTIER_ADMIN_TOKEN>.', {'WWW-Authenticate': 'Bearer'});
            }
            checkQueryEncoding(req.originalUrl);
            const asked = normalizeQuery(req.query as Record<string, unknown>).get('country');
            const wanted = asked === undefined ? undefined : asked.split(',').map((c) => c.trim().toUpperCase()).filter(Boolean);
            const unknown = wanted?.find((c) => !countries.includes(c));
            if (unknown !== undefined || wanted?.length === 0) {
                throw badRequest(`country must name served regions (${countries.join(', ')}), separated by commas; got '${String(asked).slice(0, 40)}'.`);
            }
            const outcomes = await swapper.reload(wanted);
            const refused = outcomes.filter((o) => o.outcome === 'refused');
            res.status(refused.length ? 409 : 200);
            sendJson(res, JSON.stringify({
                ...(refused.length ? {Error: refused.map((o) => `${o.country}: ${o.reason}`).join('; ')} : {}),
                regions: outcomes
            }));
        } catch (err) {
            next(err);
        }
    });
}
