// What turns synthetic-roads-lib.js's road network into a country: names (towns, streets), place
// nodes, POIs of our categories (data/categories.json), addresses, and a GTFS feed of town buses and
// intercity trains on the same roads. Everything here is kept in typed arrays and turned into tags
// or CSV text only while being written, so a network of 15 million road nodes stays within a few GB.
//
// Scaled alike, per town grid node (a junction), from the Brussels bundle's figures:
//   POIs other than stops: 0.04 per junction, split between categories as Brussels' (bench/RESULTS.md);
//   addresses: 0.6 per junction (Brussels: 19,446 addresses for 29,317 road graph nodes), one node
//   each beside a named street, with addr:street, addr:housenumber, addr:postcode and addr:city;
//   GTFS: one bus line per town along its central street, a stop every 6 blocks, hourly 06:00-22:00
//   both ways, and an intercity train along every other row of towns every two hours (the stops and
//   stop_times counts are printed; at 15M road nodes they are of order 60k stops and 2M stop_times).
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {strToU8, zipSync} from 'fflate';
import {GrowableArray} from './synthetic-roads-lib.js';

/** POIs (stops apart) per town grid node. */
export const POI_RATE = 0.04;
/** Address nodes per town grid segment kept (two segments per junction: 0.6 per junction). */
export const ADDRESS_RATE = 0.3;
/** Blocks between two bus stops of a town line. */
const STOP_EVERY = 6;

/** Category subtypes in the proportions of the Brussels bundle's POIs (stops come from the GTFS feed). */
const CATEGORY_WEIGHTS = {
    elementarySchool: 202, supermarket: 187, bikeSharing: 122, secondarySchool: 120, attraction: 61, preschool: 39,
    monument: 32, theatre: 31, carSharing: 29, museum: 27, chargingStation: 20, activity: 14, cinema: 9, nursery: 6,
    castle: 4, golfCourse: 2, zoo: 2, amusementPark: 1
};

const SYLLABLES = ['bel', 'mon', 'ro', 'lac', 'bois', 'fon', 'tai', 'ne', 'char', 'lieu', 'mar', 'sal', 'ver', 'dun', 'gny', 'ville'];
const STREET_WORDS = ['de la Gare', 'des Lilas', 'du Moulin', 'de l\'Église', 'des Écoles', 'du Château', 'de la Paix', 'des Tilleuls',
    'du Marché', 'Victor Hugo', 'Jean Jaurès', 'Pasteur', 'des Acacias', 'de la Fontaine', 'du Stade', 'des Vignes', 'du Lavoir',
    'de la Poste', 'des Prés', 'du Pont', 'Saint-Martin', 'des Roses', 'du Four', 'de la Mairie'];

/** The town's name: its index written in syllables, capitalised ("Belmonro"). */
export function townName(index) {
    let s = '';
    let n = index + SYLLABLES.length;
    while (n > 0) {
        s += SYLLABLES[n % SYLLABLES.length];
        n = Math.floor(n / SYLLABLES.length);
    }
    return s[0].toUpperCase() + s.slice(1);
}

/** Street code of a town's grid line: rows are 'Rue …', columns 'Avenue …'. */
export function streetName(code) {
    const column = code >= 128;
    const line = code & 127;
    const word = STREET_WORDS[line % STREET_WORDS.length];
    const round = Math.floor(line / STREET_WORDS.length);
    return `${column ? 'Avenue' : 'Rue'} ${word}${round ? ` ${round + 1}` : ''}`;
}

/** The tags of each weighted category subtype, from its first rule in data/categories.json that needs no route. */
export function categoryTags() {
    const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'data', 'categories.json');
    const categories = JSON.parse(fs.readFileSync(file, 'utf8')).categories;
    const kinds = [];
    for (const category of categories) {
        for (const subtype of category.subtypes ?? []) {
            const weight = CATEGORY_WEIGHTS[subtype.key];
            if (!weight) continue;
            const rule = (subtype.match ?? []).find((r) => !r.routes && r.tags);
            if (!rule) throw new Error(`no route-free rule for ${subtype.key} in data/categories.json`);
            const tags = {};
            for (const [k, v] of Object.entries({...rule.tags, ...(rule.listTags ?? {})})) tags[k] = v === '*' ? 'yes' : v.split('|')[0];
            kinds.push({key: subtype.key, label: subtype.singular?.FR ?? subtype.key, tags, weight});
        }
    }
    return kinds;
}

/**
 * The country's extra content, recorded while the road network is generated. Tagged nodes (place,
 * POI, address, stop) are network nodes whose tags are made when written: `tagsOf(id)` walks them
 * in id order.
 */
export class CountryContent {
    constructor(random, gtfs) {
        this.random = random;
        this.kinds = categoryTags();
        this.cumulative = [];
        let sum = 0;
        for (const k of this.kinds) this.cumulative.push((sum += k.weight));
        this.gtfs = gtfs;
        // Tagged nodes: id, kind (0 place, 1 POI, 2 address, 3 bus stop, 4 station), town, a (kind-specific), b.
        this.nodeId = new GrowableArray(Uint32Array);
        this.nodeKind = new GrowableArray(Uint8Array);
        this.nodeTown = new GrowableArray(Uint32Array);
        this.nodeA = new GrowableArray(Uint32Array);
        this.nodeB = new GrowableArray(Uint32Array);
        this.towns = 0;
        this.townPopulation = new GrowableArray(Uint32Array);
        // Bus lines: per line, its stop nodes (ids into the network) in order; the line's town.
        this.lineStart = new GrowableArray(Uint32Array);
        this.lineStops = new GrowableArray(Uint32Array);
        this.lineTown = new GrowableArray(Uint32Array);
        this.stationOfTown = new GrowableArray(Uint32Array);
        this.counts = {places: 0, pois: 0, addresses: 0, stops: 0, stations: 0, routes: 0, trips: 0, stopTimes: 0};
        this.cursor = 0;
        this.hamlets = 0;
        /** Nodes on no way (POIs, addresses, stops, hamlet places). */
        this.offRoad = 0;
    }

    tag(id, kind, town, a = 0, b = 0) {
        if (this.nodeId.length > 0 && id <= this.nodeId.data[this.nodeId.length - 1]) throw new Error('tagged nodes must come in id order');
        this.nodeId.push(id);
        this.nodeKind.push(kind);
        this.nodeTown.push(town);
        this.nodeA.push(a);
        this.nodeB.push(b);
    }

    /** A new town of k × k blocks centred at node `centre`; returns its index. */
    town(net, centre, k) {
        const t = this.towns++;
        this.townPopulation.push(Math.round(k * k * 40 * (0.7 + this.random() * 0.6)));
        this.tag(centre, 0, t, k >= 25 ? 1 : 0);
        this.counts.places++;
        return t;
    }

    /** A hamlet's place node at (x, y), named after a town index past the towns'. */
    hamlet(net, x, y) {
        this.tag(net.node(x, y), 0, this.towns + this.hamlets++, 2);
        this.counts.places++;
        this.offRoad++;
    }

    /** A POI beside grid node (x, y), by chance. */
    maybePoi(net, x, y, town) {
        if (this.random() >= POI_RATE) return;
        const r = this.random() * this.cumulative[this.cumulative.length - 1];
        let kind = 0;
        while (this.cumulative[kind] <= r) kind++;
        this.tag(net.node(x + 15 + this.random() * 20, y + 15 + this.random() * 20), 1, town, kind, this.counts.pois++);
        this.offRoad++;
    }

    /** An address beside the segment p→q of a named street (code), by chance; `number` counts along the street. */
    maybeAddress(net, p, q, town, code, number) {
        if (this.random() >= ADDRESS_RATE) return;
        const px = net.x.data[p - 1], py = net.y.data[p - 1], qx = net.x.data[q - 1], qy = net.y.data[q - 1];
        const len = Math.hypot(qx - px, qy - py) || 1;
        const f = 0.2 + this.random() * 0.6, side = number % 2 === 0 ? 12 : -12;
        const id = net.node(px + (qx - px) * f - (qy - py) / len * side, py + (qy - py) * f + (qx - px) / len * side);
        this.tag(id, 2, town, code, number);
        this.counts.addresses++;
        this.offRoad++;
    }

    /** A town's bus line along its central row `row` (node ids): a stop beside every STOP_EVERY-th node. */
    busLine(net, row, town) {
        if (!this.gtfs) return;
        this.lineStart.push(this.lineStops.length);
        this.lineTown.push(town);
        for (let i = 0; i < row.length; i += STOP_EVERY) {
            const id = net.node(net.x.data[row[i] - 1] + 5, net.y.data[row[i] - 1] + 10);
            this.tag(id, 3, town, i / STOP_EVERY);
            this.lineStops.push(id);
            this.counts.stops++;
            this.offRoad++;
        }
        // The town's station, beside the centre.
        const c = row[row.length >> 1];
        const station = net.node(net.x.data[c - 1] - 40, net.y.data[c - 1] - 40);
        this.tag(station, 4, town);
        this.stationOfTown.push(station);
        this.counts.stations++;
        this.offRoad++;
    }

    /** The tags of node `id` (ids must be asked in increasing order), or undefined. */
    tagsOf(id) {
        if (this.cursor >= this.nodeId.length || this.nodeId.data[this.cursor] !== id) return undefined;
        const i = this.cursor++;
        const town = this.nodeTown.data[i], name = townName(town), a = this.nodeA.data[i], b = this.nodeB.data[i];
        const postcode = String(10000 + town % 89999);
        switch (this.nodeKind.data[i]) {
        case 0:
            return a === 2 ? {place: 'hamlet', name: `Le Hameau de ${name}`}
                : {place: a === 1 ? 'town' : 'village', name, population: String(this.townPopulation.data[town]), 'addr:postcode': postcode};
        case 1: {
            const kind = this.kinds[a];
            return {...kind.tags, name: `${kind.label} ${name} ${b % 100}`};
        }
        case 2:
            return {'addr:street': streetName(a), 'addr:housenumber': String(b), 'addr:postcode': postcode, 'addr:city': name};
        case 3:
            return {highway: 'bus_stop', name: `${name} ${a === 0 ? 'Centre' : `Arrêt ${a}`}`};
        default:
            return {public_transport: 'station', name: `Gare de ${name}`};
        }
    }

    /** Writes the GTFS feed (zip) of the bus lines and the intercity trains; `toLatLon(id)` gives a node's [lat, lon]. */
    writeGtfs(file, net, toLatLon, columns, rows, timezone) {
        const chunks = {stops: ['stop_id,stop_name,stop_lat,stop_lon\n'], routes: ['route_id,agency_id,route_short_name,route_long_name,route_type\n'],
            trips: ['route_id,service_id,trip_id\n'], stopTimes: ['trip_id,arrival_time,departure_time,stop_id,stop_sequence\n']};
        const time = (s) => `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
        const stopRow = (id, name) => {
            const [lat, lon] = toLatLon(id);
            chunks.stops.push(`${id},"${name}",${lat.toFixed(6)},${lon.toFixed(6)}\n`);
        };
        let trip = 0;
        /** Trips along `stops` both ways, from `first` to `last` second of the day every `headway` s at `speed` m/s. */
        const runs = (route, stops, first, last, headway, speed, dwell) => {
            const lines = [];
            for (let dir = 0; dir < 2; dir++) {
                for (let t0 = first; t0 <= last; t0 += headway) {
                    const id = `t${trip++}`;
                    chunks.trips.push(`${route},weekdays,${id}\n`);
                    let t = t0;
                    for (let s = 0; s < stops.length; s++) {
                        const stop = stops[dir === 0 ? s : stops.length - 1 - s];
                        if (s > 0) {
                            const prev = stops[dir === 0 ? s - 1 : stops.length - s];
                            t += Math.round(Math.hypot(net.x.data[stop - 1] - net.x.data[prev - 1], net.y.data[stop - 1] - net.y.data[prev - 1]) / speed);
                        }
                        lines.push(`${id},${time(t)},${time(t + dwell)},${stop},${s + 1}\n`);
                        t += dwell;
                    }
                    this.counts.trips++;
                    this.counts.stopTimes += stops.length;
                }
            }
            chunks.stopTimes.push(lines.join(''));
        };
        const lineCount = this.lineTown.length;
        this.lineStart.push(this.lineStops.length);
        for (let l = 0; l < lineCount; l++) {
            const stops = this.lineStops.data.subarray(this.lineStart.data[l], this.lineStart.data[l + 1]);
            const name = townName(this.lineTown.data[l]);
            for (let s = 0; s < stops.length; s++) stopRow(stops[s], `${name} ${s === 0 ? 'Centre' : `Arrêt ${s}`}`);
            if (stops.length < 2) continue;
            chunks.routes.push(`b${l},bus,${1 + l % 99},"${name}",3\n`);
            this.counts.routes++;
            runs(`b${l}`, stops, 6 * 3600, 22 * 3600, 3600, 6, 20);
        }
        for (let t = 0; t < this.stationOfTown.length; t++) stopRow(this.stationOfTown.data[t], `Gare de ${townName(t)}`);
        // Trains along every other row of towns (the grid's first columns × rows towns).
        for (let ty = 0; ty < rows; ty += 2) {
            const stops = this.stationOfTown.data.subarray(ty * columns, ty * columns + columns);
            chunks.routes.push(`r${ty},rail,IC${ty},"Ligne ${ty}",2\n`);
            this.counts.routes++;
            runs(`r${ty}`, stops, 6 * 3600, 22 * 3600, 7200, 30, 60);
        }
        const text = (parts) => strToU8(parts.join(''));
        const zip = zipSync({
            'agency.txt': strToU8(`agency_id,agency_name,agency_url,agency_timezone\nbus,Cars du Pays,https://example.org,${timezone}\nrail,Rail du Pays,https://example.org,${timezone}\n`),
            'stops.txt': text(chunks.stops), 'routes.txt': text(chunks.routes), 'trips.txt': text(chunks.trips),
            'stop_times.txt': text(chunks.stopTimes),
            'calendar.txt': strToU8('service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nweekdays,1,1,1,1,1,0,0,20260101,20261231\n')
        });
        const tmp = `${file}.${process.pid}.tmp`;
        fs.writeFileSync(tmp, zip);
        fs.renameSync(tmp, file);
    }
}
