// GET /summary, /summary/text, /summary/text-and-data, /scores (COMPAT.md) and /enrichment
// (SPEC §2.4, §4.4, §7.2): what is around a position, in data, prose and scores.
import type {Express, Response} from 'express';
import {neighbourhoodText} from '@quartier/engine';
import type {Guard, RequestContext} from '../http/request-contract.js';
import {badRequest} from '../http/errors.js';
import type {Answer, NeighbourhoodService} from '../enrichment/neighbourhood-service.js';
import {languageWithFallback, optionalString} from '../http/params.js';
import {coveredPosition} from '../http/position.js';
import {sendJson} from '../answers/json-answer.js';
import {enrichmentAnswer, scoresAnswer, summaryAnswer, textAndDataAnswer, textAnswer} from '../answers/neighbourhood-answer.js';

export function neighbourhoodRoutes(app: Express, guard: Guard, service: NeighbourhoodService): void {
    app.get('/summary', guard('any', async (ctx, _req, res) => {
        const [lat, lon] = position(ctx);
        const language = languageWithFallback(ctx.query, ctx.region.country.languages);
        send(res, await service.answer('summary', ctx.region, lat, lon, language, (data) => summaryAnswer(data, language)));
    }));
    app.get('/summary/text', guard('any', async (ctx, _req, res) => {
        const [lat, lon] = position(ctx);
        const languages = ctx.region.country.languages;
        send(res, await service.answer('summary/text', ctx.region, lat, lon, '', (data) => textAnswer(neighbourhoodText(data, languages))));
    }));
    app.get('/summary/text-and-data', guard('any', async (ctx, _req, res) => {
        const [lat, lon] = position(ctx);
        const region = ctx.region;
        const language = languageWithFallback(ctx.query, region.country.languages);
        send(res, await service.answer('summary/text-and-data', region, lat, lon, language, (data) =>
            textAndDataAnswer(summaryAnswer(data, language), textAnswer(neighbourhoodText(data, region.country.languages)))));
    }));
    app.get('/scores', guard('any', async (ctx, _req, res) => {
        const [lat, lon] = position(ctx);
        const language = languageWithFallback(ctx.query, ctx.region.country.languages);
        send(res, await service.answer('scores', ctx.region, lat, lon, language, (data) => scoresAnswer(data, language)));
    }));
    app.get('/enrichment', guard('backend', async (ctx, _req, res) => {
        const [lat, lon] = position(ctx);
        const languages = ctx.region.country.languages;
        const requested = optionalString(ctx.query, 'language');
        const language = requested === undefined ? 'EN' : requested.toUpperCase();
        if (!languages.includes(language)) {
            throw badRequest(`Language '${requested!.slice(0, 10)}' is not served in ${ctx.country}: use one of ${languages.join(', ')}.`);
        }
        send(res, await service.enrichment(ctx.region, lat, lon, language, (data) => enrichmentAnswer(data, language)));
    }));
}

function position(ctx: RequestContext): [number, number] {
    return coveredPosition(ctx.query, ctx.region, 'latitude', 'longitude');
}

function send(res: Response, answer: Answer): void {
    res.locals.cache = answer.cached ? 'hit' : 'miss';
    sendJson(res, answer.body);
}
