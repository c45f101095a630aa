// The layout of a region's transit section: build/compile.ts writes it, query/network.ts reopens it
// from its buffer without copying. Everything RAPTOR reads is a flat typed array:
//
//   stops      position, name, id ("feed:stop_id"), where it sits on the foot network (edge,
//              offset, and the walking cost between it and the edge's two ends), minimum change
//              time, the patterns through it (stopPatternFirst → stopPatterns / stopPatternPos)
//   footpaths  CSR by stop: footTo, footMs, footMeters (walks between nearby stops, and transfers.txt)
//   patterns   a stop sequence with its trips sorted by departure; no trip overtakes another, so the
//              departures at every stop are sorted too. Times of trip k of pattern p at its i-th
//              stop: arrival/departure[patternTimeFirst[p] + k * stops(p) + i], in seconds after
//              midnight of the service day (may pass 24:00)
//   trips      global trip t of pattern p is patternTripFirst[p] + k; its service, headsign, id
//   services   per feed, one bit per day of the feed's period
//   shapes     points and metres along them; each pattern stop's place on its pattern's shape
//   nodeStops  the stops attached to each foot-graph node (CSR), to find stops while walking
//
// Both sides of transit/ share this file: the build writes what it declares, the query side reads it.

export const TRANSIT_KIND = 'transit';
export const TRANSIT_VERSION = 1;

export interface TransitFeedInfo {
    /** The namespace of the feed's ids ("stib-mivb-2019-…"), from its file name. */
    key: string;
    path: string;
    agency: string;
    timezone: string;
    /** The reference day: YYYY-MM-DD, days since 1970, and why it was chosen. */
    referenceDate: string;
    referenceDay: number;
    referenceRule: string;
    /** UTC offset (s) of the region's time zone on the reference day. */
    utcOffset: number;
    /** Seconds added to the feed's times to bring them to the region's time zone (0 when the same). */
    timeShift: number;
    firstDay: number;
    dayCount: number;
    /** Services of this feed: [serviceFirst, serviceFirst + serviceCount). */
    serviceFirst: number;
    serviceCount: number;
    stats: Record<string, number>;
    warnings: {file: string; count: number; line: number; problem: string}[];
}

export interface TransitMeta {
    feeds: TransitFeedInfo[];
    timezone: string;
    stopCount: number;
    patternCount: number;
    tripCount: number;
    routeCount: number;
    /** The road graph the stops were attached to. */
    nodeCount: number;
    edgeCount: number;
    /** Bounds used by the build (documented in build/compile.ts). */
    footpathMaxSeconds: number;
    stopSnapMeters: number;
    areaMarginMeters: number;
    stats: {stopsAttached: number; footpaths: number; transfersApplied: number; shapes: number};
}

/** stop_times pickup/drop-off flags, as patternStopFlags keeps them: no pickup, no drop-off there. */
export const NO_PICKUP = 1;
export const NO_DROP_OFF = 2;
