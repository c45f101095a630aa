// GET /points (SPEC §4.5).
import type {Express} from 'express';
import type {Guard} from '../http/request-contract.js';
import {badRequest} from '../http/errors.js';
import {languageWithFallback, optionalBoolean, optionalString, parseLatLng, requiredString} from '../http/params.js';
import {requireCoveredBox} from '../http/position.js';
import {pointsAnswer} from '../answers/points-answer.js';

/** Largest box (km²) answered when caringForBigResponse is true (the default). */
export const MAX_BOX_KM2 = 100;
/** Largest box answered at all (caringForBigResponse=false): 10 degrees on a side. */
export const MAX_BOX_DEGREES = 10;

export function pointsRoutes(app: Express, guard: Guard): void {
    app.get('/points', guard('any', ({region, query}, _req, res) => {
        const [lat1, lon1] = parseLatLng(requiredString(query, 'bound1'), 'bound1');
        const [lat2, lon2] = parseLatLng(requiredString(query, 'bound2'), 'bound2');
        const minLat = Math.min(lat1, lat2), maxLat = Math.max(lat1, lat2);
        const minLon = Math.min(lon1, lon2), maxLon = Math.max(lon1, lon2);
        const language = languageWithFallback(query, region.country.languages);
        const caring = optionalBoolean(query, 'caringForBigResponse', true);
        if (maxLat - minLat > MAX_BOX_DEGREES || maxLon - minLon > MAX_BOX_DEGREES) throw badRequest('The requested area is too large.');
        if (caring && boxKm2(minLat, minLon, maxLat, maxLon) > MAX_BOX_KM2) throw badRequest('The requested area is too large.');
        requireCoveredBox(region, minLat, minLon, maxLat, maxLon);
        const typeIds = parseTypeIds(optionalString(query, 'poiTypesIds'));
        const result = region.points({
            minLat, minLon, maxLat, maxLon, language, typeIds,
            groupSamePositions: optionalBoolean(query, 'groupSamePositions', false),
            summaryMode: optionalBoolean(query, 'summaryMode', false)
        });
        res.setHeader('Nz', result.truncated ? 'true' : 'false');
        res.json(pointsAnswer(result.items));
    }));
}

function parseTypeIds(text: string | undefined): number[] | undefined {
    if (text === undefined) return undefined;
    const ids: number[] = [];
    for (const raw of text.split(',')) {
        const t = raw.trim();
        if (t === '') continue;
        if (!/^\d{14}$/.test(t)) throw badRequest(`Parameter 'poiTypesIds' must list 14-digit type ids (from /simplifiedcategories), got '${t.slice(0, 20)}'.`);
        ids.push(Number(t));
    }
    if (ids.length > 500) throw badRequest("Parameter 'poiTypesIds' lists more than 500 ids.");
    return ids;
}

function boxKm2(minLat: number, minLon: number, maxLat: number, maxLon: number): number {
    const h = (maxLat - minLat) * 111.32;
    const w = (maxLon - minLon) * 111.32 * Math.cos(((minLat + maxLat) / 2) * Math.PI / 180);
    return h * w;
}
