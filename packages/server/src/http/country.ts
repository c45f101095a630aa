// Which country a request is for (COMPAT.md): the Host sub-domain, then X-Forwarded-Host, then a
// leading /{cc}/ path segment (stripped before routing), then the configured default.
import type {IncomingHttpHeaders} from 'node:http';
import {loadCountries} from '@quartier/engine';

export interface CountryResolver {
    /** Sub-domain (lower case) → country code, for every country we know. */
    subdomains: Map<string, string>;
    defaultCountry?: string;
}

/** The resolver of every country we know, `defaultCountry` for a request that names none. */
export function countryResolver(defaultCountry?: string): CountryResolver {
    return {subdomains: new Map(Object.values(loadCountries()).map((c) => [c.subdomain, c.code])), defaultCountry};
}

function fromHost(host: string | undefined, subdomains: Map<string, string>): string | undefined {
    if (!host) return undefined;
    const first = host.split(',')[0].trim().toLowerCase();
    const name = first.startsWith('[') ? '' : first.split(':')[0];
    const dot = name.indexOf('.');
    if (dot <= 0) return undefined;
    return subdomains.get(name.slice(0, dot));
}

/** A request's country (undefined: none), and its URL without the /{cc} prefix. */
export function resolveCountry(resolver: CountryResolver, headers: IncomingHttpHeaders, url: string): {country: string | undefined; url: string} {
    let country = fromHost(headers.host, resolver.subdomains)
        ?? fromHost(headers['x-forwarded-host'] as string | undefined, resolver.subdomains);
    const m = /^\/([A-Za-z]{2})(\/|$)/.exec(url);
    if (m) {
        const byPath = resolver.subdomains.get(m[1].toLowerCase());
        if (byPath) {
            // The prefix is part of the base URL: strip it whether or not the host named the country.
            url = url.slice(3) || '/';
            if (!url.startsWith('/')) url = `/${url}`;
            country ??= byPath;
        }
    }
    return {country: country ?? resolver.defaultCountry, url};
}
