// The transit section of a region (its layout: ../section-layout.ts), reopened from its buffer
// without copying. Everything RAPTOR reads is a flat typed array.
import {Section, type AnyBuffer} from '../../format/section.js';
import {StringTable} from '../../format/strings.js';
import {TRANSIT_KIND, TRANSIT_VERSION, type TransitFeedInfo, type TransitMeta} from '../section-layout.js';

export class TransitNetwork {
    readonly section: Section;
    readonly meta: TransitMeta;
    readonly stopCount: number;
    readonly patternCount: number;
    readonly tripCount: number;
    readonly routeCount: number;

    readonly stopLat: Int32Array;
    readonly stopLon: Int32Array;
    /** Foot-graph edge the stop is attached to, -1 when it lies off the walking network. */
    readonly stopEdge: Int32Array;
    readonly stopOffset: Float32Array;
    /** ms: edge start (A) → stop, stop → A, edge end (B) → stop, stop → B; INF where not walkable. */
    readonly stopFromA: Uint32Array;
    readonly stopToA: Uint32Array;
    readonly stopFromB: Uint32Array;
    readonly stopToB: Uint32Array;
    /** Minimum time (ms) between alighting and boarding at the same stop (transfers.txt). */
    readonly stopChangeMs: Uint32Array;
    readonly stopPatternFirst: Uint32Array;
    readonly stopPatterns: Uint32Array;
    readonly stopPatternPos: Uint32Array;
    readonly footFirst: Uint32Array;
    readonly footTo: Uint32Array;
    readonly footMs: Uint32Array;
    readonly footMeters: Float32Array;
    readonly nodeStopFirst: Uint32Array;
    readonly nodeStops: Uint32Array;

    readonly patternStopFirst: Uint32Array;
    readonly patternStops: Uint32Array;
    /** Bit 0: no pickup, bit 1: no drop-off. */
    readonly patternStopFlags: Uint8Array;
    /** Metres from the pattern's first stop, along the shape (or the stop sequence). */
    readonly patternStopMeters: Float32Array;
    /** Where the stop projects onto the pattern's shape: segment index and share along it. */
    readonly patternStopShapeSegment: Uint32Array;
    readonly patternStopShapeShare: Float32Array;
    readonly patternTripFirst: Uint32Array;
    readonly patternTimeFirst: Uint32Array;
    readonly patternRoute: Uint32Array;
    /** Shape index, -1 without one. */
    readonly patternShape: Int32Array;
    /** Latest departure (s) of any trip of the pattern, to know when yesterday's trips still run. */
    readonly patternLastDeparture: Int32Array;
    readonly arrival: Int32Array;
    readonly departure: Int32Array;

    readonly tripPattern: Uint32Array;
    readonly tripService: Uint32Array;
    readonly tripHeadsign: Uint32Array;

    readonly routeShortName: Uint32Array;
    readonly routeLongName: Uint32Array;
    readonly routeType: Uint16Array;
    readonly routeColor: Uint32Array;
    readonly routeAgency: Uint32Array;
    readonly routeFeed: Uint8Array;

    readonly shapeFirst: Uint32Array;
    readonly shapeLat: Int32Array;
    readonly shapeLon: Int32Array;
    readonly shapeMeters: Float32Array;

    readonly serviceFeed: Uint16Array;
    readonly serviceWordFirst: Uint32Array;
    readonly serviceWords: Uint32Array;

    readonly stopNames: StringTable;
    readonly stopIds: StringTable;
    readonly routeIds: StringTable;
    readonly tripIds: StringTable;
    /** Headsigns, route names, colours, agencies. */
    readonly text: StringTable;

    constructor(section: Section) {
        this.section = section;
        const meta = this.meta = section.meta as TransitMeta;
        this.stopCount = meta.stopCount;
        this.patternCount = meta.patternCount;
        this.tripCount = meta.tripCount;
        this.routeCount = meta.routeCount;
        const u32 = (name: string) => section.array(name, Uint32Array);
        this.stopLat = section.array('stopLat', Int32Array);
        this.stopLon = section.array('stopLon', Int32Array);
        this.stopEdge = section.array('stopEdge', Int32Array);
        this.stopOffset = section.array('stopOffset', Float32Array);
        this.stopFromA = u32('stopFromA');
        this.stopToA = u32('stopToA');
        this.stopFromB = u32('stopFromB');
        this.stopToB = u32('stopToB');
        this.stopChangeMs = u32('stopChangeMs');
        this.stopPatternFirst = u32('stopPatternFirst');
        this.stopPatterns = u32('stopPatterns');
        this.stopPatternPos = u32('stopPatternPos');
        this.footFirst = u32('footFirst');
        this.footTo = u32('footTo');
        this.footMs = u32('footMs');
        this.footMeters = section.array('footMeters', Float32Array);
        this.nodeStopFirst = u32('nodeStopFirst');
        this.nodeStops = u32('nodeStops');
        this.patternStopFirst = u32('patternStopFirst');
        this.patternStops = u32('patternStops');
        this.patternStopFlags = section.array('patternStopFlags', Uint8Array);
        this.patternStopMeters = section.array('patternStopMeters', Float32Array);
        this.patternStopShapeSegment = u32('patternStopShapeSegment');
        this.patternStopShapeShare = section.array('patternStopShapeShare', Float32Array);
        this.patternTripFirst = u32('patternTripFirst');
        this.patternTimeFirst = u32('patternTimeFirst');
        this.patternRoute = u32('patternRoute');
        this.patternShape = section.array('patternShape', Int32Array);
        this.patternLastDeparture = section.array('patternLastDeparture', Int32Array);
        this.arrival = section.array('arrival', Int32Array);
        this.departure = section.array('departure', Int32Array);
        this.tripPattern = u32('tripPattern');
        this.tripService = u32('tripService');
        this.tripHeadsign = u32('tripHeadsign');
        this.routeShortName = u32('routeShortName');
        this.routeLongName = u32('routeLongName');
        this.routeType = section.array('routeType', Uint16Array);
        this.routeColor = u32('routeColor');
        this.routeAgency = u32('routeAgency');
        this.routeFeed = section.array('routeFeed', Uint8Array);
        this.shapeFirst = u32('shapeFirst');
        this.shapeLat = section.array('shapeLat', Int32Array);
        this.shapeLon = section.array('shapeLon', Int32Array);
        this.shapeMeters = section.array('shapeMeters', Float32Array);
        this.serviceFeed = section.array('serviceFeed', Uint16Array);
        this.serviceWordFirst = u32('serviceWordFirst');
        this.serviceWords = u32('serviceWords');
        this.stopNames = new StringTable(section, 'stopName');
        this.stopIds = new StringTable(section, 'stopId');
        this.routeIds = new StringTable(section, 'routeId');
        this.tripIds = new StringTable(section, 'tripId');
        this.text = new StringTable(section, 'text');
    }

    static from(buffer: AnyBuffer, byteOffset = 0, byteLength?: number): TransitNetwork {
        return new TransitNetwork(Section.from(buffer, TRANSIT_KIND, TRANSIT_VERSION, byteOffset, byteLength));
    }

    get feeds(): TransitFeedInfo[] {
        return this.meta.feeds;
    }

    patternStopCount(p: number): number {
        return this.patternStopFirst[p + 1] - this.patternStopFirst[p];
    }

    /** Whether a trip's service runs on a day (days since 1970). */
    runsOn(trip: number, day: number): boolean {
        const s = this.tripService[trip];
        const feed = this.meta.feeds[this.serviceFeed[s]];
        const d = day - feed.firstDay;
        if (d < 0 || d >= feed.dayCount) return false;
        return (this.serviceWords[this.serviceWordFirst[s] + (d >>> 5)] & (1 << (d & 31))) !== 0;
    }

    /** The feed a trip belongs to. */
    tripFeed(trip: number): number {
        return this.serviceFeed[this.tripService[trip]];
    }
}

/** The GTFS route_type as a mode name (basic and extended types). */
export function routeMode(type: number): string {
    switch (type) {
        case 0: return 'tram';
        case 1: return 'subway';
        case 2: return 'rail';
        case 3: return 'bus';
        case 4: return 'ferry';
        case 5: return 'cable_tram';
        case 6: return 'aerial_lift';
        case 7: return 'funicular';
        case 11: return 'trolleybus';
        case 12: return 'monorail';
    }
    if (type >= 100 && type < 200) return 'rail';
    if (type >= 200 && type < 300) return 'coach';
    if (type >= 400 && type < 500) return type === 403 || type === 404 ? 'rail' : 'subway';
    if (type >= 700 && type < 800) return 'bus';
    if (type === 800) return 'trolleybus';
    if (type >= 900 && type < 1000) return 'tram';
    if (type >= 1000 && type < 1100) return 'ferry';
    if (type === 1200) return 'ferry';
    if (type >= 1300 && type < 1400) return 'aerial_lift';
    if (type === 1400) return 'funicular';
    return 'other';
}
