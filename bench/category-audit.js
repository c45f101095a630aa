// Category audit: for each test region (as built by the test setup), a seeded sample of up to 30 places per
// sub-type, printed with their OSM tags, names and the transit routes serving them, so a person can judge
// whether each place really is what its sub-type says. The judgements live in
// bench/category-audit-verdicts.json ("CC:subtypeKey:n123" → {"ok": true|false|null, "why": "..."}; null when
// the tags and name do not say enough to judge, e.g. an unnamed school, left out of the share), written by
// the auditor after reading the printed places; this script only joins them into the table of
// bench/RESULTS.md (right share per sub-type, the wrong ones and why). The judge is that file, not the matcher.
//   npx tsc -b && node packages/engine/dist/test/setup/build-regions.js
//   node bench/category-audit.js print [CC] [subtypeKey]   # the sampled places, one per line, to judge
//   node bench/category-audit.js                          # the table from the verdicts (unjudged counted)
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {Region} from '@quartier/engine';
import {loadCategories, readOsmPbf, regionSections} from '@quartier/engine/internal';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REGIONS = ['BE', 'PT', 'MT', 'IT', 'DE'];
const PER_SUBTYPE = 30;
const SEED = 12;
const VERDICTS = path.join(root, 'bench', 'category-audit-verdicts.json');
const TYPE_LETTER = ['n', 'w', 'r'];
// Tags that say nothing about what a place is.
const NOISE = /^(addr:|source|created_by|note|fixme|check_date|ref:|wikipedia|image|website|contact:|phone|email|opening_hours|wheelchair|survey|lit$|level$|layer$|building:|roof:|height$|start_date$|name:(?!en$|fr$|nl$|de$|it$|pt$|mt$))/;

/** FNV-1a of the seed and an OSM id ('n123'): the place's fixed position in the sample order. */
function rankOf(osm) {
    let h = 0x811c9dc5 ^ SEED;
    for (let i = 0; i < osm.length; i++) h = Math.imul(h ^ osm.charCodeAt(i), 0x01000193);
    return h >>> 0;
}

/** Up to PER_SUBTYPE places per sub-type key: [{key, osm: 'n123', type, id}] in sample order. */
function sample(region, keyOf) {
    const bySubtype = new Map();
    const pois = regionSections(region).pois;
    for (let i = 0; i < pois.count; i++) {
        const key = keyOf.get((pois.ct[i] << 8) | pois.st[i]);
        let places = bySubtype.get(key);
        if (!places) bySubtype.set(key, places = new Map());
        const osm = `${TYPE_LETTER[pois.osmType[i]]}${pois.osmId[i]}`;
        if (!places.has(osm)) places.set(osm, {key, osm, type: pois.osmType[i], id: pois.osmId[i], listed: pois.name(i)});
    }
    const out = [];
    for (const key of [...bySubtype.keys()].sort()) {
        // Ordered by a seeded hash of the OSM id: a rule change that drops places lets the next ones in
        // without reshuffling the rest, so earlier verdicts stay valid.
        const places = [...bySubtype.get(key).values()];
        for (const p of places) p.rank = rankOf(p.osm);
        places.sort((a, b) => a.rank - b.rank || a.type - b.type || a.id - b.id);
        out.push(...places.slice(0, PER_SUBTYPE));
    }
    return out;
}

/** The tags of the sampled objects and the route types serving them (directly or through their stop area). */
function readTags(region, picked) {
    const wanted = new Set(picked.map((p) => p.osm));
    const tags = new Map();
    const routes = new Map();
    const stopAreas = [];
    const toObject = (t) => {
        const o = {};
        for (let i = 0; i < t.count; i++) o[t.key(i)] = t.value(i);
        return o;
    };
    const osmSources = region.manifest.sources.filter((s) => s.role !== 'transit').map((s) => s.path);
    for (const file of osmSources) {
        readOsmPbf(file, {
            node: (n) => { if (wanted.has(`n${n.id}`)) tags.set(`n${n.id}`, toObject(n.tags)); },
            way: (w) => { if (wanted.has(`w${w.id}`)) tags.set(`w${w.id}`, toObject(w.tags)); },
            relation: (r) => {
                if (wanted.has(`r${r.id}`)) tags.set(`r${r.id}`, toObject(r.tags));
                const type = r.tags.get('type');
                const members = [];
                for (let i = 0; i < r.memberCount; i++) if (r.memberTypes[i] <= 1) members.push(`${TYPE_LETTER[r.memberTypes[i]]}${r.memberRefs[i]}`);
                if (type === 'route') {
                    for (const m of members) {
                        let set = routes.get(m);
                        if (!set) routes.set(m, set = new Set());
                        set.add(r.tags.get('route'));
                    }
                } else if (type === 'public_transport' && r.tags.get('public_transport') === 'stop_area') {
                    stopAreas.push(members);
                }
            }
        });
    }
    const served = new Map();
    for (const osm of wanted) served.set(osm, new Set(routes.get(osm) ?? []));
    for (const members of stopAreas) {
        const inArea = members.filter((m) => wanted.has(m));
        if (inArea.length === 0) continue;
        for (const m of members) for (const r of routes.get(m) ?? []) for (const w of inArea) served.get(w).add(r);
    }
    return {tags, served};
}

/** The place's tags; first the name it is listed under when that is not its own (halls merged into their venue). */
function describe(tags, served, listed) {
    const parts = [];
    if (listed && listed !== tags?.name) parts.push(`LISTED AS=${listed}`);
    for (const [k, v] of Object.entries(tags ?? {})) if (!NOISE.test(k)) parts.push(`${k}=${v.replace(/\s+/g, " ")}`);
    if (served.size) parts.push(`ROUTES=${[...served].sort().join('|')}`);
    return parts.join(' ; ');
}

const keyOf = new Map();
for (const c of loadCategories().categories) for (const s of c.subtypes) keyOf.set((c.ct << 8) | s.st, s.key);
const [command, onlyRegion, onlySubtype] = process.argv.slice(2);
const buildRoot = path.join(root, 'build', 'test-regions');
const verdicts = fs.existsSync(VERDICTS) ? JSON.parse(fs.readFileSync(VERDICTS, 'utf8')) : {};

if (command === 'print') {
    for (const cc of REGIONS) {
        if (onlyRegion && cc !== onlyRegion) continue;
        const region = Region.open(path.join(buildRoot, cc));
        const picked = sample(region, keyOf).filter((p) => !onlySubtype || p.key === onlySubtype);
        const {tags, served} = readTags(region, picked);
        for (const p of picked) process.stdout.write(`${cc}:${p.key}:${p.osm}\t${describe(tags.get(p.osm), served.get(p.osm), p.listed)}\n`);
    }
} else {
    console.log('| Region | Sub-type | Sampled | Right/judged | Share | Wrong (why) |');
    console.log('|---|---|---:|---:|---:|---|');
    let unjudged = 0, below = 0;
    for (const cc of REGIONS) {
        const region = Region.open(path.join(buildRoot, cc));
        const picked = sample(region, keyOf);
        const keys = [...new Set(picked.map((p) => p.key))];
        for (const key of keys) {
            const mine = picked.filter((p) => p.key === key);
            let right = 0, judged = 0, unsure = 0;
            const wrong = [];
            for (const p of mine) {
                const v = verdicts[`${cc}:${key}:${p.osm}`];
                if (v === undefined) { unjudged++; continue; }
                // ok null: the tags and name do not say enough to judge (an unnamed school); left out of the share.
                if (v.ok === null) { unsure++; continue; }
                judged++;
                if (v.ok) right++;
                else wrong.push(`${p.osm}: ${v.why}`);
            }
            const share = judged ? right / judged : NaN;
            if (share < 0.95) below++;
            const notes = [];
            if (unsure) notes.push(`${unsure} cannot be judged from tags and name`);
            if (judged + unsure < mine.length) notes.push(`${mine.length - judged - unsure} not judged`);
            const note = notes.length ? ` (${notes.join('; ')})` : '';
            console.log(`| ${cc} | ${key} | ${mine.length} | ${right}/${judged} | ${judged ? (100 * share).toFixed(0) + '%' : '-'} | ${wrong.join('; ')}${note} |`);
        }
    }
    console.log(`\n${unjudged} sampled places without a verdict; ${below} sub-types below 95%.`);
}
