// GET /fonts/{fontstack}/{start}-{end}.pbf: SDF glyph ranges for MapLibre (@quartier/render glyphs.ts).
// A comma-separated stack takes each code point from the first font that has it. Open, no key.
import type {Express} from 'express';
import {checkGlyphRequest, glyphRange} from '@quartier/render';
import {HttpError} from '../http/errors.js';
import {asset, sendAsset, type Asset} from '../assets/static-asset.js';

const MAX_AGE = 7 * 86400;

export function glyphRoutes(app: Express): void {
    const assets = new WeakMap<Buffer, Asset>();
    app.get('/fonts/:fontstack/:range', (req, res) => {
        const stack = req.params.fontstack.split(',').map((f) => f.trim());
        const m = /^(\d{1,5})-(\d{1,5})\.pbf$/.exec(req.params.range);
        const problem = checkGlyphRequest(stack, m ? Number(m[1]) : NaN, m ? Number(m[2]) : NaN);
        if (problem) throw new HttpError(problem.status, problem.message);
        const pbf = glyphRange(stack, Number(m![1]));
        let a = assets.get(pbf);
        if (!a) {
            a = asset(pbf, 'application/x-protobuf');
            assets.set(pbf, a);
        }
        sendAsset(req, res, a, MAX_AGE);
    });
}
