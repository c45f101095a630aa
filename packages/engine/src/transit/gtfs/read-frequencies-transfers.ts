// Stages of reading a GTFS feed (gtfs-reader.ts), for its optional files: frequencies.txt (trips
// repeated at a headway) and transfers.txt (between stops; trip- and route-specific rows are left
// out with a warning).
import {Growable} from '../../format/growable.js';
import {parseGtfsTime} from '../gtfs-values.js';
import {c, get, type FeedTables} from './feed-tables.js';

export interface Frequencies {
    /** frequencies.txt: trip, start, end (seconds), headway (seconds). */
    frequencyTrip: Uint32Array;
    frequencyStart: Int32Array;
    frequencyEnd: Int32Array;
    frequencyHeadway: Int32Array;
}

export function readFrequencies(r: FeedTables, tripIndex: Map<string, number>): Frequencies {
    const fTrip = new Growable(Uint32Array), fStart = new Growable(Int32Array), fEnd = new Growable(Int32Array), fHeadway = new Growable(Int32Array);
    if (r.source.has('frequencies.txt')) {
        r.table('frequencies.txt', [c('trip_id', true), c('start_time', true), c('end_time', true), c('headway_secs', true)], (f, line, col) => {
            const trip = tripIndex.get(get(f, col[0]));
            if (trip === undefined) return r.bad('frequencies.txt', line, `trip_id ${get(f, col[0])} is not in trips.txt`);
            const start = parseGtfsTime(get(f, col[1])), end = parseGtfsTime(get(f, col[2])), headway = Number(get(f, col[3]));
            if (!(start >= 0) || !(end >= 0)) return r.bad('frequencies.txt', line, `unparseable start_time/end_time '${get(f, col[1])}'/'${get(f, col[2])}'`);
            if (!(headway > 0) || !Number.isInteger(headway)) return r.bad('frequencies.txt', line, `headway_secs '${get(f, col[3])}' is not a positive integer`);
            fTrip.push(trip);
            fStart.push(start);
            fEnd.push(end);
            fHeadway.push(headway);
        });
    }
    return {frequencyTrip: fTrip.toArray(), frequencyStart: fStart.toArray(), frequencyEnd: fEnd.toArray(), frequencyHeadway: fHeadway.toArray()};
}

export interface Transfers {
    /** transfers.txt between stops (trip- and route-specific rows are left out, with a warning). */
    transferFrom: Uint32Array;
    transferTo: Uint32Array;
    transferType: Uint8Array;
    /** Seconds, -1 when not given. */
    transferSeconds: Int32Array;
}

export function readTransfers(r: FeedTables, stopIndex: Map<string, number>): Transfers {
    const trFrom = new Growable(Uint32Array), trTo = new Growable(Uint32Array), trType = new Growable(Uint8Array), trSeconds = new Growable(Int32Array);
    if (r.source.has('transfers.txt')) {
        let specific = 0, specificLine = 0;
        r.table('transfers.txt', [c('from_stop_id', true), c('to_stop_id', true), c('transfer_type'), c('min_transfer_time'),
            c('from_trip_id'), c('to_trip_id'), c('from_route_id'), c('to_route_id')], (f, line, col) => {
            if (get(f, col[4]) !== '' || get(f, col[5]) !== '' || get(f, col[6]) !== '' || get(f, col[7]) !== '') {
                if (specific++ === 0) specificLine = line;
                return;
            }
            const from = stopIndex.get(get(f, col[0])), to = stopIndex.get(get(f, col[1]));
            if (from === undefined) return r.bad('transfers.txt', line, `from_stop_id ${get(f, col[0])} is not in stops.txt`);
            if (to === undefined) return r.bad('transfers.txt', line, `to_stop_id ${get(f, col[1])} is not in stops.txt`);
            const typeText = get(f, col[2]), type = typeText === '' ? 0 : Number(typeText);
            if (!(type >= 0 && type <= 5 && Number.isInteger(type))) return r.bad('transfers.txt', line, `transfer_type '${typeText}' is not 0 to 5`);
            const secondsText = get(f, col[3]), seconds = secondsText === '' ? -1 : Number(secondsText);
            if (secondsText !== '' && !(seconds >= 0 && Number.isInteger(seconds))) return r.bad('transfers.txt', line, `min_transfer_time '${secondsText}' is not a number of seconds`);
            trFrom.push(from);
            trTo.push(to);
            trType.push(type);
            trSeconds.push(seconds);
        });
        r.warn('transfers.txt', specific, specificLine, 'trip- or route-specific transfers are not used');
    }
    return {transferFrom: trFrom.toArray(), transferTo: trTo.toArray(), transferType: trType.toArray(), transferSeconds: trSeconds.toArray()};
}
