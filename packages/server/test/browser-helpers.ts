// What the browser tests share: Debian's Chromium through playwright-core, a session with a test server, and a screenshot's pixel variance.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import {chromium, type Browser} from 'playwright-core';
import {createCanvas, loadImage} from '@napi-rs/canvas';
import {repoRoot, testServer} from './helpers.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium headless with WebGL in software (SwiftShader), as CI has no GPU. */
export function launchChromium(): Promise<Browser> {
    return chromium.launch({executablePath: CHROMIUM, args: ['--no-sandbox', '--enable-unsafe-swiftshader', '--use-angle=swiftshader']});
}

/**
 * Pixel variance of a PNG (a blank or single-colour map is near 0), leaving out `rightMargin` pixels
 * on the right (a side panel).
 */
export async function pixelVariance(png: Buffer, rightMargin = 0): Promise<number> {
    const image = await loadImage(png);
    const canvas = createCanvas(image.width, image.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0);
    const {data} = ctx.getImageData(0, 0, image.width - rightMargin, image.height);
    let sum = 0, sq = 0, n = 0;
    for (let i = 0; i < data.length; i += 16) {
        const v = 0.3 * data[i] + 0.59 * data[i + 1] + 0.11 * data[i + 2];
        sum += v;
        sq += v * v;
        n++;
    }
    return sq / n - (sum / n) ** 2;
}

/**
 * A test server on the test regions, Chromium, and a folder for screenshots under build/test-artifacts,
 * all closed when the test file ends. `base` is on localhost (the development frontend key's host).
 */
export async function browserSession(folder: string): Promise<{base: string; browser: Browser; artifacts: string}> {
    const artifacts = path.join(repoRoot, 'build', 'test-artifacts', folder);
    fs.mkdirSync(artifacts, {recursive: true});
    const server = await testServer();
    t.teardown(() => server.close());
    const browser = await launchChromium();
    t.teardown(() => browser.close());
    return {base: `http://localhost:${server.port}`, browser, artifacts};
}
