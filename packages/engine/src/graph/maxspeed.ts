// Parsing of OSM `maxspeed` values into km/h, in every common form:
// "50", "50 km/h", "30 mph", "10 knots", "BE:urban", "DE:zone30", "none", "walk", "signals".

const MPH = 1.609344;
const KNOT = 1.852;

/** Implicit limits by country and road context (the "XX:context" form), km/h. */
const IMPLICIT: Record<string, number> = {
    // Common contexts across Europe; country entries below override.
    'urban': 50, 'rural': 90, 'motorway': 120, 'trunk': 110, 'living_street': 20, 'walk': 6,
    'zone20': 20, 'zone30': 30, 'zone:30': 30, 'bicycle_road': 30, 'pedestrian_zone': 6,
    'BE:rural': 90, 'BE-VLG:rural': 70, 'BE-WAL:rural': 90, 'BE-BRU:rural': 70, 'BE:motorway': 120,
    'BE-BRU:urban': 30, 'BE:zone30': 30, 'BE:cyclestreet': 30,
    'DE:rural': 100, 'DE:motorway': 130, 'DE:bicycle_road': 30,
    'FR:rural': 80, 'FR:motorway': 130, 'FR:zone30': 30,
    'IT:rural': 90, 'IT:motorway': 130, 'IT:trunk': 110,
    'PT:rural': 90, 'PT:motorway': 120, 'PT:trunk': 100,
    'MT:urban': 50, 'MT:rural': 80,
    'NL:rural': 80, 'NL:motorway': 130,
    'ES:rural': 90, 'ES:motorway': 120,
    'AT:rural': 100, 'AT:motorway': 130,
    'CH:rural': 80, 'CH:motorway': 120,
    'UK:nsl_single': 96.5, 'UK:nsl_dual': 112.6, 'UK:motorway': 112.6, 'GB:nsl_single': 96.5, 'GB:nsl_dual': 112.6,
    'IE:rural': 80, 'IE:motorway': 120,
    'LU:rural': 90, 'LU:motorway': 130
};

/**
 * Returns the speed limit in km/h, `Infinity` for "none" (no limit), or NaN when the value
 * is absent or not understood (the caller then uses the class default).
 */
export function parseMaxspeed(value: string | undefined): number {
    if (value === undefined) return NaN;
    let v = value.trim();
    if (v === '') return NaN;
    // Several values ("50;30") or a conditional suffix: keep the first, lowest-risk reading.
    const semi = v.indexOf(';');
    if (semi >= 0) v = v.slice(0, semi).trim();
    if (v === 'none' || v === 'unlimited') return Infinity;
    if (v === 'walk') return 6;
    if (v === 'signals' || v === 'variable') return NaN;
    const first = v.charCodeAt(0);
    if (first >= 48 && first <= 57) {
        const num = parseFloat(v);
        if (!(num > 0)) return NaN;
        const unit = v.slice(String(num).length).trim().toLowerCase();
        if (unit === '' || unit === 'km/h' || unit === 'kmh' || unit === 'kph') return num;
        if (unit === 'mph') return num * MPH;
        if (unit === 'knots' || unit === 'kn') return num * KNOT;
        return NaN;
    }
    // "BE:urban", "BE-BRU:urban", "DE:zone30", "RU:living_street".
    const colon = v.indexOf(':');
    if (colon > 0) {
        const exact = IMPLICIT[v];
        if (exact !== undefined) return exact;
        const context = v.slice(colon + 1);
        const country = v.slice(0, colon).split('-')[0];
        const byCountry = IMPLICIT[`${country}:${context}`];
        if (byCountry !== undefined) return byCountry;
        const generic = IMPLICIT[context];
        if (generic !== undefined) return generic;
        const zone = /^zone:?(\d+)$/.exec(context);
        if (zone) return Number(zone[1]);
    }
    return NaN;
}
