// Public transport: CSV and GTFS quirks, broken feeds, a hand-made feed routed by hand, the real
// feeds compiled, one-to-all, and Malta without transit. The real feeds against a brute-force oracle
// are in transit-brute.test.ts (each file has its own time limit).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import {zipSync, strToU8} from 'fflate';
import {
    FOOT, INF, Region, Snapper, TransitError, TransitNetwork, TransitRouter,
    buildRegion, buildTransitSection, openFeedSource, parseCsv, parseDepartureWindow, parseGtfsDate, parseGtfsTime, readGtfsFeed,
    type TransitRoute, regionSections} from '../src/internal.js';
import {dataRoot, random, testRegion} from './helpers.js';
import {pointSeeds, walkTimes} from './transit-oracle.js';
import {tinyFeed, writeFeed} from './transit-fixture.js';

function rows(text: string | Uint8Array): string[][] {
    const out: string[][] = [];
    parseCsv(text, (f) => out.push(f.slice()));
    return out;
}

t.test('CSV: BOM, CRLF, quotes, commas, line breaks, spaces, blank lines, short rows', async (t) => {
    const text = '\ufeffa,b,c\r\n"x, y",  z  ,"say ""hi"""\r\n\r\n"two\nlines",2\n3,,\n';
    const expected = [['a', 'b', 'c'], ['x, y', 'z', 'say "hi"'], ['two\nlines', '2'], ['3', '', '']];
    t.same(rows(text), expected);
    // Byte by byte: the same rows whatever the chunking, multi-byte characters included.
    const bytes = new TextEncoder().encode(`${text}"Liège, Gare",é\n`);
    const { CsvParser } = await import('../src/transit/gtfs/csv.js');
    const got: string[][] = [];
    const lines: number[] = [];
    const parser = new CsvParser((f, line) => {
        got.push(f.slice());
        lines.push(line);
    });
    for (let i = 0; i < bytes.length; i++) parser.push(bytes.subarray(i, i + 1));
    parser.end();
    t.same(got, [...expected, ['Liège, Gare', 'é']]);
    t.same(lines, [1, 2, 4, 6, 7], 'line numbers count the line breaks inside quotes');
    t.same(rows('a,b\n1,2'), [['a', 'b'], ['1', '2']], 'no final line break');
    t.same(rows('a\r1\r'), [['a'], ['1']], 'old Mac line ends');
});

t.test('GTFS times and dates', async (t) => {
    t.equal(parseGtfsTime('08:00:00'), 28800);
    t.equal(parseGtfsTime('9:59:00'), 35940, 'unpadded hour');
    t.equal(parseGtfsTime('25:41:00'), 92460, 'past 24:00');
    t.equal(parseGtfsTime('100:00:00'), 360000);
    t.equal(parseGtfsTime(''), -1, 'empty: to be interpolated');
    for (const bad of ['8:5:00', '08:60:00', '08:00:61', 'x8:00:00', '08:00', '08:00:00:00', '-1:00:00']) t.ok(Number.isNaN(parseGtfsTime(bad)), bad);
    t.equal(parseGtfsDate('20191030'), Date.UTC(2019, 9, 30) / 86400000);
    t.equal(parseGtfsDate('2019-10-30'), Date.UTC(2019, 9, 30) / 86400000, 'ISO dates (the original STIB extract)');
    t.ok(Number.isNaN(parseGtfsDate('20190231')));
    t.ok(Number.isNaN(parseGtfsDate('2019103')));
});

/** The code of the TransitError a call throws, or null. */
function transitErrorCode(fn: () => unknown): string | null {
    try {
        fn();
    } catch (err) {
        if (err instanceof TransitError) return err.code;
        throw err;
    }
    return null;
}

// ---------------------------------------------------------------------------------------------
// A hand-made feed on the Brussels foot network.

t.test('a hand-made feed: quirks, frequencies, transfers, times past 24:00, by hand', async (t) => {
    const be = testRegion('BE');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-gtfs-'));
    t.teardown(() => fs.rmSync(dir, {recursive: true, force: true}));
    const {files, nodes} = tinyFeed(be);
    writeFeed(path.join(dir, 'tiny'), files);

    const feed = readGtfsFeed(openFeedSource(path.join(dir, 'tiny')), 'tiny');
    t.same(feed.stopIds, ['A', 'B', 'CS', 'C1', 'C2', 'D'], 'ids trimmed');
    t.equal(feed.stopNames[0], 'Alpha, Place');
    t.equal(feed.stopNames[3], 'Gamma station', 'a platform without a name takes its station\'s');
    t.equal(feed.stopParent[3], 2);
    t.equal(feed.tripHeadsign[0], 'Gamma, via Beta');
    t.equal(feed.timezone, 'Europe/Brussels');
    const f1 = feed.tripFirst[0];
    t.ok(feed.stopTimeArrival[f1 + 1] > 7 * 3600 && feed.stopTimeArrival[f1 + 1] < 7 * 3600 + 600, 'the untimed stop is interpolated');
    t.equal(feed.stopTimeDeparture[feed.tripFirst[2]], 24 * 3600 + 600, 'past 24:00');
    t.same(feed.warnings, []);

    // The same feed zipped (inside a folder, as some publishers do) reads the same.
    const zipped: Record<string, Uint8Array> = {};
    for (const [name, text] of Object.entries(files)) zipped[`gtfs/${name}`] = strToU8(text);
    fs.writeFileSync(path.join(dir, 'tiny.zip'), zipSync(zipped));
    const fromZip = readGtfsFeed(openFeedSource(path.join(dir, 'tiny.zip')), 'tiny.zip');
    t.same(Array.from(fromZip.stopTimeArrival), Array.from(feed.stopTimeArrival));
    t.same(fromZip.tripIds, feed.tripIds);

    const {section, meta} = buildTransitSection([path.join(dir, 'tiny'), path.join(dir, 'tiny.zip')], regionSections(be).roads, {timezone: 'Europe/Brussels'});
    t.equal(meta.feeds[0].referenceDate, '2024-03-05', 'earliest of the busiest Tuesday to Thursday');
    t.equal(meta.feeds[0].key, 'tiny');
    t.equal(meta.feeds[1].key, 'tiny-1', 'zip and folder share a base name: the second is numbered…');
    t.equal(meta.feeds[0].stats.runs, 18 + 3, 'the frequencies.txt trip runs every 10 min from 07:00 to 09:50');
    const ids = new Set<string>();
    const net = TransitNetwork.from(section.buffer as ArrayBuffer, section.byteOffset, section.byteLength);
    for (let s = 0; s < net.stopCount; s++) ids.add(net.stopIds.get(s));
    t.ok(ids.has('tiny:A') && [...ids].some((id) => /^tiny-1:A$/.test(id)), '…but their ids stay apart');
    // The second (zipped) copy doubles every departure; route on the folder copy alone.
    const single = buildTransitSection([path.join(dir, 'tiny')], regionSections(be).roads, {timezone: 'Europe/Brussels'});
    const tiny = TransitNetwork.from(single.section.buffer as ArrayBuffer, single.section.byteOffset, single.section.byteLength);
    const g = regionSections(be).roads;
    const router = new TransitRouter(g, new Snapper(g), tiny);
    const at = (i: number): [number, number] => [g.nodeLat[nodes[i]] / 1e7, g.nodeLon[nodes[i]] / 1e7];
    const [aLat, aLon] = at(0), [dLat, dLon] = at(3);

    // 08:00 at A: tram 1 at 08:00 to Gamma (08:10), change platforms (3 min), bus 2 at 08:15, Delta 08:25.
    const r = router.route(aLat, aLon, dLat, dLon, 8 * 3600);
    t.equal(r.walkOnly, false);
    t.equal(r.arrival, 8 * 3600 + 25 * 60);
    t.equal(r.time, 25 * 60 * 1000);
    t.equal(r.transfers, 1);
    const rides = r.legs.filter((l) => l.type === 'ride');
    t.same(rides.map((l) => l.type === 'ride' && [l.routeShortName, l.mode, l.headsign, l.from.name, l.to.name, l.departureTime, l.arrivalTime]), [
        ['1', 'tram', 'Gamma, via Beta', 'Alpha, Place', 'Gamma station', '2024-03-05T08:00:00+01:00', '2024-03-05T08:10:00+01:00'],
        ['2', 'bus', 'Delta', 'Gamma quai 2', 'Delta', '2024-03-05T08:15:00+01:00', '2024-03-05T08:25:00+01:00']
    ]);
    t.equal(rides[0].type === 'ride' && rides[0].stops.length, 3, 'the ride lists its calls');
    t.equal(rides[0].type === 'ride' && rides[0].color, 'FF0000');

    // With a 5-minute change time the 08:15 bus is out of reach: the next one at 24:10.
    // At 00:05 the day's first bus is the previous day's 24:10 trip, running at 00:10.
    const night = router.route(...at(2), dLat, dLon, 5 * 60);
    t.equal(night.walkOnly, false);
    t.equal(night.arrival, 20 * 60, 'yesterday\'s 24:10 trip, ridden at 00:10');
    const nightRide = night.legs.find((l) => l.type === 'ride');
    t.equal(nightRide?.departureTime, '2024-03-05T00:10:00+01:00');

    // A Saturday: only the Saturday bus runs (09:00), and no tram.
    const saturday = new TransitRouter(g, new Snapper(g), tiny, {date: '2024-03-09'});
    const s = saturday.route(...at(2), dLat, dLon, 8 * 3600 + 55 * 60);
    t.equal(s.arrival, 9 * 3600 + 10 * 60);
    const overridden = buildTransitSection([path.join(dir, 'tiny')], regionSections(be).roads, {timezone: 'Europe/Brussels', transitDate: '2024-03-09'});
    t.equal(overridden.meta.feeds[0].referenceDate, '2024-03-09', 'transitDate overrides the rule');

    // A few hundred metres: the walk itself.
    const near = router.route(aLat, aLon, aLat + 0.002, aLon + 0.001, 8 * 3600);
    t.equal(near.walkOnly, true);
    t.equal(near.legs.length, 1);
    t.equal(transitErrorCode(() => router.route(aLat, aLon, aLat, aLon)), 'same-position');
    t.equal(transitErrorCode(() => router.route(0, 0, aLat, aLon)), 'from-off-network');
});

// ---------------------------------------------------------------------------------------------
// Broken feeds.

const GOOD: Record<string, string> = {
    'agency.txt': 'agency_name,agency_url,agency_timezone\nX,http://x,Europe/Rome\n',
    'stops.txt': 'stop_id,stop_name,stop_lat,stop_lon\nA,A,45.46,9.18\nB,B,45.47,9.19\n',
    'routes.txt': 'route_id,route_short_name,route_type\nR,1,3\n',
    'trips.txt': 'route_id,service_id,trip_id\nR,S,T1\nR,S,T2\n',
    'stop_times.txt': 'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT1,08:00:00,08:00:00,A,1\nT1,08:05:00,08:05:00,B,2\nT2,09:00:00,09:00:00,A,1\nT2,09:05:00,09:05:00,B,2\n',
    'calendar.txt': 'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nS,1,1,1,1,1,0,0,20240101,20241231\n'
};

t.test('broken feeds: the error names the file, the line and the problem', async (t) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-broken-'));
    t.teardown(() => fs.rmSync(dir, {recursive: true, force: true}));
    let n = 0;
    const read = (changes: Record<string, string | null>) => {
        const d = path.join(dir, `feed${n++}`);
        const files = {...GOOD};
        for (const [k, v] of Object.entries(changes)) {
            if (v === null) delete files[k];
            else files[k] = v;
        }
        writeFeed(d, files);
        return () => readGtfsFeed(openFeedSource(d), path.basename(d));
    };
    t.doesNotThrow(read({}), 'the good feed reads');
    t.throws(read({'stop_times.txt': GOOD['stop_times.txt'].replace('T2,09:05:00,09:05:00,B', 'T2,09:05:00,09:05:00,ZZ')}),
        {name: 'GtfsError', message: /stop_times\.txt line 5: stop_id ZZ is not in stops\.txt/});
    t.throws(read({'stop_times.txt': GOOD['stop_times.txt'].replace('T1,08:05:00,08:05:00', 'T1,08:05:00,8:5x:00')}),
        /stop_times\.txt line 3: unparseable departure_time '8:5x:00'/);
    t.throws(read({'stop_times.txt': GOOD['stop_times.txt'].replace('T1,08:05:00,08:05:00', 'T1,07:05:00,07:05:00')}),
        /stop_times\.txt line 3: trip T1: arrival_time 7:05:00 is before the previous stop's departure 8:00:00/);
    t.throws(read({'trips.txt': 'route_id,service_id,trip_id\nR,S,T1\nQ,S,T2\n'}), /trips\.txt line 3: route_id Q is not in routes\.txt/);
    t.throws(read({'trips.txt': 'route_id,service_id,trip_id\nR,S,T1\nR,NOPE,T2\n'}), /trips\.txt line 3: service_id NOPE is in neither/);
    t.throws(read({'routes.txt': 'route_id,route_short_name\nR,1\n'}), /routes\.txt line 1: no route_type column/);
    t.throws(read({'stops.txt': null}), /the feed has no stops\.txt/);
    t.throws(read({'calendar.txt': null}), /neither calendar\.txt nor calendar_dates\.txt/);
    t.throws(read({'agency.txt': 'agency_name,agency_url,agency_timezone\nX,http://x,Mars/Olympus\n'}), /agency\.txt line 2: agency_timezone 'Mars\/Olympus'/);
    t.throws(read({'stops.txt': GOOD['stops.txt'] + 'C,C,north,9.2\n'}), /stops\.txt line 4: stop C has no usable stop_lat\/stop_lon/);
    const missing = path.join(dir, 'nothing-here.zip');
    t.throws(() => openFeedSource(missing), /GTFS feed not found: .*nothing-here\.zip/);
    fs.writeFileSync(path.join(dir, 'junk.zip'), 'not a zip at all');
    t.throws(() => openFeedSource(path.join(dir, 'junk.zip')), /junk\.zip: not a readable zip archive/);
});

t.test('real broken feeds: the truncated 2024 samples are refused with file and line; the original STIB extract reads', async (t) => {
    const dir = path.join(dataRoot, 'be-brussels/gtfs');
    const read = (f: string) => () => readGtfsFeed(openFeedSource(path.join(dir, f)), path.basename(f));
    t.throws(read('samples-truncated-2024-12/sncb-nmbs_mdb-1859-202412190048_TRUNCATED-1000-lines.zip'),
        /stop_times\.txt line 2: stop_id 8892007 is not in stops\.txt \(and 775 more bad rows of 999: too many to skip; fix the feed\)/);
    t.throws(read('samples-truncated-2024-12/delijn_mdb-684-202412230102_TRUNCATED-1000-lines.zip'), /trips\.txt line 2: route_id \S+ is not in routes\.txt/);
    // Not standard GTFS: ISO dates, spaces before the coordinates, extra files.
    const original = read('stib-mivb-2019-10_metro-subset_ORIGINAL.zip')();
    t.equal(original.stopTimeArrival.length, 92262);
    t.equal(original.stopIds.length, 2808);
    t.same(original.warnings, []);
});

t.test('a few bad rows are skipped, counted and reported, never silently', async (t) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-fewbad-'));
    t.teardown(() => fs.rmSync(dir, {recursive: true, force: true}));
    let stopTimes = 'trip_id,arrival_time,departure_time,stop_id,stop_sequence\n';
    let trips = 'route_id,service_id,trip_id\n';
    for (let i = 0; i < 100; i++) {
        trips += `R,S,T${i}\n`;
        stopTimes += `T${i},08:${String(i % 60).padStart(2, '0')}:00,08:${String(i % 60).padStart(2, '0')}:00,A,1\n`;
        stopTimes += `T${i},09:00:00,09:00:00,${i === 42 ? 'GHOST' : 'B'},2\n`;
    }
    writeFeed(dir, {...GOOD, 'trips.txt': trips, 'stop_times.txt': stopTimes});
    const feed = readGtfsFeed(openFeedSource(dir), 'fewbad');
    const bad = feed.warnings.find((w) => w.file === 'stop_times.txt' && /GHOST/.test(w.problem));
    t.ok(bad, 'the skipped row is reported');
    t.equal(bad?.count, 1);
    t.equal(bad?.line, 87);
    t.ok(feed.warnings.some((w) => /single stop time/.test(w.problem)), 'and the trip it leaves with one stop is too');
});

t.test('region build: transit.bin from the configured feeds, a changed feed rebuilds, none without feeds', async (t) => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'quartier-transit-build-'));
    t.teardown(() => fs.rmSync(out, {recursive: true, force: true}));
    const feed = path.join(out, 'porto-feed');
    // Two stops in central Porto (Trindade, Aliados), inside the 2020 central extract.
    writeFeed(feed, {
        ...GOOD,
        'agency.txt': 'agency_name,agency_url,agency_timezone\nM,http://m,Europe/Lisbon\n',
        'stops.txt': 'stop_id,stop_name,stop_lat,stop_lon\nA,Trindade,41.15206,-8.60928\nB,Aliados,41.14846,-8.61116\n'
    });
    const config = {country: 'PT', osm: ['pt-porto/porto-center-valhalla-2020.osm.pbf'], gtfs: [feed]};
    const first = buildRegion(config, {dataRoot, outDir: out, quiet: true});
    t.ok(fs.existsSync(path.join(first.dir, 'transit.bin')));
    t.ok(first.manifest.sections.transit.bytes > 0);
    t.ok(first.manifest.sources.some((s) => s.role === 'transit' && s.path === feed && /^[0-9a-f]{64}$/.test(s.sha256)));
    const region = Region.open(first.dir);
    t.equal(regionSections(region).transit?.stopCount, 2);
    t.equal(regionSections(region).transit?.feeds[0].referenceDate, '2024-01-02', 'the first Tuesday of a feed running every weekday');
    t.same(region.transitRouter.window, {startSeconds: 27000, endSeconds: 30600, percentile: 50}, 'the default window: 07:30-08:30, the median');
    // The region's own departure window (transitWindow, transitPercentile: a build setting, so answers and
    // cached answers change with the bundle) is refused before building when wrong, and read from the
    // manifest (here a copy of the bundle with it written in, rather than a second build).
    t.throws(() => buildRegion({...config, transitWindow: '18:00-17:00'}, {dataRoot, outDir: out, quiet: true}), /region PT: departure window '18:00-17:00' .*ends before it starts.*data\/regions\.json/);
    t.throws(() => buildRegion({...config, transitPercentile: 0}, {dataRoot, outDir: out, quiet: true}), /percentile must be a number from 1 to 100/);
    const copy = path.join(out, 'windowed');
    fs.cpSync(first.dir, copy, {recursive: true});
    const manifest = JSON.parse(fs.readFileSync(path.join(copy, 'manifest.json'), 'utf8'));
    fs.writeFileSync(path.join(copy, 'manifest.json'), JSON.stringify({...manifest, transitWindow: parseDepartureWindow('17:00-18:00', 80)}));
    t.same(Region.open(copy).transitRouter.window, {startSeconds: 61200, endSeconds: 64800, percentile: 80});
    t.equal(buildRegion(config, {dataRoot, outDir: out, quiet: true}).skipped, true, 'unchanged: skipped');
    fs.writeFileSync(path.join(feed, 'calendar.txt'), GOOD['calendar.txt'].replace('20241231', '20241130'));
    t.equal(buildRegion(config, {dataRoot, outDir: out, quiet: true}).skipped, false, 'a changed feed file rebuilds');
    const none = buildRegion({country: 'PT', osm: config.osm}, {dataRoot, outDir: out, quiet: true});
    t.notOk(fs.existsSync(path.join(none.dir, 'transit.bin')), 'no feeds, no transit.bin');
    t.equal(regionSections(Region.open(none.dir)).transit, null);
    t.throws(() => buildRegion({...config, gtfs: [path.join(out, 'missing.zip')]}, {dataRoot, outDir: out, quiet: true}), /GTFS feed not found: .*missing\.zip/);
});

// ---------------------------------------------------------------------------------------------
// The real feeds.

t.test('Malta has no public transport: a clear error', async (t) => {
    const mt = testRegion('MT');
    t.equal(regionSections(mt).transit, null);
    t.equal(transitErrorCode(() => mt.transitRouter), 'no-transit');
    t.throws(() => mt.transitRouter, /Public transport is not available in this region \(MT\): it has no timetable data/);
});

t.test('the real feeds compile: counts, reference days, overtaking-free patterns', async (t) => {
    const it = regionSections(testRegion('IT')).transit!, pt = regionSections(testRegion('PT')).transit!, be = regionSections(testRegion('BE')).transit!;
    t.equal(it.feeds[0].stats.stopTimes, 248555);
    t.equal(it.feeds[0].stats.trips, 10608);
    t.equal(it.stopCount, 516, 'every Milan stop is in the area');
    t.equal(it.feeds[0].referenceDate, '2014-10-21');
    t.equal(it.feeds[0].utcOffset, 7200, 'Europe/Rome in summer time');
    t.equal(pt.feeds[0].stats.stopTimes, 64317);
    t.equal(pt.feeds[0].referenceDate, '2025-09-09');
    t.same(be.feeds.map((f) => f.referenceDate), ['2019-10-30', '2019-10-30'], 'BE: one day both feeds run');
    t.equal(be.feeds[1].stats.stopTimes, 265371);
    t.ok(be.feeds[1].stats.tripsOutsideArea > 10000, 'SNCB: the national network is cut to the stations around Brussels');
    for (const [name, net] of [['IT', it], ['PT', pt], ['BE', be]] as const) {
        let overtaking = 0;
        for (let p = 0; p < net.patternCount; p++) {
            const n = net.patternStopCount(p), trips = net.patternTripFirst[p + 1] - net.patternTripFirst[p];
            for (let k = 1; k < trips; k++) {
                for (let i = 0; i < n; i++) {
                    const a = net.patternTimeFirst[p] + (k - 1) * n + i, b = a + n;
                    if (net.departure[b] < net.departure[a] || net.arrival[b] < net.arrival[a]) overtaking++;
                }
            }
        }
        t.equal(overtaking, 0, `${name}: no trip overtakes another within a pattern`);
    }
});

t.test('Porto: compiled times equal the raw stop_times.txt (read here with a plain split)', async (t) => {
    const net = regionSections(testRegion('PT')).transit!;
    const raw = fs.readFileSync(path.join(dataRoot, 'pt-porto/gtfs-metro-do-porto/stop_times.txt'), 'utf8').split(/\r?\n/);
    const header = raw[0].replace(/^\ufeff/, '').split(',');
    const col = (n: string) => header.indexOf(n);
    const byTrip = new Map<string, string[][]>();
    for (const line of raw.slice(1)) {
        if (!line) continue;
        const f = line.split(',');
        let list = byTrip.get(f[col('trip_id')]);
        if (!list) byTrip.set(f[col('trip_id')], list = []);
        list.push(f);
    }
    const secs = (s: string) => s.split(':').reduce((a, b) => a * 60 + Number(b), 0);
    let checked = 0;
    for (let trip = 0; trip < net.tripCount; trip += 7) {
        const id = net.tripIds.get(trip).replace(/^gtfs-metro-do-porto:/, '');
        const rawRows = byTrip.get(id)!.sort((a, b) => Number(a[col('stop_sequence')]) - Number(b[col('stop_sequence')]));
        const p = net.tripPattern[trip], n = net.patternStopCount(p);
        const base = net.patternTimeFirst[p] + (trip - net.patternTripFirst[p]) * n;
        t.equal(n, rawRows.length);
        for (let i = 0; i < n; i++) {
            const stop = net.stopIds.get(net.patternStops[net.patternStopFirst[p] + i]);
            if (stop !== `gtfs-metro-do-porto:${rawRows[i][col('stop_id')]}` || net.arrival[base + i] !== secs(rawRows[i][col('arrival_time')]) ||
                net.departure[base + i] !== secs(rawRows[i][col('departure_time')])) {
                t.fail(`trip ${id} call ${i}: ${stop} ${net.arrival[base + i]} vs ${rawRows[i].join(',')}`);
                return;
            }
        }
        checked++;
    }
    t.ok(checked > 400, `${checked} trips checked`);
});

t.test('one-to-all: stops and foot nodes, never later than route() nor than walking', async (t) => {
    for (const country of ['IT', 'BE']) {
        const region = testRegion(country);
        const net = regionSections(region).transit!, router = region.transitRouter, g = regionSections(region).roads;
        const rnd = random(99);
        for (let q = 0; q < 5; q++) {
            const s = Math.floor(rnd() * net.stopCount);
            if (net.stopEdge[s] < 0) continue;
            const lat = net.stopLat[s] / 1e7 + 0.002, lon = net.stopLon[s] / 1e7 - 0.002;
            const maxSeconds = 1800;
            // One departure (the window's answers are checked in transit-window.test.ts).
            const stopsMs = router.oneToAllStops(lat, lon, maxSeconds, 8 * 3600).slice();
            const nodesMs = router.oneToAll(lat, lon, maxSeconds, 8 * 3600);
            let reachedStops = 0;
            for (let x = 0; x < net.stopCount; x++) if (stopsMs[x] !== INF) reachedStops++;
            t.ok(reachedStops > 0, `${country}: ${reachedStops} stops within 30 min`);
            // Walking alone, independently.
            const from = new Snapper(g).snap(lat, lon, FOOT)!;
            const seeds = pointSeeds(g, from.edge, from.offset, true);
            let laterThanWalk = 0, reached = 0, checkedRoutes = 0, laterThanRoute = 0;
            const walk = walkTimes(g, seeds, true, maxSeconds * 1000);
            for (let x = 0; x < g.nodeCount; x++) {
                if (nodesMs[x] !== INF) reached++;
                if (walk[x] !== Infinity && nodesMs[x] > walk[x] + 2) laterThanWalk++;
            }
            t.equal(laterThanWalk, 0, 'no node later than walking there');
            t.ok(reached > 1000, `${reached} nodes within 30 min`);
            // route() to some reached nodes takes at least as long (its egress walk is bounded).
            const reachedNodes: number[] = [];
            for (let x = 0; x < g.nodeCount; x++) if (nodesMs[x] !== INF && g.inMainComponent(x, FOOT)) reachedNodes.push(x);
            for (let k = 0; k < 20; k++) {
                const x = reachedNodes[Math.floor(rnd() * reachedNodes.length)];
                let r: TransitRoute;
                try {
                    r = router.route(lat, lon, g.nodeLat[x] / 1e7, g.nodeLon[x] / 1e7, 8 * 3600);
                } catch (err) {
                    // route() bounds its egress walk, so a node reached by a long walk may have no journey; nothing else is skipped.
                    if (err instanceof TransitError && (err.code === 'unreachable' || err.code === 'same-position')) continue;
                    throw err;
                }
                checkedRoutes++;
                if (nodesMs[x] > r.time + 2) laterThanRoute++;
            }
            t.equal(laterThanRoute, 0, `one-to-all never later than route() (${checkedRoutes} checked)`);
            t.ok(checkedRoutes >= 10);
        }
    }
});
