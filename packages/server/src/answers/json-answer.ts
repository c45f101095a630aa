// Answers that leave as ready JSON bytes. A worker writes the answer's JSON and encodes it into an
// ArrayBuffer of its own, which the pool transfers (moves, never copies) to the main thread; the main
// thread writes those bytes as they are. The main thread, which serves every connection, thus never
// clones, parses or stringifies the answer (bench/RESULTS.md: "/route over HTTP: where the time went").
import type {ServerResponse} from 'node:http';

const encoder = new TextEncoder();

/** JSON text as bytes in an ArrayBuffer of their own, so that the pool can transfer them. */
export function jsonBytes(text: string): Uint8Array {
    return encoder.encode(text);
}

/** '00' to '99' as ASCII digit pairs. */
const DIGIT_PAIRS = new Uint8Array(200);
for (let i = 0; i < 100; i++) {
    DIGIT_PAIRS[2 * i] = 48 + Math.floor(i / 10);
    DIGIT_PAIRS[2 * i + 1] = 48 + (i % 10);
}

const POWERS_OF_TEN = [1, 10, 100, 1000, 1e4, 1e5, 1e6];

/**
 * Writes a JSON answer into one growing scratch buffer, reused from answer to answer. Coordinates,
 * most of a route's bytes, are written digit by digit from whole millionths of a degree: the same
 * text JSON.stringify gives for round6(x), in about a third of the time of stringifying number
 * arrays and encoding the string (bench/RESULTS.md: "/route over HTTP against a running OSRM").
 */
export class JsonWriter {
    private bytes = new Uint8Array(1 << 16);
    private length = 0;

    /** Starts a new answer. */
    reset(): this {
        this.length = 0;
        return this;
    }

    /** Text as it is (already JSON), encoded as UTF-8. */
    raw(text: string): this {
        for (;;) {
            const {read, written} = encoder.encodeInto(text, this.bytes.subarray(this.length));
            if (read === text.length) {
                this.length += written;
                return this;
            }
            this.room(this.bytes.length); // encodeInto wrote a prefix: write the whole text again in a larger buffer
        }
    }

    /** ASCII text as it is (already JSON: a key, punctuation): short text without encodeInto's call. */
    ascii(text: string): this {
        const count = text.length;
        this.room(count);
        const b = this.bytes;
        const n = this.length;
        for (let i = 0; i < count; i++) b[n + i] = text.charCodeAt(i);
        this.length = n + count;
        return this;
    }

    /** One ASCII character by its code. */
    char(code: number): this {
        this.room(1);
        this.bytes[this.length++] = code;
        return this;
    }

    /**
     * A coordinate given in whole millionths of a degree (Math.round(x * 1e6), |x| < 1000), as
     * JSON.stringify writes round6(x): no trailing zeros, no fraction when there is none.
     */
    micro(millionths: number): this {
        this.room(12);
        const b = this.bytes;
        let n = this.length, v = millionths;
        if (v < 0) {
            b[n++] = 45; // '-'
            v = -v;
        }
        const whole = Math.floor(v / 1e6), fraction = v - whole * 1e6;
        if (whole >= 100) {
            b[n++] = 48 + Math.floor(whole / 100);
            const t = whole % 100;
            b[n++] = DIGIT_PAIRS[2 * t];
            b[n++] = DIGIT_PAIRS[2 * t + 1];
        } else if (whole >= 10) {
            b[n++] = DIGIT_PAIRS[2 * whole];
            b[n++] = DIGIT_PAIRS[2 * whole + 1];
        } else {
            b[n++] = 48 + whole;
        }
        if (fraction > 0) {
            b[n++] = 46; // '.'
            const p = Math.floor(fraction / 10000), q = Math.floor(fraction / 100) % 100, r = fraction % 100;
            b[n++] = DIGIT_PAIRS[2 * p];
            b[n++] = DIGIT_PAIRS[2 * p + 1];
            b[n++] = DIGIT_PAIRS[2 * q];
            b[n++] = DIGIT_PAIRS[2 * q + 1];
            b[n++] = DIGIT_PAIRS[2 * r];
            b[n++] = DIGIT_PAIRS[2 * r + 1];
            while (b[n - 1] === 48) n--;
        }
        this.length = n;
        return this;
    }

    /** Degrees rounded to six decimals, as JSON.stringify writes round6(x). */
    degrees(x: number): this {
        return this.micro(Math.round(x * 1e6));
    }

    /** A whole number (|n| < 2^53), as JSON.stringify writes it. */
    int(n: number): this {
        this.room(17);
        const b = this.bytes;
        let at = this.length;
        if (n < 0) {
            b[at++] = 45; // '-'
            n = -n;
        }
        let digits = 1;
        for (let p = 10; p <= n; p *= 10) digits++;
        for (let k = at + digits - 1; k >= at; k--) {
            const q = Math.floor(n / 10);
            b[k] = 48 + (n - 10 * q);
            n = q;
        }
        this.length = at + digits;
        return this;
    }

    /**
     * scaled / 10^places (scaled a whole number ≥ 0, places 1 to 6): the text JSON.stringify gives for
     * Math.round(x * 10^places) / 10^places, the shortest that reads back as that double (no trailing zeros).
     */
    fixed(scaled: number, places: number): this {
        const unit = POWERS_OF_TEN[places];
        const whole = Math.floor(scaled / unit);
        let fraction = scaled - whole * unit;
        this.int(whole);
        if (fraction === 0) return this;
        this.room(places + 1);
        const b = this.bytes;
        let n = this.length;
        b[n++] = 46; // '.'
        for (let k = n + places - 1; k >= n; k--) {
            const q = Math.floor(fraction / 10);
            b[k] = 48 + (fraction - 10 * q);
            fraction = q;
        }
        n += places;
        while (b[n - 1] === 48) n--;
        this.length = n;
        return this;
    }

    /**
     * A JSON string, the text JSON.stringify gives: encoded as UTF-8 here, but for what it escapes (quotes,
     * backslashes, control characters) and surrogates, which go through JSON.stringify and raw().
     */
    string(text: string): this {
        const count = text.length;
        this.room(3 * count + 2);
        const b = this.bytes;
        let n = this.length;
        b[n++] = 34;
        for (let i = 0; i < count; i++) {
            const c = text.charCodeAt(i);
            if (c < 128) {
                if (c < 32 || c === 34 || c === 92) return this.raw(JSON.stringify(text));
                b[n++] = c;
            } else if (c < 0x800) {
                b[n++] = 0xc0 | (c >> 6);
                b[n++] = 0x80 | (c & 63);
            } else if (c >= 0xd800 && c < 0xe000) {
                return this.raw(JSON.stringify(text));
            } else {
                b[n++] = 0xe0 | (c >> 12);
                b[n++] = 0x80 | ((c >> 6) & 63);
                b[n++] = 0x80 | (c & 63);
            }
        }
        b[n++] = 34;
        this.length = n;
        return this;
    }

    /** A [lon, lat] pair of degrees, each rounded to six decimals. */
    position(lon: number, lat: number): this {
        return this.char(91).degrees(lon).char(44).degrees(lat).char(93);
    }

    /** The answer so far, copied into an ArrayBuffer of its own (the pool transfers it). */
    take(): Uint8Array {
        return this.bytes.slice(0, this.length);
    }

    private room(extra: number): void {
        if (this.length + extra <= this.bytes.length) return;
        const grown = new Uint8Array(Math.max(2 * this.bytes.length, this.length + extra));
        grown.set(this.bytes.subarray(0, this.length));
        this.bytes = grown;
    }
}

/**
 * Sends a JSON body as it is: the headers Express's res.json sets (Content-Type with the charset,
 * Content-Length), nothing stringified again. A HEAD request gets the headers alone (node:http drops the body).
 */
export function sendJson(res: ServerResponse, body: Uint8Array | string): void {
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
    res.end(body);
}
