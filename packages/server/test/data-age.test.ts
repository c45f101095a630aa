// /health tells how old each region's data is (issue 28): the OSM data's date, the bundle's id, and each GTFS feed's
// service dates, with a feed whose service has ended flagged and what quartier does about it (transit answers run
// the timetable of the feed's reference day). On the test regions: Brussels' two 2019 feeds have long ended.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import {get, testBuildRoot, testServer} from './helpers.js';

const server = await testServer();
t.teardown(() => server.close());

const manifest = (cc: string) => JSON.parse(fs.readFileSync(path.join(testBuildRoot, cc, 'manifest.json'), 'utf8'));

t.test('each region: the data date, the bundle id, the feeds and their service dates', async (t) => {
    const health = (await get(`${server.url}/health`)).body;
    const regions = Object.fromEntries(health.regions.map((r: {country: string}) => [r.country, r]));
    for (const cc of Object.keys(regions)) {
        t.equal(regions[cc].bundleId, manifest(cc).inputHash.slice(0, 16), `${cc}: the bundle id`);
        t.ok(regions[cc].builtAt && regions[cc].sources.length >= 1, `${cc}: the existing fields stay`);
    }
    t.equal(regions.MT.dataDate, '2018-08-27T20:14:02.000Z', 'MT: the extract\'s replication time');
    t.same(regions.MT.feeds, [], 'MT: no feed');
    t.equal(regions.BE.dataDate, '2013-01-01T00:00:00.000Z', 'BE: the date in the extract\'s name (its header has none)');
    t.match(regions.BE.feeds, [
        {file: 'stib-mivb-2019-10-28_2019-11-03_metro-subset.gtfs.zip', agency: 'STIB', firstDate: '2019-10-28', lastDate: '2019-11-03',
            referenceDate: '2019-10-30', expired: true, notice: /ran until 2019-11-03: transit answers still run its timetable of 2019-10-30.*update-region BE --gtfs/},
        {file: 'sncb-nmbs-2019-10-07_2019-12-14.gtfs.zip', agency: 'NMBS/SNCB', firstDate: '2019-10-07', lastDate: '2019-12-14', referenceDate: '2019-10-30', expired: true}
    ]);
    const single = (await get(`${server.url}/be/health`)).body;
    t.ok(single.regions.every((r: {feeds: unknown}) => Array.isArray(r.feeds)));
});
