// Fetching custom markers from the internet without becoming a proxy into the private network:
// HTTPS only, no credentials in the URL; every host name resolved here and refused when any of its
// addresses is loopback, private, link-local (cloud metadata), shared, reserved or multicast; the
// connection made to the address that was checked (no second lookup to rebind); the same for every
// redirect (at most MAX_REDIRECTS); a deadline on the whole fetch and a limit on its size.
import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import type {LookupFunction} from 'node:net';

export class MarkerFetchError extends Error {}

export const MAX_REDIRECTS = 3;
export const FETCH_TIMEOUT_MS = 5000;
export const MAX_MARKER_FETCH_BYTES = 1024 * 1024;

/** IPv4 addresses a marker may never be fetched from. */
const BLOCKED_V4 = new net.BlockList();
for (const [net4, bits] of [
    ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
    ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
    ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4]
] as [string, number][]) BLOCKED_V4.addSubnet(net4, bits, 'ipv4');

// IPv6: only global unicast (2000::/3) may be public. That leaves out, whatever comes next, every
// form that hides an IPv4 address in front of it (IPv4-compatible ::a.b.c.d, IPv4-mapped ::ffff:,
// NAT64 64:ff9b::/96 and 64:ff9b:1::/48, IPv4-translated ::ffff:0:), loopback, unspecified,
// discard, unique local (fc00::/7), link local (fe80::/10), site local (fec0::/10) and multicast.
const GLOBAL_V6 = new net.BlockList();
GLOBAL_V6.addSubnet('2000::', 3, 'ipv6');
/** Inside 2000::/3, what is not an ordinary host: protocol assignments (Teredo 2001::/32, ORCHID,
 * benchmarking: 2001::/23), documentation (2001:db8::/32, 3fff::/20) and 6to4 (2002::/16, an IPv4 address inside). */
const BLOCKED_V6 = new net.BlockList();
for (const [net6, bits] of [['2001::', 23], ['2001:db8::', 32], ['2002::', 16], ['3fff::', 20]] as [string, number][]) BLOCKED_V6.addSubnet(net6, bits, 'ipv6');

/** Whether an IP address (v4 or v6 text) is one a marker may be fetched from. */
export function isPublicAddress(address: string): boolean {
    const family = net.isIP(address);
    if (family === 4) return !BLOCKED_V4.check(address, 'ipv4');
    if (family !== 6 || address.includes('%')) return false; // zone ids name a local interface
    // Separate lists per family: a BlockList checks an IPv4 address against IPv6 rules as ::ffff:a.b.c.d.
    return GLOBAL_V6.check(address, 'ipv6') && !BLOCKED_V6.check(address, 'ipv6');
}

export interface MarkerFetchOptions {
    /** Resolves a host name to addresses (default: the system resolver, every address). */
    resolve: (host: string) => Promise<{address: string; family: number}[]>;
    /** Which resolved addresses may be connected to (production: public ones only). */
    allowAddress: (address: string) => boolean;
    /** Extra trusted certificate authorities (PEM); none in production. */
    ca?: string | Buffer;
    timeoutMs: number;
    maxBytes: number;
}

const systemResolve = (host: string) => dns.promises.lookup(host, {all: true, verbatim: true});

/** The policy of a production server. Tests hand the server another one (ServerHooks.markerFetch). */
export const MARKER_FETCH_POLICY: Readonly<MarkerFetchOptions> = Object.freeze({
    resolve: systemResolve, allowAddress: isPublicAddress, timeoutMs: FETCH_TIMEOUT_MS, maxBytes: MAX_MARKER_FETCH_BYTES
});

/** Parses and checks a marker URL: HTTPS, a host, no user name or password. */
export function parseMarkerUrl(text: string): URL {
    let url: URL;
    try {
        url = new URL(text);
    } catch {
        throw new MarkerFetchError('is not a valid URL');
    }
    if (url.protocol !== 'https:') throw new MarkerFetchError('must be an https:// URL');
    if (url.username || url.password) throw new MarkerFetchError('must not carry a user name or password');
    if (!url.hostname) throw new MarkerFetchError('has no host');
    return url;
}

/** Fetches the bytes of a marker, following up to MAX_REDIRECTS redirects, within the deadline. */
export async function fetchMarker(text: string, policy: MarkerFetchOptions = MARKER_FETCH_POLICY): Promise<Buffer> {
    const deadline = Date.now() + policy.timeoutMs;
    let url = parseMarkerUrl(text);
    for (let hop = 0; ; hop++) {
        const answer = await requestOnce(url, policy, deadline);
        if (answer.location === undefined) return answer.body;
        if (hop >= MAX_REDIRECTS) throw new MarkerFetchError(`redirects more than ${MAX_REDIRECTS} times`);
        let next: URL;
        try {
            next = new URL(answer.location, url);
        } catch {
            throw new MarkerFetchError('redirects to an invalid URL');
        }
        url = parseMarkerUrl(next.href);
    }
}

/** One GET: resolved and checked here, connected to the checked address. */
async function requestOnce(url: URL, policy: MarkerFetchOptions, deadline: number): Promise<{body: Buffer; location?: string}> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: {address: string; family: number}[];
    if (net.isIP(host)) {
        addresses = [{address: host, family: net.isIP(host)}];
    } else {
        try {
            addresses = await withDeadline(policy.resolve(host), deadline, 'resolving the host');
        } catch (err) {
            if (err instanceof MarkerFetchError) throw err;
            throw new MarkerFetchError(`host ${host} cannot be resolved`);
        }
    }
    if (addresses.length === 0) throw new MarkerFetchError(`host ${host} cannot be resolved`);
    // Refused when any address is internal: a name pointing both ways is not to be trusted.
    for (const a of addresses) {
        if (!policy.allowAddress(a.address)) throw new MarkerFetchError(`host ${host} resolves to a private or reserved address`);
    }
    const chosen = addresses[0];
    // The socket connects to exactly the address checked above.
    const lookup: LookupFunction = (_hostname, opts, callback) => {
        if ((opts as {all?: boolean}).all) (callback as unknown as (e: null, a: {address: string; family: number}[]) => void)(null, [chosen]);
        else callback(null, chosen.address, chosen.family);
    };
    return new Promise((resolve, reject) => {
        const remaining = deadline - Date.now();
        if (remaining <= 0) {
            reject(new MarkerFetchError(`took longer than ${policy.timeoutMs} ms`));
            return;
        }
        const req = https.request(url, {
            method: 'GET', lookup, ca: policy.ca, servername: net.isIP(host) ? undefined : host,
            headers: {'user-agent': 'quartier-marker-fetch', accept: 'image/png, image/svg+xml'}, agent: false
        }, (res) => {
            const status = res.statusCode ?? 0;
            if (status >= 300 && status < 400 && res.headers.location) {
                res.resume();
                resolve({body: Buffer.alloc(0), location: res.headers.location});
                return;
            }
            if (status !== 200) {
                res.resume();
                reject(new MarkerFetchError(`answered HTTP ${status}`));
                return;
            }
            const declared = Number(res.headers['content-length']);
            if (Number.isFinite(declared) && declared > policy.maxBytes) {
                req.destroy();
                reject(new MarkerFetchError(`is larger than ${policy.maxBytes} bytes`));
                return;
            }
            const chunks: Buffer[] = [];
            let size = 0;
            res.on('data', (chunk: Buffer) => {
                size += chunk.length;
                if (size > policy.maxBytes) {
                    req.destroy();
                    reject(new MarkerFetchError(`is larger than ${policy.maxBytes} bytes`));
                    return;
                }
                chunks.push(chunk);
            });
            res.on('end', () => resolve({body: Buffer.concat(chunks)}));
            res.on('error', () => reject(new MarkerFetchError('the download failed')));
        });
        const timer = setTimeout(() => {
            req.destroy();
            reject(new MarkerFetchError(`took longer than ${policy.timeoutMs} ms`));
        }, remaining);
        req.on('close', () => clearTimeout(timer));
        req.on('error', (err: NodeJS.ErrnoException) => {
            clearTimeout(timer);
            const tls = /certificate|self.signed|SSL|TLS/i.test(`${err.code ?? ''} ${err.message}`);
            reject(new MarkerFetchError(tls ? 'has an invalid TLS certificate' : `cannot be fetched (${err.code ?? 'connection failed'})`));
        });
        req.end();
    });
}

function withDeadline<T>(promise: Promise<T>, deadline: number, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new MarkerFetchError(`timed out ${what}`)), Math.max(0, deadline - Date.now()));
        promise.then((v) => {
            clearTimeout(timer);
            resolve(v);
        }, (e) => {
            clearTimeout(timer);
            reject(e);
        });
    });
}
