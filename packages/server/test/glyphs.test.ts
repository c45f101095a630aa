// GET /fonts/{fontstack}/{start}-{end}.pbf: SDF glyph ranges decoded with pbf and the glyphs.proto
// layout MapLibre reads, holding the code points of Latin, Greek, Cyrillic and Arabic samples.
import http from 'node:http';
import t from 'tap';
import {PbfReader} from 'pbf';
import {testServer} from './helpers.js';

interface Glyph {id: number; bitmap: Uint8Array | null; width: number; height: number; left: number; top: number; advance: number}
interface Stack {name: string; range: string; glyphs: Glyph[]}

/** glyphs.proto: glyphs { repeated fontstack stacks = 1 }, fontstack { name = 1; range = 2; repeated glyph = 3 }. */
function decode(buf: Uint8Array): Stack[] {
    return new PbfReader(buf).readFields((tag, stacks: Stack[], pbf) => {
        if (tag !== 1) return;
        stacks.push(pbf.readMessage((tag2, s: Stack, p) => {
            if (tag2 === 1) s.name = p.readString();
            else if (tag2 === 2) s.range = p.readString();
            else if (tag2 === 3) {
                s.glyphs.push(p.readMessage((tag3, g: Glyph, q) => {
                    if (tag3 === 1) g.id = q.readVarint();
                    else if (tag3 === 2) g.bitmap = q.readBytes();
                    else if (tag3 === 3) g.width = q.readVarint();
                    else if (tag3 === 4) g.height = q.readVarint();
                    else if (tag3 === 5) g.left = q.readSVarint();
                    else if (tag3 === 6) g.top = q.readSVarint();
                    else if (tag3 === 7) g.advance = q.readVarint();
                }, {id: -1, bitmap: null, width: 0, height: 0, left: 0, top: 0, advance: 0}));
            }
        }, {name: '', range: '', glyphs: []}));
    }, []);
}

async function fetchRange(url: string, stack: string, cp: number) {
    const start = cp - (cp % 256);
    const res = await fetch(`${url}/fonts/${encodeURIComponent(stack)}/${start}-${start + 255}.pbf`);
    const body = new Uint8Array(await res.arrayBuffer());
    return {res, body, stacks: res.status === 200 ? decode(body) : []};
}

const SAMPLES: Record<string, string> = {
    latin: 'Rue de la Loi, Bruxelles',
    'latin extended': 'Łódź Đakovo Şişli Čakovec',
    greek: 'Αθήνα Θεσσαλονίκη',
    cyrillic: 'Москва София Београд',
    arabic: 'القاهرة المنامة',
    'arabic presentation forms': '\uFE8D\uFEDF\uFED8\uFE8E\uFEAD'
};

t.test('glyphs', async (t) => {
    const server = await testServer();
    t.teardown(() => server.close());

    t.test('each sample code point has a glyph in its range, with a bitmap of its size plus the 3 px buffer', async (t) => {
        const stack = 'Roboto Regular,Noto Sans Regular';
        for (const [script, text] of Object.entries(SAMPLES)) {
            for (const ch of new Set(text.replace(/[ ,]/g, ''))) {
                const cp = ch.codePointAt(0)!;
                const {res, stacks} = await fetchRange(server.url, stack, cp);
                t.equal(res.status, 200);
                t.equal(stacks.length, 1);
                const start = cp - (cp % 256);
                t.equal(stacks[0].range, `${start}-${start + 255}`);
                const g = stacks[0].glyphs.find((x) => x.id === cp);
                if (!g) {
                    t.fail(`${script}: no glyph for U+${cp.toString(16)} ${ch}`);
                    continue;
                }
                t.ok(g.width > 0 && g.height > 0 && g.advance > 0, `${script} ${ch}: ${g.width}×${g.height}, advance ${g.advance}`);
                t.equal(g.bitmap?.length, (g.width + 6) * (g.height + 6), `${ch}: bitmap size`);
                // An SDF (radius 8, cutoff 0.25): the outline is at 191, inside above it, and the buffer's
                // corners (3 px or more outside) at most 191 - 3 × 255 / 8 ≈ 95.
                const max = Math.max(...g.bitmap!), corner = g.bitmap![0];
                t.ok(max > 191 && corner <= 96, `${ch}: a distance field (corner ${corner}, max ${max})`);
            }
        }
    });

    t.test('a space has an advance and no bitmap; the range lists every code point a font holds', async (t) => {
        const {stacks} = await fetchRange(server.url, 'Noto Sans Regular', 32);
        const space = stacks[0].glyphs.find((g) => g.id === 32)!;
        t.equal(space.bitmap, null);
        t.ok(space.advance > 0);
        const ids = new Set(stacks[0].glyphs.map((g) => g.id));
        for (let cp = 33; cp < 127; cp++) t.ok(ids.has(cp), `U+${cp.toString(16)}`);
        t.notOk(ids.has(10), 'no control characters');
    });

    t.test('a stack takes each code point from its first font that has it', async (t) => {
        const roboto = (await fetchRange(server.url, 'Roboto Regular', 65)).stacks[0].glyphs.find((g) => g.id === 65)!;
        const noto = (await fetchRange(server.url, 'Noto Sans Regular', 65)).stacks[0].glyphs.find((g) => g.id === 65)!;
        const both = (await fetchRange(server.url, 'Roboto Regular,Noto Sans Regular', 65)).stacks[0];
        t.equal(both.name, 'Roboto Regular,Noto Sans Regular');
        const a = both.glyphs.find((g) => g.id === 65)!;
        t.same(Buffer.from(a.bitmap!), Buffer.from(roboto.bitmap!), 'Latin from Roboto');
        t.notSame(Buffer.from(roboto.bitmap!), Buffer.from(noto.bitmap!), 'the two fonts draw A differently');
        const arabicAlone = (await fetchRange(server.url, 'Roboto Regular', 0x627)).stacks[0];
        t.equal(arabicAlone.glyphs.length, 0, 'Roboto has no Arabic');
        const arabic = (await fetchRange(server.url, 'Roboto Regular,Noto Sans Regular', 0x627)).stacks[0];
        t.ok(arabic.glyphs.some((g) => g.id === 0x627), 'Arabic from Noto Sans');
        const bold = (await fetchRange(server.url, 'Roboto Bold', 65)).stacks[0].glyphs.find((g) => g.id === 65)!;
        t.ok(bold.advance >= roboto.advance, 'bold is a bolder face');
        t.notSame(Buffer.from(bold.bitmap!), Buffer.from(roboto.bitmap!));
    });

    t.test('open, cached, ETag and 304', async (t) => {
        const {res} = await fetchRange(server.url, 'Noto Sans Italic', 0x3b1);
        t.equal(res.status, 200);
        t.equal(res.headers.get('content-type'), 'application/x-protobuf');
        t.equal(res.headers.get('access-control-allow-origin'), '*');
        t.match(res.headers.get('cache-control'), /public, max-age=\d{6}/);
        const etag = res.headers.get('etag')!;
        const again = await fetch(`${server.url}/fonts/Noto%20Sans%20Italic/768-1023.pbf`, {headers: {'If-None-Match': etag}});
        t.equal(again.status, 304);
    });

    t.test('unknown font, bad range, too many fonts', async (t) => {
        const font = await fetch(`${server.url}/fonts/Comic%20Sans/0-255.pbf`);
        t.equal(font.status, 404);
        t.match(((await font.json()) as {Error: string}).Error, /Unknown font "Comic Sans"\. Fonts served: Roboto Regular/);
        for (const range of ['0-256', '1-256', '65536-65791', 'a-b', '0-255.png', '256-255']) {
            const r = await fetch(`${server.url}/fonts/Roboto%20Regular/${range}${range.includes('.') ? '' : '.pbf'}`);
            t.equal(r.status, 400, range);
            t.match(((await r.json()) as {Error: string}).Error, /multiple of 256/);
        }
        const many = await fetch(`${server.url}/fonts/${encodeURIComponent(Array(5).fill('Roboto Regular').join(','))}/0-255.pbf`);
        t.equal(many.status, 400);
        t.match(((await many.json()) as {Error: string}).Error, /1 to 4 fonts/);
    });
});

t.test('gzip for clients that accept it, the plain body for the others', async (t) => {
    const server = await testServer();
    t.teardown(() => server.close());
    const url = `${server.url}/fonts/Roboto%20Medium/0-255.pbf`;
    const zipped = await fetch(url, {headers: {'Accept-Encoding': 'gzip'}});
    t.equal(zipped.headers.get('content-encoding'), 'gzip');
    t.match(zipped.headers.get('vary'), /Accept-Encoding/);
    const plain = await new Promise<{headers: Record<string, unknown>; bytes: number}>((resolve, reject) => {
        http.get(url, (res) => {
            let bytes = 0;
            res.on('data', (d: Buffer) => (bytes += d.length));
            res.on('end', () => resolve({headers: res.headers, bytes}));
        }).on('error', reject);
    });
    t.equal(plain.headers['content-encoding'], undefined);
    t.equal(decode(new Uint8Array(await zipped.arrayBuffer())).length, 1, 'the gzipped body decodes to the range');
    t.ok(plain.bytes > 0);
    t.not(plain.headers.etag, zipped.headers.get('etag'), 'each representation its own ETag');
    const revalidated = await fetch(url, {headers: {'Accept-Encoding': 'gzip', 'If-None-Match': String(plain.headers.etag)}});
    t.equal(revalidated.status, 304, 'either tag revalidates');
});
