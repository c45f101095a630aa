// Text folding for geocoding: the same function turns names (at build time) and queries (at
// request time) into comparable tokens, so "Grand'Place", "GRAND PLACE" and "grand-place"
// all become `grand place`, and "Straße" matches "strasse".

/** Letters that Unicode decomposition leaves alone but people type without their mark. */
const SPECIAL: Record<string, string> = {
    'ß': 'ss', 'æ': 'ae', 'œ': 'oe', 'ø': 'o', 'ł': 'l', 'đ': 'd', 'ħ': 'h', 'ı': 'i', 'þ': 'th', 'ð': 'd'
};
const SPECIAL_RE = /[ßæœøłđħıþð]/g;
const MARKS_RE = /\p{M}+/gu;

/** Italian contractions written with an inner dot ("P.za Duomo"), expanded before the dot splits them. */
const DOTTED: [RegExp, string][] = [
    [/\bp\.\s?zz?a\b/g, 'piazza'], [/\bp\.\s?le\b/g, 'piazzale'], [/\bv\.\s?le\b/g, 'viale'],
    [/\bc\.\s?so\b/g, 'corso'], [/\bl\.\s?go\b/g, 'largo'], [/\bv\.\s?lo\b/g, 'vicolo']
];

/** Lower case, accents and ligatures removed ("Ħaż-Żabbar" → "haz-zabbar"). Punctuation is kept. */
export function fold(text: string): string {
    let s = text.normalize('NFD').replace(MARKS_RE, '').toLowerCase();
    s = s.replace(SPECIAL_RE, (c) => SPECIAL[c]);
    if (s.indexOf('.') >= 0) for (const [re, to] of DOTTED) s = s.replace(re, to);
    return s;
}

const SEPARATORS = /[^\p{L}\p{N}]+/u;

/** Folded words: maximal runs of letters and digits ("Rue de l'Étuve 12A" → rue, de, l, etuve, 12a). */
export function tokenize(text: string): string[] {
    const out: string[] = [];
    for (const t of fold(text).split(SEPARATORS)) if (t !== '') out.push(t);
    return out;
}

/**
 * The key a house number is matched by: folded, spaces and the hyphen between digits and a
 * letter dropped ("12 A", "12-a" → "12a"). Empty when the value holds no digit or is too long to
 * be a house number (e.g. a whole address typed into the tag).
 */
export function housenumberKey(value: string): string {
    const s = fold(value).replace(/\s+/g, '').replace(/^(\d+)[-/]?([a-z])$/, '$1$2');
    if (s.length === 0 || s.length > 10 || !/\d/.test(s) || !/^[\p{L}\p{N}/-]+$/u.test(s)) return '';
    return s;
}

/** A postcode's matching key: folded letters and digits only ("VLT 1117" → "vlt1117", "4050-123" → "4050123"). */
export function postcodeKey(value: string): string {
    return fold(value).replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Whether a folded token can be a house number on its own ("12", "12a", "7bis"). */
export function looksLikeHousenumber(token: string): boolean {
    return /^\d{1,5}([a-z]|bis|ter)?$/.test(token);
}

/** Whether the text has anything to search for (a letter or a digit). */
export function hasSearchableText(text: string): boolean {
    return /[\p{L}\p{N}]/u.test(text);
}
