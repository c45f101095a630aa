// The stop-profiles section (region build only): every stop's profile over the region's departure window, made
// once here where each routing thread used to make its own at warm-up (../query/stop-profiles.ts says what a
// profile is). Threads read the section in place, so a server holds one copy whatever its thread count.
import {encodeSection} from '../../format/section.js';
import {departureCount, type DepartureWindow} from '../query/departure-window.js';
import {ACCESS_MAX_SECONDS} from '../query/foot-access.js';
import type {TransitNetwork} from '../query/network.js';
import {dayTrips, MAX_RIDES, Raptor} from '../query/raptor.js';
import {profileSpanMs, StopProfiles, STOP_PROFILES_KIND, STOP_PROFILES_VERSION, type StopProfilesMeta} from '../query/stop-profiles.js';

/**
 * The section of `network`'s profiles over `window`, for a router over the feeds' reference days (as a region's
 * router runs), or null when they would take more than PROFILE_MAX_BYTES (routers then run range RAPTORs).
 * `transitChecksum`: the transit section's header checksum, which a region checks the section against.
 */
export function buildStopProfilesSection(network: TransitNetwork, window: DepartureWindow, transitChecksum: string): Uint8Array | null {
    const days = network.feeds.map((f) => f.referenceDay);
    const raptor = new Raptor(network, dayTrips(network, days, false), dayTrips(network, days.map((d) => d - 1), true), MAX_RIDES);
    const {fromMs, toMs} = profileSpanMs(window.startSeconds * 1000, departureCount(window), ACCESS_MAX_SECONDS);
    const profiles = new StopProfiles(raptor);
    if (!profiles.cover(fromMs, toMs)) return null;
    const S = network.stopCount;
    const momentFirst = new Uint32Array(S + 1);
    for (let s = 0; s < S; s++) momentFirst[s + 1] = momentFirst[s] + raptor.boardingMoments(s, fromMs, toMs).length;
    const moments = new Float64Array(momentFirst[S]);
    const arrivals = new Int32Array(momentFirst[S] * S);
    for (let s = 0; s < S; s++) {
        const p = profiles.make(s);
        moments.set(p.moments, momentFirst[s]);
        arrivals.set(p.arrivals, momentFirst[s] * S);
    }
    const meta: StopProfilesMeta = {fromMs, toMs, days, maxRides: MAX_RIDES, stopCount: S, transitChecksum};
    return encodeSection(STOP_PROFILES_KIND, STOP_PROFILES_VERSION, meta, {momentFirst, moments, arrivals});
}
