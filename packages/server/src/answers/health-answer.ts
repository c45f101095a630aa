// The /health answer (docs/api/README.md): the server's state and, per region, what it serves from which
// data, what the data's licences ask, its size and the area it covers. The regions and their data
// never change while the app runs, only the workers' state may (`failure`).
import type {Region} from '@quartier/engine';
import {regionLicences} from '../assets/licences.js';

export function healthAnswer(regions: Region[], failure: string | null): string {
    return JSON.stringify({
        status: failure ? 'failed' : 'ok',
        ...(failure ? {error: failure} : {}),
        regions: regions.map((r) => ({
            status: failure ? 'failed' : 'ok',
            country: r.country.code,
            name: r.manifest.name,
            subdomain: r.country.subdomain,
            languages: r.country.languages,
            bundleFormat: r.manifest.format,
            buildVersion: r.manifest.buildVersion,
            builtAt: r.manifest.builtAt,
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
