// The words of the plugins' own controls (the data's labels come translated from the API), from
// public/plugins/words.json (the server writes it into served.js). A language without its column there
// reads English; a missing word falls back to English too.
import {TRANSIT_COUNTRIES, WORDS} from './served.js';

/** The page's words in `language` (two letters), English where it has none. */
export function labelsFor(language) {
    return {...WORDS.EN, ...(WORDS[String(language ?? '').toUpperCase()] ?? {})};
}

/** A word with its {name} places filled: withValues(words.more, {n: 4}) → "More (4)". */
export function withValues(text, values) {
    return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** lib/favourites.js's texts in the page's `words` (its own defaults are English). */
export function favouriteTexts(words) {
    return {
        title: words.yourAddresses, empty: words.favEmpty, label: words.favLabel, labelPlaceholder: words.favLabelPlaceholder,
        address: words.favAddress, addressPlaceholder: words.favAddressPlaceholder, add: words.favAdd, delete: words.favDelete,
        pickAddress: words.favPickAddress, needLabel: words.favNeedLabel, noRoute: words.favNoRoute, minutes: words.minutesWord, loading: words.loading,
        modes: {Walking: words.Walking, Bicycling: words.Bicycling, Driving: words.Driving, Transit: words.Transit}
    };
}

/** The travel modes of /route, in the order the pickers offer them. */
export const TRAVEL_MODES = ['Walking', 'Bicycling', 'Driving', 'Transit'];

/** The modes a picker offers in `country`: Transit only where the region has a timetable (the server lists them in served.js). */
export function travelModesIn(country) {
    const transit = TRANSIT_COUNTRIES.includes(String(country ?? '').toUpperCase());
    return TRAVEL_MODES.filter((m) => m !== 'Transit' || transit);
}

/** "12 min" / "1 h 05" from seconds. */
export function formatDuration(seconds, words) {
    const minutes = Math.max(1, Math.round(seconds / 60));
    if (minutes < 60) return `${minutes} ${words.minutes}`;
    return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
}

/** "350 m" / "1.3 km" from metres, with the language's decimal separator. */
export function formatDistance(metres, language) {
    if (metres < 1000) return `${Math.round(metres)} m`;
    const km = new Intl.NumberFormat(language ? language.toLowerCase() : 'en', {maximumFractionDigits: 1}).format(metres / 1000);
    return `${km} km`;
}
