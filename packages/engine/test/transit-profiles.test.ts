// The stop profiles a region's build makes (the stop-profiles section): the very profiles a thread would make
// over the region's window, read in place; the same answers as a router that makes its own; another window still
// answered (by profiles made in the thread); a section from another build refused when the bundle is opened.
import t from 'tap';
import {
    CHQuery, DEFAULT_DEPARTURE_WINDOW, FOOT, MAX_RIDES, Region, Snapper, StopProfiles, TransitRouter, regionSections, type DepartureWindow
} from '../src/internal.js';
import {bundleWithSectionOf, random, testRegion} from './helpers.js';

for (const country of ['BE', 'IT']) {
    t.test(`${country}: the section holds, stop by stop, the profile a thread makes`, async (t) => {
        const region = testRegion(country);
        const {stopProfiles, transit} = regionSections(region);
        t.ok(stopProfiles, 'the build wrote the section');
        const {fromMs, toMs, days, maxRides, stopCount} = stopProfiles!.meta;
        t.equal(stopCount, transit!.stopCount);
        t.equal(maxRides, MAX_RIDES);
        t.same(days, transit!.feeds.map((f) => f.referenceDay), 'over the feeds\' reference days, as a region\'s router runs');
        t.equal(fromMs, DEFAULT_DEPARTURE_WINDOW.startSeconds * 1000, 'from the window\'s first departure');
        const own = new StopProfiles(region.transitRouter.raptor);
        t.ok(own.cover(fromMs, toMs));
        const rnd = random(country.charCodeAt(0));
        let differ = 0;
        for (let i = 0; i < 120; i++) {
            const s = Math.floor(rnd() * stopCount);
            const built = stopProfiles!.of(s), made = own.make(s);
            if (!equalArrays(built.moments, made.moments) || !equalArrays(built.arrivals, made.arrivals)) differ++;
        }
        t.equal(differ, 0, 'every stop sampled: the same boarding moments and arrivals');
    });
}

t.test('BE: the region\'s router (the build\'s profiles) answers as a router making its own, over the window and another', async (t) => {
    const region = testRegion('BE');
    const {roads, transit, ch} = regionSections(region);
    // As the region makes its router (the same walk finder), but without the section.
    const fresh = new TransitRouter(roads, new Snapper(roads), transit!, {walk: new CHQuery(roads, ch[FOOT])});
    const served = region.transitRouter;
    const rnd = random(29);
    const box = [50.80, 50.89, 4.30, 4.42];
    const at = (): [number, number] => [box[0] + rnd() * (box[1] - box[0]), box[2] + rnd() * (box[3] - box[2])];
    const other: DepartureWindow = {startSeconds: 17 * 3600, endSeconds: 17 * 3600 + 1800, percentile: 80};
    let compared = 0;
    for (const window of [DEFAULT_DEPARTURE_WINDOW, other, DEFAULT_DEPARTURE_WINDOW]) {
        for (let o = 0; o < 8; o++) {
            const [lat, lon] = at();
            const tos: number[] = [];
            for (let j = 0; j < 25; j++) tos.push(...at());
            let a: unknown, b: unknown;
            try {
                a = served.measureMany(lat, lon, tos, window);
            } catch (err) {
                a = (err as Error).message;
            }
            try {
                b = fresh.measureMany(lat, lon, tos, window);
            } catch (err) {
                b = (err as Error).message;
            }
            t.same(a, b, `from ${lat.toFixed(5)}, ${lon.toFixed(5)} over ${window.startSeconds / 3600} h`);
            if (Array.isArray(a)) compared += a.filter((m) => m !== null).length;
        }
    }
    t.ok(compared > 300, `${compared} cells compared`);
});

t.test('a stop-profiles section from another build is refused when the bundle opens, saying what to do', async (t) => {
    // Portugal's profiles (a valid section) beside Brussels' transit.
    const {bundle, drop} = bundleWithSectionOf(t, 'BE', 'stopProfiles', 'stop-profiles.bin', 'PT');
    t.throws(() => Region.open(bundle), /made from another transit section: rebuild the region/);
    // Without the section (a bundle built before it), the region opens and its threads make the profiles.
    drop();
    const region = Region.open(bundle);
    t.equal(regionSections(region).stopProfiles, null);
    t.ok(region.transitRouter.measureMany(50.8467, 4.3525, [50.8380, 4.3720]).length === 1);
});

function equalArrays(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
}
