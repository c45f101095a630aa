// A synthetic road network, written as a real .osm.pbf, for benchmarks at sizes no real extract
// here reaches. A grid of towns: each a jittered grid of residential streets with tertiary and
// secondary arteries, some streets missing (T-junctions, bends), some one-way, cul-de-sacs, footpaths
// across blocks, signals where arteries cross. Neighbouring towns are joined by trunk, primary and
// secondary roads with hamlets on side roads; every third row and column of towns has a dual
// carriageway motorway between them, with a diamond interchange wherever a road crosses it and
// a full set of links where two motorways cross. Only shared nodes connect ways (crossings without
// one are bridges), as in OSM. With `country: true` it also holds what synthetic-country-lib.js
// adds (names, places, POIs, addresses) and, with `gtfs: FILE`, writes a GTFS feed on its roads;
// those draw on a random stream of their own, so the roads are the same with or without them.
//
//   import {writeSyntheticRoads} from './synthetic-roads-lib.js';
//   writeSyntheticRoads('big.osm.pbf', {junctions: 1e6, seed: 1});
import {OsmPbfWriter, mulberry32} from '@quartier/engine/internal';
import {CountryContent, streetName} from './synthetic-country-lib.js';

/** Junctions a town gives on average (measured: road-graph nodes / towns at 100k, seed 1). */
const JUNCTIONS_PER_TOWN = 550;
const METERS_PER_DEGREE = 111320;


export class GrowableArray {
    constructor(Type, capacity = 1 << 16) {
        this.Type = Type;
        this.data = new Type(capacity);
        this.length = 0;
    }

    push(v) {
        if (this.length === this.data.length) {
            const next = new this.Type(this.data.length * 2);
            next.set(this.data);
            this.data = next;
        }
        this.data[this.length++] = v;
    }
}

/** Nodes (metres on a plane) and ways (node refs + a tag set), kept in typed arrays until written. */
class Network {
    constructor(random) {
        this.random = random;
        this.x = new GrowableArray(Float64Array);
        this.y = new GrowableArray(Float64Array);
        this.refs = new GrowableArray(Uint32Array);
        this.wayStart = new GrowableArray(Uint32Array);
        this.wayTags = new GrowableArray(Uint16Array);
        /** A way's street name code + 1 (synthetic-country-lib.js streetName), 0 for none. */
        this.wayName = new GrowableArray(Uint16Array);
        /** The country's content (CountryContent), or null for roads only. */
        this.content = null;
        this.tagSets = [];
        this.tagIndex = new Map();
        this.nodeTags = new Map();
    }

    /** A new node; returns its id (1-based). */
    node(x, y) {
        this.x.push(x);
        this.y.push(y);
        return this.x.length;
    }

    way(refs, tags, nameCode = -1) {
        if (refs.length < 2) return;
        const key = JSON.stringify(tags);
        let t = this.tagIndex.get(key);
        if (t === undefined) {
            t = this.tagSets.length;
            this.tagSets.push(tags);
            this.tagIndex.set(key, t);
        }
        this.wayStart.push(this.refs.length);
        for (const r of refs) this.refs.push(r);
        this.wayTags.push(t);
        this.wayName.push(nameCode + 1);
    }

    /** Shape nodes strictly between two nodes (not shared: geometry only), each nudged sideways. */
    shape(a, b, count, wobble) {
        const out = [];
        const ax = this.x.data[a - 1], ay = this.y.data[a - 1], bx = this.x.data[b - 1], by = this.y.data[b - 1];
        const len = Math.hypot(bx - ax, by - ay) || 1;
        for (let i = 1; i <= count; i++) {
            const f = i / (count + 1);
            const side = (this.random() - 0.5) * 2 * wobble;
            out.push(this.node(ax + (bx - ax) * f - (by - ay) / len * side, ay + (by - ay) * f + (bx - ax) / len * side));
        }
        return out;
    }

    /** A road from a to b: shape nodes every `spacing` metres, bowed a little. Returns its refs. */
    road(a, b, spacing, bow) {
        const ax = this.x.data[a - 1], ay = this.y.data[a - 1], bx = this.x.data[b - 1], by = this.y.data[b - 1];
        const len = Math.hypot(bx - ax, by - ay) || 1;
        const count = Math.max(0, Math.round(len / spacing) - 1);
        const refs = [a];
        const amplitude = (this.random() - 0.5) * 2 * bow;
        for (let i = 1; i <= count; i++) {
            const f = i / (count + 1);
            const side = Math.sin(f * Math.PI) * amplitude;
            refs.push(this.node(ax + (bx - ax) * f - (by - ay) / len * side, ay + (by - ay) * f + (bx - ax) / len * side));
        }
        refs.push(b);
        return refs;
    }
}

/**
 * A town centred on (cx, cy): (k + 1)² grid nodes `block` metres apart. Returns the ends of its
 * central secondary streets, where roads to other towns attach. A hamlet (`isTown` false) gets
 * none of the country's content.
 */
function addTown(net, cx, cy, k, block, isTown = true) {
    const random = net.random;
    const c = k >> 1;
    const side = k + 1;
    const ids = new Uint32Array(side * side);
    const jitter = block * 0.15;
    for (let j = 0; j < side; j++) {
        for (let i = 0; i < side; i++) {
            ids[j * side + i] = net.node(cx + (i - c) * block + (random() - 0.5) * 2 * jitter, cy + (j - c) * block + (random() - 0.5) * 2 * jitter);
        }
    }
    const content = isTown ? net.content : null;
    const town = content ? content.town(net, ids[c * side + c], k) : -1;
    const classOf = (line) => (line === c ? 'secondary' : line % 6 === 3 ? 'tertiary' : 'residential');
    const line = (at, cls, code) => {
        // Consecutive kept segments make a way; a residential way is split every few blocks,
        // a dropped residential segment leaves a T-junction or a bend.
        let run = [at(0)], segments = 0, splitAfter = 2 + Math.floor(random() * 6);
        const flush = () => {
            if (segments > 0) {
                const tags = {highway: cls};
                if (cls === 'residential' && random() < 0.15) {
                    tags.oneway = 'yes';
                    if (random() < 0.5) run.reverse();
                }
                if (cls === 'residential' && random() < 0.05) tags.highway = 'living_street';
                net.way(run, tags, content ? code : -1);
            }
        };
        for (let s = 0; s < k; s++) {
            const p = at(s), q = at(s + 1);
            if (cls === 'residential' && random() < 0.25) {
                flush();
                run = [q];
                segments = 0;
                continue;
            }
            const r = random();
            for (const id of net.shape(p, q, r < 0.5 ? 0 : r < 0.85 ? 1 : 2, block * 0.05)) run.push(id);
            run.push(q);
            segments++;
            if (content) content.maybeAddress(net, p, q, town, code, s + 1);
            if (cls === 'residential' && segments >= splitAfter) {
                flush();
                run = [q];
                segments = 0;
                splitAfter = 2 + Math.floor(random() * 6);
            }
        }
        flush();
    };
    for (let j = 0; j < side; j++) line((i) => ids[j * side + i], classOf(j), j);
    for (let i = 0; i < side; i++) line((j) => ids[j * side + i], classOf(i), 128 + i);
    for (let j = 0; j < side; j++) {
        for (let i = 0; i < side; i++) {
            const id = ids[j * side + i];
            // Signals where two arteries cross.
            if (classOf(i) !== 'residential' && classOf(j) !== 'residential' && random() < 0.6) {
                net.nodeTags.set(id, {highway: 'traffic_signals'});
            }
            // A cul-de-sac or a driveway.
            if (random() < 0.07) {
                const x = net.x.data[id - 1], y = net.y.data[id - 1];
                const angle = random() * Math.PI * 2, len = block * (0.3 + random() * 0.4);
                const end = net.node(x + Math.cos(angle) * len, y + Math.sin(angle) * len);
                net.way([id, ...net.shape(id, end, 1, 3), end], {highway: random() < 0.5 ? 'service' : 'residential'});
            }
            // A footpath across the block.
            if (i < k && j < k && random() < 0.04) {
                const to = ids[(j + 1) * side + i + 1];
                net.way([id, ...net.shape(id, to, 1, 5), to], random() < 0.5 ? {highway: 'footway'} : {highway: 'cycleway'});
            }
            if (content) content.maybePoi(net, net.x.data[id - 1], net.y.data[id - 1], town);
        }
    }
    if (content) content.busLine(net, ids.subarray(c * side, c * side + side), town);
    return {west: ids[c * side], east: ids[c * side + k], south: ids[c], north: ids[k * side + c]};
}

/** A hamlet: 3×3 residential streets, off a road node by an unclassified side road. */
function addHamlet(net, from, dx, dy) {
    const x = net.x.data[from - 1] + dx, y = net.y.data[from - 1] + dy;
    if (net.content) net.content.hamlet(net, x, y);
    const town = addTown(net, x, y, 2, 70, false);
    net.way(net.road(from, dy > 0 ? town.south : town.north, 150, 40), {highway: 'unclassified'});
}

/** A road between two towns through optional crossing nodes, with hamlets along it. */
function addLink(net, a, b, via, tags, horizontal) {
    const random = net.random;
    const stops = [a, ...via, b];
    for (let s = 0; s + 1 < stops.length; s++) {
        const refs = net.road(stops[s], stops[s + 1], 200, 150);
        // A hamlet every few kilometres, at a road node (which becomes a junction).
        for (let i = 3; i < refs.length - 3; i += 8 + Math.floor(random() * 10)) {
            const away = (400 + random() * 500) * (random() < 0.5 ? -1 : 1);
            addHamlet(net, refs[i], horizontal ? 0 : away, horizontal ? away : 0);
        }
        net.way(refs, tags);
    }
}

/**
 * A dual carriageway along one axis at `at` (y for a row, x for a column) from `from` to `to`,
 * with nodes placed where links attach (`attach(position, carriageway)` returns that node).
 * Carriageway 0 runs towards increasing positions (right-hand traffic: on the south/east side).
 */
class Motorway {
    constructor(net, horizontal, at, from, to) {
        this.net = net;
        this.horizontal = horizontal;
        this.at = at;
        this.from = from;
        this.to = to;
        this.points = [new Map(), new Map()];
    }

    attach(position, carriageway) {
        const key = Math.round(position);
        let id = this.points[carriageway].get(key);
        if (id === undefined) {
            const offset = this.horizontal ? (carriageway === 0 ? -15 : 15) : (carriageway === 0 ? 15 : -15);
            id = this.horizontal ? this.net.node(key, this.at + offset) : this.net.node(this.at + offset, key);
            this.points[carriageway].set(key, id);
        }
        return id;
    }

    /** Writes both carriageways (split every ~5 km) and links turning round at both ends. */
    finish() {
        for (let p = this.from; p <= this.to; p += 500) {
            this.attach(p, 0);
            this.attach(p, 1);
        }
        const ends = [];
        for (let cw = 0; cw < 2; cw++) {
            const nodes = [...this.points[cw]].sort((a, b) => a[0] - b[0]).map((e) => e[1]);
            if (cw === 1) nodes.reverse();
            for (let i = 0; i + 1 < nodes.length; i += 10) {
                this.net.way(nodes.slice(i, Math.min(nodes.length, i + 11)), {highway: 'motorway', oneway: 'yes'});
            }
            ends.push(nodes[0], nodes[nodes.length - 1]);
        }
        // Turn round at the ends: carriageway 1's end joins carriageway 0's start, and the other way.
        this.net.way([ends[3], ...this.net.shape(ends[3], ends[0], 2, 30), ends[0]], {highway: 'motorway_link', oneway: 'yes'});
        this.net.way([ends[1], ...this.net.shape(ends[1], ends[2], 2, 30), ends[2]], {highway: 'motorway_link', oneway: 'yes'});
    }
}

function link(net, from, to) {
    net.way([from, ...net.shape(from, to, 1, 40), to], {highway: 'motorway_link', oneway: 'yes'});
}

/** Diamond interchange: a road node J at `position` along the motorway, ramps off and on both ways. */
function diamond(net, motorway, position) {
    const x = motorway.horizontal ? position : motorway.at, y = motorway.horizontal ? motorway.at : position;
    const j = net.node(x, y);
    link(net, motorway.attach(position - 400, 0), j);
    link(net, j, motorway.attach(position + 400, 0));
    link(net, motorway.attach(position + 400, 1), j);
    link(net, j, motorway.attach(position - 400, 1));
    return j;
}

/** Two motorways crossing: from each approach, a link to each carriageway of the other (8 links). */
function motorwayCross(net, row, column) {
    const xm = column.at, ym = row.at, d = 600;
    // Row carriageway 0 runs east, 1 west; column carriageway 0 runs north, 1 south.
    for (const [off, onNorth, onSouth] of [[row.attach(xm - d, 0), 0, 1], [row.attach(xm + d, 1), 0, 1]]) {
        link(net, off, column.attach(ym + d, onNorth));
        link(net, off, column.attach(ym - d, onSouth));
    }
    for (const off of [column.attach(ym - d, 0), column.attach(ym + d, 1)]) {
        link(net, off, row.attach(xm + d, 0));
        link(net, off, row.attach(xm - d, 1));
    }
}

/**
 * Generates the network and writes it. Options: junctions (about how many road-graph nodes,
 * default 100,000), seed (default 1), motorwayEvery (towns, default 3), spacing (metres between
 * town centres, default 7000), lat and lon (the south-west corner, default 45, 5), country (add
 * names, places, POIs and addresses), gtfs (also write a GTFS feed there; needs country) and
 * timezone (the feed's, default Europe/Paris). Returns counts.
 */
export function writeSyntheticRoads(file, options = {}) {
    const started = performance.now();
    const random = mulberry32(options.seed ?? 1);
    const net = new Network(random);
    const LAT0 = options.lat ?? 45, LON0 = options.lon ?? 5;
    if (options.country || options.gtfs) net.content = new CountryContent(mulberry32((options.seed ?? 1) ^ 0x5eed), Boolean(options.gtfs));
    const towns = Math.max(4, Math.round((options.junctions ?? 100000) / JUNCTIONS_PER_TOWN));
    const columns = Math.max(2, Math.round(Math.sqrt(towns)));
    const rows = Math.max(2, Math.ceil(towns / columns));
    const every = options.motorwayEvery ?? 3;
    const spacing = options.spacing ?? 7000;

    const grid = [];
    for (let ty = 0; ty < rows; ty++) {
        for (let tx = 0; tx < columns; tx++) {
            // Mostly small towns, a few large ones.
            const k = 8 + Math.floor(random() * random() * 42);
            const block = 70 + random() * 60;
            const jitter = spacing * 0.08;
            grid.push(addTown(net, tx * spacing + (random() - 0.5) * 2 * jitter, ty * spacing + (random() - 0.5) * 2 * jitter, k, block));
        }
    }
    const townAt = (tx, ty) => grid[ty * columns + tx];
    const rowMotorways = new Map(), columnMotorways = new Map();
    for (let ty = every >> 1; ty + 1 < rows; ty += every) {
        rowMotorways.set(ty, new Motorway(net, true, ty * spacing + spacing / 2, -spacing * 0.4, (columns - 1) * spacing + spacing * 0.4));
    }
    for (let tx = every >> 1; tx + 1 < columns; tx += every) {
        columnMotorways.set(tx, new Motorway(net, false, tx * spacing + spacing / 2, -spacing * 0.4, (rows - 1) * spacing + spacing * 0.4));
    }
    // East-west roads: trunk on even rows, secondary on odd; a diamond where a column motorway crosses.
    for (let ty = 0; ty < rows; ty++) {
        for (let tx = 0; tx + 1 < columns; tx++) {
            const a = townAt(tx, ty).east, b = townAt(tx + 1, ty).west;
            const motorway = columnMotorways.get(tx);
            const via = motorway ? [diamond(net, motorway, (net.y.data[a - 1] + net.y.data[b - 1]) / 2)] : [];
            addLink(net, a, b, via, {highway: ty % 2 === 0 ? 'trunk' : 'secondary'}, true);
        }
    }
    // North-south roads: primary on even columns, secondary on odd.
    for (let tx = 0; tx < columns; tx++) {
        for (let ty = 0; ty + 1 < rows; ty++) {
            const a = townAt(tx, ty).north, b = townAt(tx, ty + 1).south;
            const motorway = rowMotorways.get(ty);
            const via = motorway ? [diamond(net, motorway, (net.x.data[a - 1] + net.x.data[b - 1]) / 2)] : [];
            addLink(net, a, b, via, {highway: tx % 2 === 0 ? 'primary' : 'secondary'}, false);
        }
    }
    for (const row of rowMotorways.values()) for (const column of columnMotorways.values()) motorwayCross(net, row, column);
    for (const m of rowMotorways.values()) m.finish();
    for (const m of columnMotorways.values()) m.finish();

    // Write: nodes (degrees on a plane tangent at LAT0, LON0), then ways.
    const metersPerDegreeLon = METERS_PER_DEGREE * Math.cos(LAT0 * Math.PI / 180);
    const nodeCount = net.x.length;
    const content = net.content;
    const writer = new OsmPbfWriter(file);
    for (let i = 0; i < nodeCount; i++) {
        const id = i + 1;
        const signal = net.nodeTags.get(id), extra = content?.tagsOf(id);
        writer.node(id, LAT0 + net.y.data[i] / METERS_PER_DEGREE, LON0 + net.x.data[i] / metersPerDegreeLon, signal && extra ? {...signal, ...extra} : extra ?? signal);
    }
    const wayCount = net.wayStart.length;
    net.wayStart.push(net.refs.length);
    let named = 0;
    for (let w = 0; w < wayCount; w++) {
        const tags = net.tagSets[net.wayTags.data[w]], nameCode = net.wayName.data[w];
        if (nameCode) named++;
        writer.way(w + 1, net.refs.data.subarray(net.wayStart.data[w], net.wayStart.data[w + 1]), nameCode ? {...tags, name: streetName(nameCode - 1)} : tags);
    }
    writer.close();
    if (options.gtfs) {
        const toLatLon = (id) => [LAT0 + net.y.data[id - 1] / METERS_PER_DEGREE, LON0 + net.x.data[id - 1] / metersPerDegreeLon];
        content.writeGtfs(options.gtfs, net, toLatLon, columns, rows, options.timezone ?? 'Europe/Paris');
    }
    return {
        file, osmNodes: nodeCount, roadNodes: nodeCount - (content?.offRoad ?? 0), ways: wayCount, namedWays: named, towns: rows * columns, rows, columns,
        motorways: rowMotorways.size + columnMotorways.size, content: content?.counts, gtfs: options.gtfs,
        seconds: (performance.now() - started) / 1000
    };
}
