// GET /openapi.json (the API description) and GET /docs (a reference page drawn by Swagger UI from
// the npm package swagger-ui-dist, served by us: no CDN, no request leaves for another host).
import fs from 'node:fs';
import {HttpError} from '../http/errors.js';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {Express, Response} from 'express';
import {openApiDocument} from './openapi.js';

const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
/** The files of swagger-ui-dist the page loads, and their types. */
const ASSETS: Record<string, string> = {
    'swagger-ui.css': 'text/css; charset=utf-8',
    'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
    'favicon-32x32.png': 'image/png'
};

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>quartier API reference</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
<link rel="icon" type="image/png" href="/docs/favicon-32x32.png">
</head>
<body>
<div id="reference"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

// validatorUrl null: Swagger UI would otherwise send the document to validator.swagger.io.
const INIT = `window.ui = SwaggerUIBundle({url: '/openapi.json', dom_id: '#reference', deepLinking: true, validatorUrl: null, tryItOutEnabled: false});
`;

export function docsRoutes(app: Express): void {
    const document = JSON.stringify(openApiDocument);
    app.get('/openapi.json', (_req, res) => {
        res.setHeader('Cache-Control', 'public, max-age=3600');
        res.type('application/json').send(document);
    });
    app.get('/docs', (_req, res) => send(res, 'text/html; charset=utf-8', PAGE));
    app.get('/docs/init.js', (_req, res) => send(res, 'text/javascript; charset=utf-8', INIT));
    // The package's files, read once on first use.
    const loaded = new Map<string, Buffer>();
    app.get('/docs/:file', (req, res) => {
        const file = String(req.params.file);
        const type = ASSETS[file];
        if (type === undefined) throw new HttpError(404, `No file ${file.slice(0, 60)} in /docs: the page is /docs, its files ${['init.js', ...Object.keys(ASSETS)].join(', ')}.`);
        let bytes = loaded.get(file);
        if (bytes === undefined) {
            bytes = fs.readFileSync(path.join(swaggerDir, file));
            loaded.set(file, bytes);
        }
        res.setHeader('Cache-Control', 'public, max-age=86400');
        res.type(type).send(bytes);
    });
}

function send(res: Response, type: string, text: string): void {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type(type).send(text);
}
