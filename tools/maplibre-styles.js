#!/usr/bin/env node
// Writes data/maplibre-styles/osm_<name>.json, the MapLibre documents of the seven styles of
// data/styles (see packages/render/src/maplibre-style.ts). Run after editing a style:
//   npm run build && node tools/maplibre-styles.js
// A test fails while the written files differ from what this would write.
import fs from 'node:fs';
import path from 'node:path';
import {STYLE_NAMES, loadStyle, toMapLibre, loadPoiIcons, MAPLIBRE_STYLES_DIR} from '../packages/render/dist/src/index.js';

const icons = loadPoiIcons();
for (const name of STYLE_NAMES) {
    const spec = loadStyle(name).spec;
    const file = path.join(MAPLIBRE_STYLES_DIR, spec.file);
    const tmp = `${file}.tmp`;
    fs.writeFileSync(tmp, `${JSON.stringify(toMapLibre(spec, icons), null, 1)}\n`);
    fs.renameSync(tmp, file);
    process.stdout.write(`${file}\n`);
}
