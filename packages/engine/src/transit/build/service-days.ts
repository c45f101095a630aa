// Service calendars as day bitsets, and the rule that picks each feed's reference day.
//
// Reference day rule (the transit answers of a region are "a weekday morning at about 08:00"):
//   1. Candidates are Tuesdays, Wednesdays and Thursdays (Mondays and Fridays border weekends and
//      long holidays); a feed without any such day with service falls back to Monday–Friday, then
//      to any day.
//   2. A day's score for a feed is the number of its trips running that day, divided by the feed's
//      highest count on any candidate day, so every feed weighs the same whatever its size.
//   3. When some candidate days have service in every feed, the day with the highest total score
//      among them is the reference day of all feeds; ties go to the earliest date.
//   4. Otherwise (feeds whose periods do not overlap) each feed gets its own best day by the same
//      score; the timetables are then overlaid as if on one day.
//   5. The region configuration's `transitDate` (YYYY-MM-DD) overrides the rule for every feed.
// Days are local calendar dates in the agency's time zone; GTFS times count from local noon minus
// 12 h of that date, so 08:00 is 28,800 s whatever the UTC offset.
import type {GtfsFeed} from '../gtfs/gtfs-reader.js';
import {formatDay, parseGtfsDate, weekday} from '../gtfs-values.js';

export interface ServiceCalendar {
    /** First day (days since 1970) of the feed's period. */
    firstDay: number;
    dayCount: number;
    /** Words per service (dayCount / 32 rounded up); bit d of service s: running on firstDay + d. */
    words: number;
    bits: Uint32Array;
}

/** The days each service of a feed runs on, from calendar.txt and calendar_dates.txt. */
export function serviceCalendar(feed: GtfsFeed): ServiceCalendar {
    let first = Infinity, last = -Infinity;
    const services = feed.serviceIds.length;
    for (let s = 0; s < services; s++) {
        if (Number.isNaN(feed.serviceStart[s]) || feed.serviceWeekdays[s] === 0) continue;
        if (feed.serviceStart[s] < first) first = feed.serviceStart[s];
        if (feed.serviceEnd[s] > last) last = feed.serviceEnd[s];
    }
    for (let i = 0; i < feed.exceptionDay.length; i++) {
        if (feed.exceptionType[i] !== 1) continue;
        if (feed.exceptionDay[i] < first) first = feed.exceptionDay[i];
        if (feed.exceptionDay[i] > last) last = feed.exceptionDay[i];
    }
    if (first === Infinity) return {firstDay: 0, dayCount: 0, words: 0, bits: new Uint32Array(0)};
    const dayCount = last - first + 1;
    const words = (dayCount + 31) >>> 5;
    const bits = new Uint32Array(services * words);
    for (let s = 0; s < services; s++) {
        const mask = feed.serviceWeekdays[s];
        if (Number.isNaN(feed.serviceStart[s]) || mask === 0) continue;
        for (let day = Math.max(first, feed.serviceStart[s]); day <= feed.serviceEnd[s]; day++) {
            if (mask & (1 << weekday(day))) {
                const d = day - first;
                bits[s * words + (d >>> 5)] |= 1 << (d & 31);
            }
        }
    }
    for (let i = 0; i < feed.exceptionDay.length; i++) {
        const d = feed.exceptionDay[i] - first;
        if (d < 0 || d >= dayCount) continue;
        const w = feed.exceptionService[i] * words + (d >>> 5);
        if (feed.exceptionType[i] === 1) bits[w] |= 1 << (d & 31);
        else bits[w] &= ~(1 << (d & 31));
    }
    return {firstDay: first, dayCount, words, bits};
}

export function runsOn(calendar: ServiceCalendar, service: number, day: number): boolean {
    const d = day - calendar.firstDay;
    if (d < 0 || d >= calendar.dayCount) return false;
    return (calendar.bits[service * calendar.words + (d >>> 5)] & (1 << (d & 31))) !== 0;
}

/** Trips running on each day of the feed's period (index = day - firstDay). */
export function tripsPerDay(calendar: ServiceCalendar, tripService: Uint32Array, tripWeight?: Uint32Array): Float64Array {
    const perService = new Float64Array(calendar.words === 0 ? 0 : calendar.bits.length / calendar.words);
    for (let t = 0; t < tripService.length; t++) perService[tripService[t]] += tripWeight ? tripWeight[t] : 1;
    const counts = new Float64Array(calendar.dayCount);
    for (let s = 0; s < perService.length; s++) {
        if (perService[s] === 0) continue;
        for (let d = 0; d < calendar.dayCount; d++) {
            if (calendar.bits[s * calendar.words + (d >>> 5)] & (1 << (d & 31))) counts[d] += perService[s];
        }
    }
    return counts;
}

export interface ReferenceDay {
    day: number;
    date: string;
    /** How it was chosen, for the manifest and the logs. */
    rule: string;
}

const TUE_THU = [1, 2, 3];
const MON_FRI = [0, 1, 2, 3, 4];
const ANY_DAY = [0, 1, 2, 3, 4, 5, 6];

/**
 * Picks every feed's reference day (see the rule at the top of this file). `counts[f][d]` is the
 * number of trips of feed f running on day calendars[f].firstDay + d.
 */
export function chooseReferenceDays(calendars: ServiceCalendar[], counts: Float64Array[], override?: string): ReferenceDay[] {
    if (override !== undefined) {
        const day = parseGtfsDate(override);
        if (Number.isNaN(day)) throw new Error(`transitDate '${override}' is not a date: write it as YYYY-MM-DD`);
        return calendars.map(() => ({day, date: formatDay(day), rule: 'transitDate of the region configuration'}));
    }
    const feeds = calendars.length;
    // Each feed's candidate weekdays (the first set with service) and its best count on them.
    const allowed: number[][] = [], best: number[] = [];
    for (let f = 0; f < feeds; f++) {
        let chosen = ANY_DAY, top = 0;
        for (const set of [TUE_THU, MON_FRI, ANY_DAY]) {
            top = maxOn(calendars[f], counts[f], set);
            if (top > 0) {
                chosen = set;
                break;
            }
        }
        allowed.push(chosen);
        best.push(top);
    }
    // A common day: every feed runs, each on one of its candidate weekdays.
    let first = Infinity, last = -Infinity;
    for (let f = 0; f < feeds; f++) {
        if (calendars[f].dayCount === 0) continue;
        first = Math.min(first, calendars[f].firstDay);
        last = Math.max(last, calendars[f].firstDay + calendars[f].dayCount - 1);
    }
    let common = -1, commonScore = 0;
    for (let day = first; day <= last; day++) {
        let score = 0, all = true;
        for (let f = 0; f < feeds && all; f++) {
            const n = countOn(calendars[f], counts[f], day);
            if (n === 0 || !allowed[f].includes(weekday(day))) all = false;
            else score += n / best[f];
        }
        if (all && score > commonScore + 1e-9) {
            common = day;
            commonScore = score;
        }
    }
    const names = (set: number[]) => (set === TUE_THU ? 'Tuesday to Thursday' : set === MON_FRI ? 'Monday to Friday' : 'any day');
    if (common >= 0) {
        const rule = feeds > 1
            ? `busiest ${names(allowed[0])} on which all ${feeds} feeds run (earliest of equals)`
            : `busiest ${names(allowed[0])} of the feed (earliest of equals)`;
        return calendars.map(() => ({day: common, date: formatDay(common), rule}));
    }
    return calendars.map((cal, f) => {
        let bestDay = -1, bestCount = 0;
        for (let d = 0; d < cal.dayCount; d++) {
            if (counts[f][d] > bestCount && allowed[f].includes(weekday(cal.firstDay + d))) {
                bestDay = cal.firstDay + d;
                bestCount = counts[f][d];
            }
        }
        if (bestDay < 0) return {day: cal.firstDay, date: formatDay(cal.firstDay), rule: 'no trip runs on any day of this feed'};
        return {day: bestDay, date: formatDay(bestDay), rule: `busiest ${names(allowed[f])} of this feed (its period overlaps no other feed's; earliest of equals)`};
    });
}

function countOn(cal: ServiceCalendar, counts: Float64Array, day: number): number {
    const d = day - cal.firstDay;
    return d >= 0 && d < cal.dayCount ? counts[d] : 0;
}

function maxOn(cal: ServiceCalendar, counts: Float64Array, days: number[]): number {
    let top = 0;
    for (let d = 0; d < cal.dayCount; d++) {
        if (counts[d] > top && days.includes(weekday(cal.firstDay + d))) top = counts[d];
    }
    return top;
}
