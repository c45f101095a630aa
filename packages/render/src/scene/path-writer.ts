// A path written as SVG path data into one reused byte buffer, handed to Skia as one Path2D. Each
// moveTo or lineTo on the canvas is a call into the native module (about 0.8 µs on this machine,
// whatever the binding's wrapper does); a map image has tens of thousands of vertices. Written
// here and parsed by Skia in one call, a vertex costs about a fifth of that.
// Coordinates are written to 1/100 of a device pixel: no anti-aliased edge moves by more than that
// (Skia's parser may land one float step off the nearest, far below that).
import {Path2D} from '@napi-rs/canvas';

const M = 77, L = 76, Z = 90, SPACE = 32, MINUS = 45, DOT = 46, ZERO = 48;
/** Largest |coordinate| × 100 written digit by digit (larger ones, far outside any image, through String). */
const MAX_FIXED = 2 ** 31;

export class PathWriter {
    private bytes = Buffer.allocUnsafe(1 << 16);
    private at = 0;
    private readonly digits = new Uint8Array(12);

    get empty(): boolean {
        return this.at === 0;
    }

    moveTo(x: number, y: number): void {
        this.op(M, x, y);
    }

    /** As the canvas: a line with no point before it starts the path there (SVG data must start with a move). */
    lineTo(x: number, y: number): void {
        this.op(this.at === 0 ? M : L, x, y);
    }

    closePath(): void {
        if (this.at + 1 > this.bytes.length) this.grow();
        this.bytes[this.at++] = Z;
    }

    /** The path written since the last take (or clear), as a Path2D; the writer starts a new one. */
    take(): Path2D {
        const path = new Path2D(this.bytes.toString('latin1', 0, this.at));
        this.at = 0;
        return path;
    }

    clear(): void {
        this.at = 0;
    }

    private op(code: number, x: number, y: number): void {
        // As the canvas: a point that is not finite is ignored.
        if (!Number.isFinite(x) || !Number.isFinite(y)) return;
        if (this.at + 64 > this.bytes.length) this.grow();
        this.bytes[this.at++] = code;
        this.number(x);
        this.bytes[this.at++] = SPACE;
        this.number(y);
    }

    /** Writes v to two decimals (trailing zeros left out). */
    private number(v: number): void {
        const b = this.bytes;
        let n = Math.round(v * 100);
        if (n < 0) {
            b[this.at++] = MINUS;
            n = -n;
        }
        if (n >= MAX_FIXED) {
            this.at += b.write(String(Math.abs(v)), this.at, 'latin1');
            return;
        }
        const whole = Math.floor(n / 100), cents = n - whole * 100;
        let d = 0, w = whole;
        do {
            this.digits[d++] = ZERO + w % 10;
            w = Math.floor(w / 10);
        } while (w > 0);
        while (d > 0) b[this.at++] = this.digits[--d];
        if (cents === 0) return;
        b[this.at++] = DOT;
        b[this.at++] = ZERO + Math.floor(cents / 10);
        if (cents % 10 !== 0) b[this.at++] = ZERO + cents % 10;
    }

    private grow(): void {
        const next = Buffer.allocUnsafe(this.bytes.length * 2);
        this.bytes.copy(next, 0, 0, this.at);
        this.bytes = next;
    }
}
