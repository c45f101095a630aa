// Shared by the render tests: the regions the test run built, and a perceptual image comparison.
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {createCanvas, Image} from '@napi-rs/canvas';
import {Region} from '@quartier/engine';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const testBuildRoot = path.join(repoRoot, 'build', 'test-regions');
export const goldenDir = path.join(repoRoot, 'packages', 'render', 'test', 'golden');

const opened = new Map<string, Region>();

/** A region built by the test setup (tap's `before`), opened once per process. */
export function testRegion(country: string): Region {
    let r = opened.get(country);
    if (!r) {
        r = Region.open(path.join(testBuildRoot, country));
        opened.set(country, r);
    }
    return r;
}

/** The three places every style is drawn for. */
export const PLACES = [
    {name: 'brussels', country: 'BE', latitude: 50.8461, longitude: 4.3664},
    {name: 'porto', country: 'PT', latitude: 41.1496, longitude: -8.6110},
    {name: 'valletta', country: 'MT', latitude: 35.8989, longitude: 14.5146}
];

/** RGBA pixels of an encoded image (PNG or JPEG), scaled to width × height with area filtering. */
export function pixels(encoded: Buffer, width: number, height: number): Uint8ClampedArray {
    const img = new Image();
    img.src = encoded;
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext('2d');
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(img, 0, 0, width, height);
    return ctx.getImageData(0, 0, width, height).data;
}

export interface Difference {
    /** Mean absolute difference over RGB, 0 to 255. */
    mean: number;
    /** Share of pixels whose largest channel difference exceeds 48. */
    changed: number;
}

/**
 * A perceptual difference: both images reduced to 100 × 56 (what a person sees at a glance: layout,
 * colours, labels as marks), then compared pixel by pixel. JPEG noise and antialiasing vanish in
 * the reduction; a moved street, a missing park or another palette do not.
 */
export function difference(a: Buffer, b: Buffer): Difference {
    const w = 100, h = 56;
    const pa = pixels(a, w, h), pb = pixels(b, w, h);
    let sum = 0, changed = 0;
    for (let i = 0; i < pa.length; i += 4) {
        const dr = Math.abs(pa[i] - pb[i]), dg = Math.abs(pa[i + 1] - pb[i + 1]), db = Math.abs(pa[i + 2] - pb[i + 2]);
        sum += dr + dg + db;
        if (Math.max(dr, dg, db) > 48) changed++;
    }
    return {mean: sum / (w * h * 3), changed: changed / (w * h)};
}
