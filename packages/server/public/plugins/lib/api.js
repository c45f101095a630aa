// The API as the plugins call it: the country's base URL on the map host (quartier serves both), the
// page's frontend key in the LicenseKey header, JSON in and out, the API's {"Error"} as the message.
//
// plugin.html runs in the portal's iframe: its calls are same-origin, so the browser names our host,
// not the portal's, as their origin. It sends the embedding page's host (location.ancestorOrigins,
// set by the browser) in X-Quartier-Embedder, and the server checks the key's domains against that.

export class ApiError extends Error {
    constructor(status, message) {
        super(message);
        this.status = status;
    }
}

/** The host of the page that embeds this frame (null when not framed). */
export function embedderHost() {
    if (window.top === window) return null;
    const ancestors = window.location.ancestorOrigins;
    const origin = ancestors && ancestors.length ? ancestors[0] : document.referrer;
    try {
        return new URL(origin).host;
    } catch {
        return null;
    }
}

/**
 * `base`: the map host's origin; `country`: two letters; `key`: the frontend key;
 * `embedder`: the embedding page's host (plugin.html only).
 */
export function createApi({base, country, key, language, embedder = null}) {
    const root = `${base}/${country.toLowerCase()}`;
    const headers = {LicenseKey: key ?? ''};
    if (embedder) headers['X-Quartier-Embedder'] = embedder;

    const url = (path, params = {}) => {
        const query = new URLSearchParams();
        for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) query.set(k, String(v));
        const q = query.toString();
        return `${root}${path}${q ? `?${q}` : ''}`;
    };
    async function call(method, path, params, body) {
        const init = {method, headers: {...headers}, credentials: 'omit'};
        if (body !== undefined) {
            init.headers['Content-Type'] = 'application/json';
            init.body = JSON.stringify(body);
        }
        let res;
        try {
            res = await fetch(url(path, params), init);
        } catch (err) {
            throw new ApiError(0, `The map service cannot be reached (${err.message}).`);
        }
        if (res.status === 204) return null;
        const text = await res.text();
        let answer = null;
        try {
            answer = text ? JSON.parse(text) : null;
        } catch {
            // Not JSON (e.g. a proxy's error page): the status says enough.
        }
        if (!res.ok) throw new ApiError(res.status, answer?.Error ?? `The map service answered ${res.status}.`);
        return answer;
    }
    return {
        base, country: country.toUpperCase(), language, key,
        url,
        get: (path, params) => call('GET', path, params),
        post: (path, body, params) => call('POST', path, params, body),
        del: (path, params) => call('DELETE', path, params),
        /** Address suggestions near a position (/geolocation/getclose): [{label, latitude, longitude}]. */
        async geocode(address, near) {
            const answer = await call('GET', '/geolocation/getclose', {
                address, language, limit: 6, latitude: near?.latitude?.toFixed(6), longitude: near?.longitude?.toFixed(6)
            });
            return (answer?.features ?? []).map((f) => ({label: featureLabel(f.properties ?? {}), latitude: f.geometry.coordinates[1], longitude: f.geometry.coordinates[0]}));
        }
    };
}

/** How the playground names a result: an address is named after itself, not twice. */
function featureLabel(p) {
    const address = p.housenumber && p.street ? `${p.street} ${p.housenumber}` : '';
    return [p.name, address === p.name ? '' : address, p.postcode, p.city].filter(Boolean).join(', ');
}
