#!/usr/bin/env node
// After the build: Natural Earth (the world around a region at zooms 0–5) decoded once and written beside the
// tiles module of the engine (its dist folder: natural-earth.bin), so that no region build decodes it
// again (a second and more each). Nothing to do when the file there is current.
import {NaturalEarth, PREPARED_NATURAL_EARTH} from '@quartier/engine/internal';

const started = performance.now();
if (NaturalEarth.prepare()) {
    process.stderr.write(`Natural Earth prepared in ${((performance.now() - started) / 1000).toFixed(1)} s: ${PREPARED_NATURAL_EARTH}\n`);
}
