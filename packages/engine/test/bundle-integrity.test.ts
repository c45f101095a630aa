// Damaged region bundles are refused when opened (issue 16): one changed byte anywhere in a section (its fixed
// header, its JSON header, its arrays), a truncated or missing file, an unreadable manifest; each refusal names the
// file, the section and the command that rebuilds the bundle. On a copy of a real bundle in a temporary folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import {Region, Section, SectionError, encodeSection, regionSections} from '../src/internal.js';
import {testBuildRoot} from './helpers.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-bundle-'));
t.teardown(() => fs.rmSync(tmp, {recursive: true, force: true}));
const dir = path.join(tmp, 'DE');
fs.cpSync(path.join(testBuildRoot, 'DE'), dir, {recursive: true});
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const REBUILD = 'rebuild it with `npx quartier build-region DE --force`';

/** Runs `check` with `file` of the copy changed by `damage`, then puts the original bytes back. */
function withDamage(file: string, damage: (bytes: Buffer) => Buffer, check: () => void): void {
    const full = path.join(dir, file);
    const original = fs.readFileSync(full);
    fs.writeFileSync(full, damage(Buffer.from(original)));
    try {
        check();
    } finally {
        fs.writeFileSync(full, original);
    }
}

const flip = (offset: number | ((b: Buffer) => number)) => (b: Buffer) => {
    const at = typeof offset === 'number' ? offset : offset(b);
    b[at] ^= 0x01;
    return b;
};

/** The message of a refused section: the bundle, the file, the section, why, and the rebuild command. */
const refused = (file: string, section: string, why: RegExp) =>
    new RegExp(`^region bundle ${esc(dir)} is damaged: ${esc(path.join(dir, file))} \\(section '${section}'\\) ${why.source}.*: ${esc(REBUILD)}$`);

t.test('the intact copy opens and answers like the original', async (t) => {
    const region = Region.open(dir);
    t.equal(regionSections(region).roads.nodeCount, regionSections(Region.open(path.join(testBuildRoot, 'DE'))).roads.nodeCount);
});

t.test('one changed byte in a section is refused, wherever it is', async (t) => {
    const cases: [file: string, section: string, where: string, damage: (b: Buffer) => Buffer, why: RegExp][] = [
        ['roads.bin', 'roads', 'the JSON header', flip(40), /fails its check: checksum mismatch \(stored [0-9a-f]{16}, computed [0-9a-f]{16}\)/],
        ['ch-car.bin', 'chCar', 'the middle of the arrays', flip((b) => b.length >> 1), /fails its check: checksum mismatch/],
        ['pois.bin', 'pois', 'the last byte', flip((b) => b.length - 1), /fails its check: checksum mismatch/],
        ['places.bin', 'places', 'the stored checksum', flip(17), /fails its check: checksum mismatch/],
        ['map.bin', 'map', 'the container version', flip(4), /fails its check: section container version 3, this engine reads version 2/],
        ['border.bin', 'border', 'the magic', flip(0), /fails its check: not a quartier section \(bad magic\)/],
    ];
    for (const [file, section, where, damage, why] of cases) {
        withDamage(file, damage, () => t.throws(() => Region.open(dir), {message: refused(file, section, why)}, `${file}: ${where}`));
    }
    t.ok(Region.open(dir), 'opens again once the bytes are restored');
});

t.test('a truncated, missing or extended section file is refused', async (t) => {
    withDamage('tiles.bin', (b) => b.subarray(0, b.length >> 1), () => {
        t.throws(() => Region.open(dir), {message: refused('tiles.bin', 'tiles', /is \d+ bytes, the manifest says \d+ \(truncated or replaced\)/)}, 'truncated');
    });
    withDamage('coverage.bin', (b) => Buffer.concat([b, Buffer.alloc(8)]), () => {
        t.throws(() => Region.open(dir), {message: refused('coverage.bin', 'coverage', /is \d+ bytes, the manifest says \d+/)}, 'extended');
    });
    const full = path.join(dir, 'ch-foot.bin');
    const bytes = fs.readFileSync(full);
    fs.rmSync(full);
    t.throws(() => Region.open(dir), {message: refused('ch-foot.bin', 'chFoot', /is missing/)}, 'missing');
    fs.writeFileSync(full, bytes);
    // Truncated, with the manifest changed to agree: the checksum still tells.
    const manifestFile = path.join(dir, 'manifest.json');
    const manifest = fs.readFileSync(manifestFile, 'utf8');
    const m = JSON.parse(manifest);
    m.sections.roads.bytes -= 4096;
    fs.writeFileSync(manifestFile, JSON.stringify(m));
    withDamage('roads.bin', (b) => b.subarray(0, b.length - 4096), () => {
        t.throws(() => Region.open(dir), {message: refused('roads.bin', 'roads', /fails its check: checksum mismatch/)}, 'truncated, manifest agreeing');
    });
    fs.writeFileSync(manifestFile, manifest);
});

t.test('an unreadable manifest is refused', async (t) => {
    withDamage('manifest.json', (b) => b.subarray(0, b.length >> 1), () => {
        t.throws(() => Region.open(dir), {message: new RegExp(`^region bundle ${esc(dir)} is damaged: .*manifest\\.json cannot be read .*${esc(REBUILD)}$`)});
    });
});

t.test('array offsets and lengths are checked against the section size', async (t) => {
    const bytes = encodeSection('test', 1, {}, {a: new Uint32Array([1, 2, 3, 4]), b: new Float64Array([0.5])});
    t.same(Array.from(Section.from(bytes.buffer, 'test', 1).array('a', Uint32Array)), [1, 2, 3, 4], 'a valid section reads');
    /** The section with its JSON header text edited (same length, so the layout stays). */
    const edit = (from: string, to: string) => {
        const copy = new Uint8Array(bytes);
        const text = Buffer.from(copy.buffer).toString('latin1');
        const at = text.indexOf(from);
        t.ok(at > 0, `found ${from}`);
        copy.set(Buffer.from(to, 'latin1'), at);
        return copy.buffer;
    };
    t.throws(() => Section.from(edit('"Uint32Array",', '"Uint32Arrax",'), 'test', 1), new SectionError("section 'test': array a has an unknown type"));
    const header = JSON.parse(Buffer.from(bytes.buffer, 24, new DataView(bytes.buffer).getUint32(8, true)).toString('utf8'));
    const [, offsetB] = header.arrays.b as [string, number, number];
    t.throws(() => Section.from(edit(`"Float64Array",${offsetB},1]`, `"Float64Array",${offsetB},9]`), 'test', 1),
        {message: /section 'test' is truncated \(array b ends past its \d+ bytes\)/}, 'an array past the end');
    t.equal(String(offsetB + 4).length, String(offsetB).length);
    t.throws(() => Section.from(edit(`"Float64Array",${offsetB},`, `"Float64Array",${offsetB + 4},`), 'test', 1),
        {message: /array b has an invalid offset or length/}, 'a misaligned array');
    t.throws(() => Section.from(bytes.buffer.slice(0, 20), 'test', 1), {message: /not a quartier section: 20 bytes/});
});
