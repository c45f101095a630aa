// /favourites (docs/api/favourites.md): a visitor's favourite addresses, kept per key owner, and the
// travel times from a property to each. Frontend and backend keys, under the root and /{cc}/ like every
// endpoint; every answer is `Cache-Control: no-store` (it is one visitor's). (The handler lives here, not
// in routes/, which is full.)
import express, {type Express, type Response} from 'express';
import type {Guard} from '../http/request-contract.js';
import {HttpError, badRequest} from '../http/errors.js';
import {coveredPosition} from '../http/position.js';
import {sendJson} from '../answers/json-answer.js';
import {favouriteAnswer, favouriteListAnswer, favouriteTimesAnswer} from '../answers/favourites-answer.js';
import {ID_LENGTH, type FavouriteStore} from './favourite-store.js';
import {MAX_BODY_BYTES, newFavourite, userIdOf} from './favourite-input.js';
import {favouriteTimes} from './favourite-times.js';

const ID = new RegExp(`^[a-z2-7]{${ID_LENGTH}}$`);

export function favouriteRoutes(app: Express, guard: Guard, store: FavouriteStore | null): void {
    const kept = (): FavouriteStore => {
        if (!store) throw new HttpError(503, 'Favourite addresses are not available on this server now.');
        return store;
    };
    app.get('/favourites', guard('any', async (ctx, _req, res) => {
        const list = await stored(() => kept().list(ctx.keyOwner, userIdOf(ctx.query)));
        send(res, 200, favouriteListAnswer(list));
    }));
    // The key is checked before the body is read (as POST /matrix): without one, any body is a 401.
    const readBody = express.json({limit: MAX_BODY_BYTES, type: () => true});
    app.post('/favourites', guard('any', async (ctx, req, res) => {
        await new Promise<void>((resolve, reject) => readBody(req, res, (err?: unknown) => (err ? reject(bodyError(err)) : resolve())));
        const {userId, favourite} = newFavourite(req.body, ctx.region);
        const store = kept();
        const saved = await stored(() => store.add(ctx.keyOwner, userId, favourite));
        if (saved === 'visitor-full') throw new HttpError(409, `This visitor already keeps ${store.limits.perVisitor} favourite addresses, the most one may: delete one first.`);
        if (saved === 'owner-full') throw new HttpError(409, `Favourite addresses are kept for at most ${store.limits.visitorsPerOwner} visitors per portal, and this portal has reached it.`);
        send(res, 201, favouriteAnswer(saved));
    }));
    app.delete('/favourites', guard('any', async (ctx, _req, res) => {
        const userId = userIdOf(ctx.query);
        await stored(() => kept().clear(ctx.keyOwner, userId));
        send(res, 204, null);
    }));
    app.delete('/favourites/:id', guard('any', async (ctx, req, res) => {
        const userId = userIdOf(ctx.query);
        const id = String(req.params.id);
        const removed = ID.test(id) && await stored(() => kept().remove(ctx.keyOwner, userId, id));
        if (!removed) throw new HttpError(404, 'No favourite of this id for this visitor.');
        send(res, 204, null);
    }));
    app.get('/favourites/times', guard('any', async (ctx, _req, res) => {
        const userId = userIdOf(ctx.query);
        const [lat, lon] = coveredPosition(ctx.query, ctx.region, 'latitude', 'longitude', 'The property');
        const list = await stored(() => kept().list(ctx.keyOwner, userId));
        if (list.length > 0 && !ctx.pool) throw new HttpError(503, 'The routing engine is not running.');
        const times = list.length === 0 ? [] : await favouriteTimes(ctx.pool!, ctx.region, lat, lon, list);
        send(res, 200, favouriteTimesAnswer(list, times));
    }));
}

function send(res: Response, status: number, body: string | null): void {
    res.setHeader('Cache-Control', 'no-store');
    res.status(status);
    if (body === null) res.end();
    else sendJson(res, body);
}

/**
 * A store's failure (Redis away, a disk error) is a 503 that names no favourite; the message of the
 * error is logged without the command's arguments, which may be a visitor's data.
 */
async function stored<T>(work: () => Promise<T>): Promise<T> {
    try {
        return await work();
    } catch (err) {
        if (err instanceof HttpError) throw err;
        process.stderr.write(`favourites: the store failed: ${(err as Error).name}: ${String((err as Error).message).slice(0, 200)}\n`);
        throw new HttpError(503, 'The favourites store cannot answer now; retry later.', {'Retry-After': '5'});
    }
}

/** The JSON body's own errors, said plainly (never quoting the body: it is the visitor's). */
function bodyError(err: unknown): unknown {
    const type = (err as {type?: string}).type;
    if (type === 'entity.too.large') return new HttpError(413, `The body is larger than ${MAX_BODY_BYTES} bytes.`);
    if (type === 'entity.parse.failed') return badRequest('The body is not valid JSON.');
    return err;
}
