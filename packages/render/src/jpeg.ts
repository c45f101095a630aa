// The JPEG of an image: SPEC's quality 100, by libjpeg-turbo through sharp (libvips, prebuilt), with the standard
// Huffman tables. Skia's encoder (canvas.encode) optimises the tables for each image, a second pass over the
// coefficients: on the project machine it coded an 800×450 map in 29–30 ms of CPU where sharp takes 11–12 (p50,
// 2026-11-30). The pixels decode the same (jpeg.test.ts); the file is about 7% larger.
// The canvas records its drawing and rasterizes it on the first read of its pixels: canvas.data() below, on this
// thread (Skia's encode did the same on a libuv thread).
import type {Canvas} from '@napi-rs/canvas';
import type {Sharp, SharpOptions} from 'sharp';

type SharpFactory = (input: Buffer, options: SharpOptions) => Sharp;
let sharp: SharpFactory | null = null;

/** Loaded on the first image: threads that never encode (the routing threads, the main thread) do not load libvips. */
async function loadSharp(): Promise<SharpFactory> {
    const module = (await import('sharp')).default;
    // One libvips thread per image (the render threads are the parallelism) and no libvips cache (every map is new).
    module.concurrency(1);
    module.cache(false);
    return module;
}

/**
 * The canvas as JPEG bytes, quality 100, 4:4:4, as Skia's encoder codes it: the pixels as they are stored
 * (premultiplied), their alpha left out (where sharp would otherwise lay a translucent pixel on black again).
 */
export async function encodeJpeg(canvas: Canvas): Promise<Buffer> {
    sharp ??= await loadSharp();
    return sharp(canvas.data(), {raw: {width: canvas.width, height: canvas.height, channels: 4}}).removeAlpha()
        .jpeg({quality: 100, chromaSubsampling: '4:4:4', optimiseCoding: false, mozjpeg: false, trellisQuantisation: false, overshootDeringing: false, optimiseScans: false})
        .toBuffer();
}
