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
    fs.writeFileSync(tmp, format(toMapLibre(spec, icons)));
    fs.renameSync(tmp, file);
    process.stdout.write(`${file}\n`);
}

/** Like data/styles: the document's fields on their own lines, one line per layer. */
function format(style) {
    const {layers, ...head} = style;
    const fields = Object.entries(head).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
    return `{\n${fields.join(',\n')},\n  "layers": [\n${layers.map((l) => `    ${JSON.stringify(l)}`).join(',\n')}\n  ]\n}\n`;
}
