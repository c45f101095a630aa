// Favourite addresses (PLUGINS.md §1): a portal's visitor keeps a few addresses (work, school, family)
// and sees the travel times from a property to each. They are kept per key owner (keys.ts, ownerId) and
// visitor, under SHA-256 of the two: the visitor's own id is never a key in the store, and one owner
// never reaches another's. Two stores follow this interface: LMDB on one host (lmdb-favourites.ts), and
// Redis for replicas (redis-favourites.ts). A save resolves only once it is durable in the store.
import {createHash, randomBytes} from 'node:crypto';

/** One saved address, as stored and as answered. */
export interface Favourite {
    id: string;
    label: string;
    address: string;
    latitude: number;
    longitude: number;
}

export interface FavouriteLimits {
    /** Addresses a visitor may keep (QUARTIER_FAVOURITES_PER_VISITOR). */
    perVisitor: number;
    /** Visitors with favourites an owner may have (QUARTIER_FAVOURITES_VISITORS_PER_OWNER). */
    visitorsPerOwner: number;
}

export const DEFAULT_FAVOURITE_LIMITS: FavouriteLimits = {perVisitor: 10, visitorsPerOwner: 100_000};

/** What add says when a bound stops it (the handler's 409). */
export type AddRefusal = 'visitor-full' | 'owner-full';

export interface FavouriteStore {
    /** The visitor's favourites in the order they were added. */
    list(owner: string, userId: string): Promise<Favourite[]>;
    /** Adds one at the end, once durable; or says which bound refused it. */
    add(owner: string, userId: string, favourite: Favourite): Promise<Favourite | AddRefusal>;
    /** Whether a favourite of that id was there (and is now gone). */
    remove(owner: string, userId: string, id: string): Promise<boolean>;
    /** Removes all the visitor's favourites. */
    clear(owner: string, userId: string): Promise<void>;
    readonly limits: FavouriteLimits;
    close(): Promise<void>;
}

/** The store's key of a visitor: hex SHA-256 of the owner id and the visitor's id. */
export function visitorKey(owner: string, userId: string): string {
    return createHash('sha256').update(owner).update('\u0000').update(userId).digest('hex');
}

/** The store's key of an owner (its visitor count). */
export function ownerKey(owner: string): string {
    return createHash('sha256').update(owner).digest('hex');
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
/** Characters of a favourite's id. */
export const ID_LENGTH = 12;

/** A random id of ID_LENGTH base32 characters (60 bits). */
export function newFavouriteId(): string {
    const bytes = randomBytes(ID_LENGTH);
    let id = '';
    for (let i = 0; i < ID_LENGTH; i++) id += BASE32[bytes[i] & 31];
    return id;
}
