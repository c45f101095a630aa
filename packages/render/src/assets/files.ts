// Where the renderer's files live: the styles and icon tables in the repository's data/maplibre-styles,
// and the fonts and icons shipped by npm packages (never system files).
import {createRequire} from 'node:module';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const require = createRequire(import.meta.url);

/**
 * data/maplibre-styles of the repository, found from this file (packages/render/dist/src/assets): the seven
 * MapLibre style documents (browser and /image), the POI icon tables (icons.json, poi-icons.json).
 */
export const MAPLIBRE_STYLES_DIR = process.env.QUARTIER_STYLES ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../data/maplibre-styles');

/** The folder of an installed npm package. */
export function packageDir(name: string): string {
    return path.dirname(require.resolve(`${name}/package.json`));
}
