// Worker threads for /image (Piscina), started on the first image request: rendering takes tens to
// hundreds of milliseconds of CPU, which must not stall the server's other requests. Workers share
// the regions' SharedArrayBuffers. A render past its time limit is abandoned (503), and so is one
// that finds too many waiting.
import os from 'node:os';
import {fileURLToPath} from 'node:url';
import {Piscina} from 'piscina';
import type {Region} from '@quartier/engine';
import {HttpError} from './errors.js';
import type {RenderAnswer, RenderTask} from './image-worker.js';

/** QUARTIER_IMAGE_WORKERS: render threads (default: the core count). */
export const IMAGE_WORKERS = Number(process.env.QUARTIER_IMAGE_WORKERS) || os.availableParallelism();
export const RENDER_TIMEOUT_MS = 30000;
export const MAX_WAITING_RENDERS = 64;

export class ImagePool {
    private readonly piscina: Piscina;
    private inFlight = 0;

    constructor(regions: Region[], readonly size = IMAGE_WORKERS) {
        this.piscina = new Piscina({
            filename: fileURLToPath(new URL('./image-worker.js', import.meta.url)),
            minThreads: size,
            maxThreads: size,
            idleTimeout: Infinity,
            workerData: {regions: regions.map((r) => ({manifest: r.manifest, buffers: r.buffers}))}
        });
        this.piscina.on('error', (err) => process.stderr.write(`image worker error: ${(err as Error).message}\n`));
    }

    async render(task: RenderTask): Promise<Buffer> {
        if (this.inFlight >= this.size + MAX_WAITING_RENDERS) {
            throw new HttpError(503, 'Too many images are being drawn; retry in a few seconds.', {'Retry-After': '2'});
        }
        this.inFlight++;
        const abort = new AbortController();
        const timer = setTimeout(() => abort.abort(), RENDER_TIMEOUT_MS);
        let answer: RenderAnswer;
        try {
            answer = await this.piscina.run(task, {signal: abort.signal});
        } catch (err) {
            if (abort.signal.aborted) throw new HttpError(503, `The image was not drawn within ${RENDER_TIMEOUT_MS / 1000} s; retry later.`);
            process.stderr.write(`render failed: ${(err as Error).message ?? String(err)}\n`);
            throw new HttpError(503, 'Drawing the image failed; retry later.');
        } finally {
            clearTimeout(timer);
            this.inFlight--;
        }
        if ('error' in answer) throw new HttpError(answer.error.status, answer.error.message);
        return Buffer.from(answer.jpeg.buffer, answer.jpeg.byteOffset, answer.jpeg.byteLength);
    }

    close(): Promise<void> {
        return this.piscina.destroy();
    }
}
