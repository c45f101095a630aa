// GET /openapi.json (the API description) and GET /docs (the same drawn as a page, on the server:
// docs-page.ts; no script, no other file, no request to another host).
import type {Express, Response} from 'express';
import {HttpError} from '../http/errors.js';
import {openApiDocument} from './openapi.js';
import {referencePage} from './docs-page.js';

export function docsRoutes(app: Express): void {
    const document = JSON.stringify(openApiDocument);
    const page = referencePage(openApiDocument as unknown as Record<string, unknown>);
    app.get('/openapi.json', (_req, res) => send(res, 'application/json', document));
    app.get('/docs', (_req, res) => send(res, 'text/html; charset=utf-8', page));
    // Nothing below /docs: said here, before the country step would call it an unknown country.
    app.use('/docs', (req) => {
        throw new HttpError(404, `No file ${req.path.slice(1, 60)} in /docs: the reference is the one page /docs, and /openapi.json.`);
    });
}

function send(res: Response, type: string, text: string): void {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type(type).send(text);
}
