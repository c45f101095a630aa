// Where a request's position may lie: inside the served country (its borders and territorial
// waters) and inside the area the region's data covers (region/coverage.ts in the engine). Every
// position-based endpoint checks here, so none answers 200 with "nothing there" for a place it has
// no data for.
import type {Region} from '@quartier/engine';
import {badRequest} from './errors.js';
import {type Query, parseLatitude, parseLongitude, requiredString} from './params.js';

/** A position read from two parameters and checked by requireCovered. */
export function coveredPosition(q: Query, region: Region, latName: string, lonName: string, subject = 'The position'): [number, number] {
    const lat = parseLatitude(requiredString(q, latName), latName);
    const lon = parseLongitude(requiredString(q, lonName), lonName);
    requireCovered(region, lat, lon, subject);
    return [lat, lon];
}

/** A 400 unless the position lies in the country and in the region's covered area. */
export function requireCovered(region: Region, lat: number, lon: number, subject = 'The position'): void {
    if (!region.contains(lat, lon)) throw badRequest(`${subject} is outside ${region.country.code}.`);
    if (!region.covers(lat, lon)) throw notCovered(region, subject);
}

/** A 400 when the position lies in the country but outside the covered area (positions abroad pass). */
export function requireCoveredInCountry(region: Region, lat: number, lon: number, subject = 'The position'): void {
    if (region.contains(lat, lon) && !region.covers(lat, lon)) throw notCovered(region, subject);
}

/** A 400 when no part of the box lies in the covered area. */
export function requireCoveredBox(region: Region, minLat: number, minLon: number, maxLat: number, maxLon: number): void {
    if (!region.touchesCoverage(minLat, minLon, maxLat, maxLon)) throw notCovered(region, 'The requested box');
}

function notCovered(region: Region, subject: string) {
    return badRequest(`${subject} is outside the area this server has data for (${region.label}). /health lists the area each region covers.`);
}
