// A stage of reading a GTFS feed (gtfs-reader.ts): the services of calendar.txt (weekdays and a
// date range) and calendar_dates.txt (days added or removed), either file alone being enough.
import {Growable} from '../../format/growable.js';
import {parseGtfsDate} from '../gtfs-values.js';
import {c, get, type FeedTables} from './feed-tables.js';

export interface Services {
    serviceIds: string[];
    serviceIndex: Map<string, number>;
    /** Bit d (0 = Monday) set when calendar.txt runs the service on that weekday. */
    serviceWeekdays: Uint8Array;
    /** Days since 1970 (inclusive); NaN without a calendar.txt row. */
    serviceStart: Float64Array;
    serviceEnd: Float64Array;
    /** calendar_dates.txt: service, day, 1 added / 2 removed. */
    exceptionService: Uint32Array;
    exceptionDay: Int32Array;
    exceptionType: Uint8Array;
}

export function readServices(r: FeedTables): Services {
    const serviceIds: string[] = [];
    const serviceIndex = new Map<string, number>();
    const serviceWeekdays = new Growable(Uint8Array), serviceStart = new Growable(Float64Array), serviceEnd = new Growable(Float64Array);
    const service = (id: string): number => {
        let s = serviceIndex.get(id);
        if (s === undefined) {
            s = serviceIds.length;
            serviceIndex.set(id, s);
            serviceIds.push(id);
            serviceWeekdays.push(0);
            serviceStart.push(NaN);
            serviceEnd.push(NaN);
        }
        return s;
    };
    const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    if (r.source.has('calendar.txt')) {
        r.table('calendar.txt', [c('service_id', true), ...DAYS.map((d) => c(d, true)), c('start_date', true), c('end_date', true)], (f, line, col) => {
            const id = get(f, col[0]);
            if (serviceIndex.has(id) && !Number.isNaN(serviceStart.data[serviceIndex.get(id)!])) return r.bad('calendar.txt', line, `service_id ${id} appears twice`);
            let bits = 0;
            for (let d = 0; d < 7; d++) {
                const v = get(f, col[1 + d]);
                if (v !== '0' && v !== '1' && v !== '') return r.bad('calendar.txt', line, `${DAYS[d]} is '${v}', expected 0 or 1`);
                if (v === '1') bits |= 1 << d;
            }
            const start = parseGtfsDate(get(f, col[8])), end = parseGtfsDate(get(f, col[9]));
            if (Number.isNaN(start) || Number.isNaN(end)) return r.bad('calendar.txt', line, `unparseable start_date/end_date '${get(f, col[8])}'/'${get(f, col[9])}' (expected YYYYMMDD)`);
            const s = service(id);
            serviceWeekdays.data[s] = bits;
            serviceStart.data[s] = start;
            serviceEnd.data[s] = end;
        });
    }
    const exceptionService = new Growable(Uint32Array), exceptionDay = new Growable(Int32Array), exceptionType = new Growable(Uint8Array);
    if (r.source.has('calendar_dates.txt')) {
        r.table('calendar_dates.txt', [c('service_id', true), c('date', true), c('exception_type', true)], (f, line, col) => {
            const day = parseGtfsDate(get(f, col[1]));
            if (Number.isNaN(day)) return r.bad('calendar_dates.txt', line, `unparseable date '${get(f, col[1])}' (expected YYYYMMDD)`);
            const type = get(f, col[2]);
            if (type !== '1' && type !== '2') return r.bad('calendar_dates.txt', line, `exception_type '${type}' is not 1 or 2`);
            exceptionService.push(service(get(f, col[0])));
            exceptionDay.push(day);
            exceptionType.push(+type);
        });
    }
    return {
        serviceIds, serviceIndex, serviceWeekdays: serviceWeekdays.toArray(), serviceStart: serviceStart.toArray(), serviceEnd: serviceEnd.toArray(),
        exceptionService: exceptionService.toArray(), exceptionDay: exceptionDay.toArray(), exceptionType: exceptionType.toArray()
    };
}
