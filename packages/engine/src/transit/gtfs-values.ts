// Parsing GTFS field values: times of day (past 24:00, unpadded hours), service dates, and days
// counted from 1970-01-01 (the unit service calendars are kept in).

/** Seconds after the service day's noon minus 12 h, from H:MM:SS or HH:MM:SS (hours may pass 24). -1 when empty, NaN when unparseable. */
export function parseGtfsTime(s: string): number {
    const n = s.length;
    if (n === 0) return -1;
    let i = 0, hours = 0, digits = 0;
    while (i < n) {
        const c = s.charCodeAt(i);
        if (c < 48 || c > 57) break;
        hours = hours * 10 + c - 48;
        i++;
        digits++;
    }
    if (digits === 0 || digits > 3 || s.charCodeAt(i) !== 58) return NaN;
    const minutes = twoDigits(s, i + 1);
    if (s.charCodeAt(i + 3) !== 58) return NaN;
    const seconds = twoDigits(s, i + 4);
    if (i + 6 !== n || minutes > 59 || seconds > 59) return NaN;
    return hours * 3600 + minutes * 60 + seconds;
}

function twoDigits(s: string, i: number): number {
    const a = s.charCodeAt(i) - 48, b = s.charCodeAt(i + 1) - 48;
    if (!(a >= 0 && a <= 9 && b >= 0 && b <= 9)) return NaN;
    return a * 10 + b;
}

/** Days since 1970-01-01 of a YYYYMMDD date (YYYY-MM-DD is accepted too); NaN when unparseable. */
export function parseGtfsDate(s: string): number {
    const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(s);
    if (!m) return NaN;
    const year = +m[1], month = +m[2], day = +m[3];
    if (month < 1 || month > 12 || day < 1 || day > 31) return NaN;
    const ms = Date.UTC(year, month - 1, day);
    const check = new Date(ms);
    if (check.getUTCDate() !== day) return NaN; // 20190231
    return ms / 86400000;
}

/** YYYY-MM-DD of a day number. */
export function formatDay(day: number): string {
    return new Date(day * 86400000).toISOString().slice(0, 10);
}

/** 0 = Monday … 6 = Sunday. */
export function weekday(day: number): number {
    // 1970-01-01 was a Thursday (3).
    return (((day + 3) % 7) + 7) % 7;
}

/** H:MM:SS of seconds after midnight (hours past 24 kept), for messages. */
export function formatTime(seconds: number): string {
    const s = Math.round(seconds);
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
    return `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}`;
}

/**
 * The UTC offset (seconds, east positive) of a time zone at local noon of a day: GTFS times count
 * from noon minus 12 h, so noon is the instant the offset is read at. Throws on an unknown zone.
 */
export function utcOffsetSeconds(timeZone: string, day: number): number {
    const format = new Intl.DateTimeFormat('en-US', {
        timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit'
    });
    const noonUtc = day * 86400000 + 12 * 3600000;
    // Local wall time at noon UTC, read back as if it were UTC, minus noon UTC = the offset.
    const parts: Record<string, number> = {};
    for (const p of format.formatToParts(new Date(noonUtc))) if (p.type !== 'literal') parts[p.type] = +p.value;
    const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
    return Math.round((wall - noonUtc) / 1000);
}

/** ISO 8601 local date-time with offset, of `seconds` after the local midnight of `day`. */
export function isoLocal(day: number, seconds: number, offsetSeconds: number): string {
    const s = Math.round(seconds);
    const d = day + Math.floor(s / 86400);
    const rest = s - Math.floor(s / 86400) * 86400;
    const sign = offsetSeconds < 0 ? '-' : '+';
    const off = Math.abs(offsetSeconds);
    return `${formatDay(d)}T${pad2(Math.floor(rest / 3600))}:${pad2(Math.floor((rest % 3600) / 60))}:${pad2(rest % 60)}` +
        `${sign}${pad2(Math.floor(off / 3600))}:${pad2(Math.floor((off % 3600) / 60))}`;
}

function pad2(n: number): string {
    return n < 10 ? `0${n}` : String(n);
}
