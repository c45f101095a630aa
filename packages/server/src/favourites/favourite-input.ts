// What a favourites request sends, checked: the visitor's id, and a new favourite's label, address and
// position. The messages name the field and the bound, never the value (it is the visitor's data).
import type {Region} from '@quartier/engine';
import {badRequest} from '../http/errors.js';
import {requireCovered} from '../http/position.js';
import {optionalString, type Query} from '../http/params.js';
import {newFavouriteId, type Favourite} from './favourite-store.js';

export const MAX_USER_ID = 128;
export const MAX_LABEL = 60;
export const MAX_ADDRESS = 200;
/** A POST body's bytes at most (a 413 beyond). */
export const MAX_BODY_BYTES = 4096;

const CONTROL = /[\u0000-\u001f\u007f]/;

/** A text field: a string, trimmed, 1..max characters, no control characters. */
function text(value: unknown, name: string, max: number, what: string): string {
    if (value === undefined || value === null) throw badRequest(`Missing '${name}': ${what}.`);
    if (typeof value !== 'string') throw badRequest(`'${name}' must be a string: ${what}.`);
    const v = value.trim();
    if (v === '') throw badRequest(`'${name}' is empty: ${what}.`);
    if (v.length > max) throw badRequest(`'${name}' is too long (at most ${max} characters).`);
    if (CONTROL.test(v)) throw badRequest(`'${name}' contains control characters.`);
    return v;
}

const USER_ID = 'the stable id of the portal\'s logged-in visitor';

/** The visitor's id from the query (GET, DELETE). */
export function userIdOf(q: Query): string {
    return text(optionalString(q, 'userId'), 'userId', MAX_USER_ID, USER_ID);
}

/** A new favourite from a POST body, with a new id; its position inside the request's served region. */
export function newFavourite(body: unknown, region: Region): {userId: string; favourite: Favourite} {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw badRequest('The body must be a JSON object: {"userId", "label", "address", "latitude", "longitude"}.');
    }
    const fields = body as Record<string, unknown>;
    const userId = text(fields.userId, 'userId', MAX_USER_ID, USER_ID);
    const label = text(fields.label, 'label', MAX_LABEL, 'a short name, such as Work or School');
    const address = text(fields.address, 'address', MAX_ADDRESS, 'the address as the address search gave it');
    const latitude = coordinate(fields.latitude, 'latitude', 90), longitude = coordinate(fields.longitude, 'longitude', 180);
    requireCovered(region, latitude, longitude, 'The favourite\'s position');
    return {userId, favourite: {id: newFavouriteId(), label, address, latitude, longitude}};
}

function coordinate(value: unknown, name: string, max: number): number {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw badRequest(`'${name}' must be a number (decimal degrees).`);
    if (value < -max || value > max) throw badRequest(`'${name}' must be between -${max} and ${max}.`);
    return value;
}
