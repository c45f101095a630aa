// Which country a request is for (COMPAT.md): the Host sub-domain, then X-Forwarded-Host, then a
// leading /{cc}/ path segment (stripped before routing), then the configured default.
import type {NextFunction, Request, Response} from 'express';
import {HttpError} from './errors.js';

export interface CountryResolver {
    /** Sub-domain (lower case) → country code, for every country we know. */
    subdomains: Map<string, string>;
    defaultCountry?: string;
}

function fromHost(host: string | undefined, subdomains: Map<string, string>): string | undefined {
    if (!host) return undefined;
    const first = host.split(',')[0].trim().toLowerCase();
    const name = first.startsWith('[') ? '' : first.split(':')[0];
    const dot = name.indexOf('.');
    if (dot <= 0) return undefined;
    return subdomains.get(name.slice(0, dot));
}

export function countryMiddleware(resolver: CountryResolver) {
    return (req: Request, res: Response, next: NextFunction): void => {
        let country = fromHost(req.headers.host, resolver.subdomains)
            ?? fromHost(req.headers['x-forwarded-host'] as string | undefined, resolver.subdomains);
        const m = /^\/([A-Za-z]{2})(\/|$)/.exec(req.url);
        if (m) {
            const byPath = resolver.subdomains.get(m[1].toLowerCase());
            if (byPath) {
                // The prefix is part of the base URL: strip it whether or not the host named the country.
                req.url = req.url.slice(3) || '/';
                if (!req.url.startsWith('/')) req.url = `/${req.url}`;
                country ??= byPath;
            }
        }
        country ??= resolver.defaultCountry;
        if (!country) {
            next(new HttpError(404, 'Unknown country: call {cc}.<domain>, send X-Forwarded-Host, or prefix the path with /{cc}/ (e.g. /be/points).'));
            return;
        }
        res.locals.country = country;
        next();
    };
}
