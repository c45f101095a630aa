// Label fonts, registered once from the @fontsource packages (Roboto and Noto Sans, SIL Open Font
// License 1.1). Each font ships as Latin and Latin Extended subsets; a label's font list names both,
// and the first face holding a glyph draws it, so no label ever falls back to a system font for Latin text.
import path from 'node:path';
import {GlobalFonts} from '@napi-rs/canvas';
import {packageDir} from './files.js';

/** Font families the styles may name, with their npm package and file prefix. */
const FAMILIES: Record<string, {pkg: string; prefix: string; weights: number[]}> = {
    'Roboto': {pkg: '@fontsource/roboto', prefix: 'roboto', weights: [400, 500, 700]},
    'Noto Sans': {pkg: '@fontsource/noto-sans', prefix: 'noto-sans', weights: [400, 500, 700]}
};

export type FontWeight = 'regular' | 'medium' | 'bold' | 'italic';

let registered = false;

/** Registers every face under private family names ("Q Roboto" and "Q Roboto Ext"). */
export function registerFonts(): void {
    if (registered) return;
    for (const [family, spec] of Object.entries(FAMILIES)) {
        const dir = path.join(packageDir(spec.pkg), 'files');
        for (const subset of ['latin', 'latin-ext']) {
            const alias = subset === 'latin' ? privateFamily(family) : `${privateFamily(family)} Ext`;
            for (const weight of spec.weights) {
                const file = path.join(dir, `${spec.prefix}-${subset}-${weight}-normal.woff2`);
                if (!GlobalFonts.registerFromPath(file, alias)) throw new Error(`cannot load the font ${file}`);
            }
            const italic = path.join(dir, `${spec.prefix}-${subset}-400-italic.woff2`);
            if (!GlobalFonts.registerFromPath(italic, alias)) throw new Error(`cannot load the font ${italic}`);
        }
    }
    registered = true;
}

export function isKnownFamily(family: string): boolean {
    return family in FAMILIES;
}

function privateFamily(family: string): string {
    return `Q ${family}`;
}

/** A canvas font string for a size in device pixels. */
export function fontString(family: string, weight: FontWeight, sizePx: number): string {
    const style = weight === 'italic' ? 'italic 400' : weight === 'bold' ? '700' : weight === 'medium' ? '500' : '400';
    const f = privateFamily(family);
    return `${style} ${sizePx.toFixed(1)}px "${f}", "${f} Ext"`;
}
