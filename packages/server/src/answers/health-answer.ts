// The /health answer (docs/api/README.md): the server's state and, per region, what it serves from which
// data, how old it is (data-age.ts), what the data's licences ask, its size and the area it covers, and when its bundle
// was swapped in or why a new one was refused (service/region-swap.ts). An app serves one set of regions; the
// workers' state may change (`failure`), and the notes of the swaps.
import type {Region} from '@quartier/engine';
import {regionLicences} from '../assets/licences.js';
import {dataAge} from './data-age.js';

/** What /health tells of a region's updates while the server runs. */
export interface RegionUpdateNote {
    /** When the bundle served was swapped in (absent: served since the start). */
    swappedAt?: string;
    /** The last new bundle refused, until one is swapped in: its id (null when it had no manifest) and why. */
    refused?: {bundleId: string | null; reason: string; at: string};
}

/** `today`: YYYY-MM-DD, the day a feed's service dates are checked against. */
export function healthAnswer(regions: Region[], failure: string | null, today?: string, notes?: ReadonlyMap<string, RegionUpdateNote>): string {
    return JSON.stringify({
        status: failure ? 'failed' : 'ok',
        ...(failure ? {error: failure} : {}),
        regions: regions.map((r) => ({age: dataAge(r, today), r})).map(({age, r}) => ({
            status: failure ? 'failed' : 'ok',
            country: r.country.code,
            name: r.manifest.name,
            subdomain: r.country.subdomain,
            languages: r.country.languages,
            bundleFormat: r.manifest.format,
            buildVersion: r.manifest.buildVersion,
            builtAt: r.manifest.builtAt,
            bundleId: age.bundleId,
            ...notes?.get(r.country.code),
            // How old the data is: the OSM data's date, and each feed's service dates (an expired feed is flagged).
            dataDate: age.dataDate,
            feeds: age.feeds,
            sources: r.manifest.sources.map((s) => ({file: s.path.split('/').pop(), date: s.date, role: s.role})),
            // What the data's licences ask of those who show it (ODbL: credit OpenStreetMap contributors).
            licences: regionLicences(r),
            counts: r.counts,
            bytes: r.byteLength,
            // The area the data covers (GeoJSON MultiPolygon): positions outside it get a 400.
            coverage: r.coverageOutline
        }))
    });
}
