// Where the renderer's files live: the style definitions in the repository's data/styles, and the
// fonts and icons shipped by npm packages (never system files).
import {createRequire} from 'node:module';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const require = createRequire(import.meta.url);

/** data/styles of the repository, found from this file (packages/render/dist/src). */
export const STYLES_DIR = process.env.QUARTIER_STYLES ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../data/styles');

/** data/maplibre-styles: the styles as MapLibre documents (written from data/styles) and the POI icon mapping. */
export const MAPLIBRE_STYLES_DIR = path.resolve(STYLES_DIR, '../maplibre-styles');

/** The folder of an installed npm package. */
export function packageDir(name: string): string {
    return path.dirname(require.resolve(`${name}/package.json`));
}
