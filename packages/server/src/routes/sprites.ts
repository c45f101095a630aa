// GET /sprites/sprite.json, sprite.png, sprite@2x.json, sprite@2x.png: the MapLibre sprite of our POI
// markers (@quartier/render sprite.ts). Open, no key.
import type {Express} from 'express';
import {spriteSheet} from '@quartier/render';
import {HttpError} from '../http/errors.js';
import {asset, sendAsset, type Asset} from '../assets/static-asset.js';

const MAX_AGE = 86400;

export function spriteRoutes(app: Express): void {
    const assets = new Map<string, Asset>();
    app.get('/sprites/:file', (req, res) => {
        const file = req.params.file.toLowerCase();
        const m = /^sprite(@2x)?\.(json|png)$/.exec(file);
        if (!m) throw new HttpError(404, `No sprite file ${req.params.file.slice(0, 60)}: sprite.json, sprite.png, sprite@2x.json, sprite@2x.png.`);
        let a = assets.get(file);
        if (!a) {
            const sheet = spriteSheet(m[1] ? 2 : 1);
            a = m[2] === 'json' ? asset(JSON.stringify(sheet.json), 'application/json; charset=utf-8') : asset(sheet.png, 'image/png');
            assets.set(file, a);
        }
        sendAsset(req, res, a, MAX_AGE);
    });
}
