// quartier_compare_locations: two to five positions (listings an agent is choosing between) side by
// side: each one's summary facts, its scores (as /scores gives them) and, with a common destination,
// the trip to it by every mode (/matrix's task, as /favourites/times measures). The text lists the
// figures position by position, with the labels of the answer's language and no word of judgement.
import type {NeighbourhoodData, Region} from '@quartier/engine';
import {favouriteTimes, TIME_MODES, type Trip} from '../favourites/favourite-times.js';
import type {Favourite} from '../favourites/favourite-store.js';
import {requireCovered} from '../http/position.js';
import {HttpError} from '../http/errors.js';
import {scoresAnswer} from '../answers/neighbourhood-answer.js';
import type {NeighbourhoodService} from '../enrichment/neighbourhood-service.js';
import type {WorkerPool} from '../workers/pool.js';
import {nearestInSummary, summaryFacts, type SummaryFacts, type TravelMode} from './facts.js';
import {bounded, placeLine, tripFigures} from './texts.js';
import {cacheEndpoint} from './envelope.js';
import type {CategoryToken} from './categories.js';

export interface Labelled {
    latitude: number;
    longitude: number;
    label?: string;
}

interface Travel {
    durationSeconds: number;
    durationMinutes: number;
    distanceMeters: number;
}

/** One position's part, as the neighbourhood data gives it (cached per position and language). */
interface PositionData {
    facts: SummaryFacts;
    scores: {key: string; label: string; value: number}[];
    lines: string[];
}

const MODE_OF: Record<typeof TIME_MODES[number][0], TravelMode> = {Walking: 'walking', Bicycling: 'cycling', Driving: 'driving', Transit: 'transit'};
const TEXT_TOKENS: CategoryToken[] = ['school', 'nursery', 'supermarket', 'public_transport', 'train_station'];

function positionData(data: NeighbourhoodData, language: string): PositionData {
    const lines: string[] = [];
    for (const token of TEXT_TOKENS) {
        const p = nearestInSummary(data, token);
        if (p) lines.push(placeLine({...p, travelTimeMinutes: null}, language));
    }
    const scores = scoresAnswer(data, language).scores.map((s) => ({key: s.k, label: s.l, value: s.v}));
    lines.push(scores.map((s) => `${s.label} ${s.value}/10`).join(', '));
    return {facts: summaryFacts(data, language), scores, lines};
}

function travel(trip: Trip): Travel | null {
    return trip && {durationSeconds: Math.round(trip.seconds), durationMinutes: Math.ceil(trip.seconds / 60), distanceMeters: Math.round(trip.meters)};
}

/** A name for a position in the text: its label, else its street and town, else its coordinates. */
function nameOf(p: Labelled, facts: SummaryFacts | null): string {
    if (p.label) return p.label;
    const place = facts?.place;
    const words = [place?.street, place?.city].filter(Boolean).join(', ');
    return words || `${p.latitude}, ${p.longitude}`;
}

export async function comparePositions(service: NeighbourhoodService, pool: WorkerPool | undefined, region: Region, language: string,
    positions: Labelled[], destination: Labelled | undefined) {
    if (!pool) throw new HttpError(503, 'The routing engine is not running.');
    positions.forEach((p, i) => requireCovered(region, p.latitude, p.longitude, `positions[${i}]`));
    if (destination) requireCovered(region, destination.latitude, destination.longitude, 'The destination');
    const parts = await Promise.all(positions.map(async (p) => {
        const answer = await service.answer(cacheEndpoint('compare'), region, p.latitude, p.longitude, language, (data) => positionData(data, language));
        const part = JSON.parse(answer.body.toString('utf8')) as PositionData;
        const times = destination ? (await favouriteTimes(pool, region, p.latitude, p.longitude, [destination as Favourite]))[0] : null;
        return {part, times};
    }));
    const blocks: string[] = [];
    const compared = parts.map(({part, times}, i) => {
        const p = positions[i];
        const toDestination = times && Object.fromEntries(TIME_MODES.map(([name]) => [MODE_OF[name], travel(times[name])]));
        const lines = [`${i + 1}. ${nameOf(p, part.facts)}`, ...part.lines];
        if (toDestination && destination) {
            const trips = Object.entries(toDestination).filter(([, t]) => t !== null)
                .map(([mode, t]) => tripFigures(t!.distanceMeters, t!.durationMinutes, mode as TravelMode, language));
            lines.push(`→ ${nameOf(destination, null)}: ${trips.join('; ') || '—'}`);
        }
        blocks.push(lines.join('\n'));
        return {label: p.label ?? null, latitude: p.latitude, longitude: p.longitude, ...part.facts, scores: part.scores, toDestination};
    });
    return {
        text: bounded(blocks),
        facts: {positions: compared, destination: destination ? {label: destination.label ?? null, latitude: destination.latitude, longitude: destination.longitude} : null}
    };
}
