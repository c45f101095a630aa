// Compiles a region's GTFS feeds into its transit section (region build only, never on a request).
//
//   1. Each feed is read and checked (gtfs/gtfs-reader.ts); its ids are namespaced by the feed's file
//      name ("sncb-nmbs-…:8813003"), so several feeds never collide.
//   2. Each feed gets a reference day (service-days.ts) and keeps its whole service calendar.
//   3. Stops farther than AREA_MARGIN_METERS outside the bounding box of the region's road network
//      are dropped, and trips are cut to the stops that remain (a national rail feed keeps its
//      stations around the city); calls where a trip neither picks up nor drops off go too.
//      frequencies.txt trips are expanded into one trip per departure.
//   4. Trips with the same route, shape, stop sequence and pickup/drop-off rules form a pattern;
//      a pattern is split further until no trip overtakes another (RAPTOR needs departures
//      sorted at every stop), and its trips are sorted by departure.
//   5. Stops are attached to the foot network (nearest walkable edge within STOP_SNAP_METERS).
//   6. Footpaths: a walking search from every attached stop, bounded by FOOTPATH_MAX_SECONDS,
//      gives the walks to the stops around it. transfers.txt then adds its transfers (between
//      stations' platforms too), sets minimum change times at a stop, and removes the
//      transfers it marks impossible.
//   7. Ride geometry: each pattern stop is placed on the pattern's shape (a monotone nearest-
//      segment match), or the stop sequence is used when the feed has no shape.
//
// Each numbered stage is a function with its own file where it is a page or more: 3 runs.ts,
// 4 patterns.ts, 5 stops.ts, 6 footpaths.ts, 7 shape-places.ts; then the services' calendar bits,
// and the section written.
import path from 'node:path';
import {encodeSection} from '../../format/section.js';
import {METERS_PER_DEGREE_LAT, metersPerDegreeLon} from '../../geo/distance.js';
import type {RoadGraph} from '../../graph/road-graph.js';
import {openFeedSource} from '../gtfs/feed-source.js';
import {readGtfsFeed, type GtfsFeed} from '../gtfs/gtfs-reader.js';
import {TRANSIT_KIND, TRANSIT_VERSION, type TransitMeta} from '../section-layout.js';
import {buildFootpaths, FOOTPATH_MAX_SECONDS} from './footpaths.js';
import {buildPatterns} from './patterns.js';
import {cutRuns, type Area, type ReadFeeds} from './runs.js';
import {chooseReferenceDays, serviceCalendar, tripsPerDay, type ServiceCalendar} from './service-days.js';
import {placeStopsOnShapes} from './shape-places.js';
import {attachStops, patternsByStop, STOP_SNAP_METERS, stopsByNode} from './stops.js';

/** Stops beyond the road network's bounding box grown by this much are dropped. */
export const AREA_MARGIN_METERS = 5000;

export interface TransitBuildOptions {
    /** The region's time zone (IANA), which every feed's times are brought to. */
    timezone: string;
    /** Reference day override (YYYY-MM-DD). */
    transitDate?: string;
    onProgress?: (stage: string, done: number) => void;
    log?: (line: string) => void;
}

export interface TransitBuildResult {
    section: Uint8Array;
    meta: TransitMeta;
}

type Progress = (stage: string, done: number) => void;

export function buildTransitSection(feedPaths: string[], graph: RoadGraph, options: TransitBuildOptions): TransitBuildResult {
    const progress = options.onProgress ?? (() => {});
    const log = options.log ?? (() => {});
    const read = readFeeds(feedPaths, options.transitDate, progress);
    const cut = cutRuns(read, graphBox(graph, AREA_MARGIN_METERS), options.timezone, log);
    progress('patterns', 0.6);
    const patterns = buildPatterns(read, cut);
    progress('stops', 0.7);
    const stops = attachStops(read, cut, graph);
    const byNode = stopsByNode(graph, stops);
    const byStop = patternsByStop(patterns, stops.stopCount);
    progress('footpaths', 0.75);
    const foot = buildFootpaths(graph, stops, byNode, read, cut, progress);
    progress('shapes', 0.92);
    const {shapeFirst, shapeLat, shapeLon, shapeMeters} = patterns;
    const shapeFirstArr = shapeFirst.toArray(), shapeLatArr = shapeLat.toArray(), shapeLonArr = shapeLon.toArray(), shapeMetersArr = shapeMeters.toArray();
    const places = placeStopsOnShapes(patterns, shapeFirstArr, shapeLatArr, shapeLonArr, shapeMetersArr, stops.stopLat, stops.stopLon);
    const services = serviceBits(read.feeds, read.calendars, cut.serviceCount);

    progress('writing', 0.98);
    const {stopCount, stopLat, stopLon, stopEdge, stopOffset, stopFromA, stopToA, stopFromB, stopToB, stopNames, stopIds, attached} = stops;
    const {stopChangeMs, footFirst, footTo, footMs, footMeters} = foot;
    const {text, tripIds, routeIdTable, routeShortName, routeLongName, routeType, routeColor, routeAgency, routeFeed} = patterns;
    const {patternStopFirst, patternStops, patternStopFlags, patternTripFirst, patternTimeFirst, patternRoute, patternShape, patternLastDeparture} = patterns;
    const {arrival, departure, tripPattern, tripService, tripHeadsign} = patterns;
    const patternCount = patternRoute.length, tripCount = tripPattern.length;
    const meta: TransitMeta = {
        feeds: cut.feedInfos, timezone: options.timezone,
        stopCount, patternCount, tripCount, routeCount: routeShortName.length,
        nodeCount: graph.nodeCount, edgeCount: graph.edgeCount,
        footpathMaxSeconds: FOOTPATH_MAX_SECONDS, stopSnapMeters: STOP_SNAP_METERS, areaMarginMeters: AREA_MARGIN_METERS,
        stats: {stopsAttached: attached, footpaths: footTo.length, transfersApplied: foot.transfersUsed, shapes: shapeFirst.length - 1}
    };
    const section = encodeSection(TRANSIT_KIND, TRANSIT_VERSION, meta, {
        stopLat, stopLon, stopEdge, stopOffset, stopFromA, stopToA, stopFromB, stopToB, stopChangeMs,
        ...byStop,
        footFirst, footTo, footMs, footMeters,
        ...byNode,
        patternStopFirst: patternStopFirst.toArray(), patternStops: patternStops.toArray(), patternStopFlags: patternStopFlags.toArray(),
        ...places,
        patternTripFirst: patternTripFirst.toArray(), patternTimeFirst: patternTimeFirst.toArray(), patternRoute: patternRoute.toArray(),
        patternShape: patternShape.toArray(), patternLastDeparture: patternLastDeparture.toArray(),
        arrival: arrival.toArray(), departure: departure.toArray(),
        tripPattern: tripPattern.toArray(), tripService: tripService.toArray(), tripHeadsign: tripHeadsign.toArray(),
        routeShortName: routeShortName.toArray(), routeLongName: routeLongName.toArray(), routeType: routeType.toArray(),
        routeColor: routeColor.toArray(), routeAgency: routeAgency.toArray(), routeFeed: routeFeed.toArray(),
        shapeFirst: shapeFirstArr, shapeLat: shapeLatArr, shapeLon: shapeLonArr, shapeMeters: shapeMetersArr,
        ...services,
        ...stopNames.arrays('stopName'), ...stopIds.arrays('stopId'), ...routeIdTable.arrays('routeId'),
        ...tripIds.arrays('tripId'), ...text.arrays('text')
    });
    return {section, meta};
}

/** Stages 1 and 2: each feed read and checked, its id namespace, its calendar and reference day. */
function readFeeds(feedPaths: string[], transitDate: string | undefined, progress: Progress): ReadFeeds {
    const feeds: GtfsFeed[] = [];
    const keys: string[] = [];
    feedPaths.forEach((file, i) => {
        progress(`reading ${path.basename(file)}`, i / feedPaths.length * 0.5);
        feeds.push(readGtfsFeed(openFeedSource(file), path.basename(file)));
        let key = feedKey(file);
        while (keys.includes(key)) key += `-${i}`;
        keys.push(key);
    });

    // 2. Calendars and reference days.
    progress('service days', 0.5);
    const calendars = feeds.map(serviceCalendar);
    const counts = feeds.map((feed, f) => {
        const timed = new Uint32Array(feed.tripIds.length);
        for (let t = 0; t < timed.length; t++) timed[t] = feed.tripFirst[t + 1] > feed.tripFirst[t] ? 1 : 0;
        return tripsPerDay(calendars[f], feed.tripService, timed);
    });
    const references = chooseReferenceDays(calendars, counts, transitDate);
    return {feeds, keys, calendars, counts, references};
}

/** The services' calendar bits: every feed's, one run of words per service. */
function serviceBits(feeds: GtfsFeed[], calendars: ServiceCalendar[], serviceCount: number): {serviceFeed: Uint16Array; serviceWordFirst: Uint32Array; serviceWords: Uint32Array} {
    const serviceFeed = new Uint16Array(serviceCount), serviceWordFirst = new Uint32Array(serviceCount + 1);
    let words = 0;
    for (let f = 0, s = 0; f < feeds.length; f++) {
        for (let k = 0; k < feeds[f].serviceIds.length; k++, s++) {
            serviceFeed[s] = f;
            serviceWordFirst[s] = words;
            words += calendars[f].words;
        }
    }
    serviceWordFirst[serviceCount] = words;
    const serviceWords = new Uint32Array(words);
    for (let f = 0, at = 0; f < feeds.length; f++) {
        serviceWords.set(calendars[f].bits, at);
        at += calendars[f].bits.length;
    }
    return {serviceFeed, serviceWordFirst, serviceWords};
}

/** The feed's namespace: its file or folder name without .zip / .gtfs. */
function feedKey(file: string): string {
    return path.basename(file).replace(/\.zip$/i, '').replace(/\.gtfs$/i, '') || 'feed';
}

function graphBox(g: RoadGraph, marginMeters: number): Area {
    let minLat = Infinity, minLon = Infinity, maxLat = -Infinity, maxLon = -Infinity;
    for (let i = 0; i < g.nodeCount; i++) {
        const lat = g.nodeLat[i], lon = g.nodeLon[i];
        if (lat < minLat) minLat = lat;
        if (lat > maxLat) maxLat = lat;
        if (lon < minLon) minLon = lon;
        if (lon > maxLon) maxLon = lon;
    }
    if (g.nodeCount === 0) return {minLat: 0, minLon: 0, maxLat: -1, maxLon: -1};
    minLat /= 1e7;
    maxLat /= 1e7;
    minLon /= 1e7;
    maxLon /= 1e7;
    const dLat = marginMeters / METERS_PER_DEGREE_LAT;
    const dLon = marginMeters / metersPerDegreeLon(Math.max(Math.abs(minLat), Math.abs(maxLat)));
    return {minLat: minLat - dLat, maxLat: maxLat + dLat, minLon: minLon - dLon, maxLon: maxLon + dLon};
}
