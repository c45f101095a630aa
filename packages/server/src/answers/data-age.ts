// How old a region's data is, for /health and the startup log: the OSM data's date (the extract's replication time,
// or for an updated region the newest object of the change files applied), the bundle's id, and each GTFS feed's
// service dates. Transit answers run the timetable of each feed's reference day, a weekday the build chose inside
// the feed's period (transit/build/service-days.ts): once the feed's last service day has passed, they still answer
// for that day, which the real network may no longer run. Such a feed is flagged, with what to do.
import type {Region} from '@quartier/engine';

export interface FeedAge {
    file: string;
    agency: string;
    /** The feed's service period, YYYY-MM-DD (local days of its calendar). */
    firstDate: string;
    lastDate: string;
    /** The day whose timetable transit answers run. */
    referenceDate: string;
    /** The last service day is before today. */
    expired: boolean;
    /** When expired: what quartier does about it and what to do. */
    notice?: string;
}

export interface DataAge {
    /** The bundle's id: the first 16 hex digits of its input hash (as the vector tiles' ETags). */
    bundleId: string;
    /** The newest date of the region's OSM data (ISO 8601), null when its extracts carry none. */
    dataDate: string | null;
    feeds: FeedAge[];
}

/** What the build recorded of a feed (manifest stats.transit.feeds[]). */
interface FeedStats {
    path: string;
    agency: string;
    referenceDate: string;
    firstDay: number;
    dayCount: number;
}

const DAY_MS = 86_400_000;
const isoDay = (days: number) => new Date(days * DAY_MS).toISOString().slice(0, 10);

/** The region's data age; `today` is YYYY-MM-DD (UTC). */
export function dataAge(region: Region, today = new Date().toISOString().slice(0, 10)): DataAge {
    const manifest = region.manifest;
    let dataDate: string | null = null;
    for (const s of manifest.sources) {
        if (s.role !== 'transit' && s.date && (dataDate === null || s.date > dataDate)) dataDate = s.date;
    }
    const stats = (manifest.stats as {transit?: {feeds?: FeedStats[]} | null}).transit;
    const feeds = (stats?.feeds ?? []).map((f): FeedAge => {
        const lastDate = isoDay(f.firstDay + f.dayCount - 1);
        const feed: FeedAge = {file: f.path.split('/').pop() ?? f.path, agency: f.agency, firstDate: isoDay(f.firstDay), lastDate,
            referenceDate: f.referenceDate, expired: lastDate < today};
        if (feed.expired) {
            feed.notice = `the GTFS feed ${feed.file} (${f.agency}) ran until ${lastDate}: transit answers still run its timetable of `
                + `${f.referenceDate}, which may no longer hold; give a current feed: npx quartier update-region ${region.country.code} --gtfs FEED.zip`;
        }
        return feed;
    });
    return {bundleId: manifest.inputHash.slice(0, 16), dataDate, feeds};
}
