// Helpers shared by the geocoding benchmarks (bench/geocode.js, bench/geocode-quality.js): flat
// distances and the typos people make.

/** Metres between two points (flat: fine within a city). */
export function meters(lat1, lon1, lat2, lon2) {
    const dy = (lat2 - lat1) * 111195, dx = (lon2 - lon1) * 111195 * Math.cos(lat1 * Math.PI / 180);
    return Math.sqrt(dx * dx + dy * dy);
}

/**
 * One random edit (substitute, delete, insert, swap two neighbours) in a word of `text`: the longest
 * word of minLength+ letters, or (pick = 'random') any such word. Null when there is none.
 */
export function typo(text, random, minLength = 5, pick = 'longest') {
    const words = text.split(/(\s+|-)/);
    const eligible = [];
    for (let i = 0; i < words.length; i++) if (new RegExp(`^\\p{L}{${minLength},}$`, 'u').test(words[i])) eligible.push(i);
    if (eligible.length === 0) return null;
    let best = eligible[0];
    if (pick === 'random') best = eligible[Math.floor(random() * eligible.length)];
    else for (const i of eligible) if (words[i].length > words[best].length) best = i;
    const w = [...words[best]];
    const at = Math.floor(random() * (w.length - 1));
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const op = Math.floor(random() * 4);
    if (op === 0) {
        const c = letters[Math.floor(random() * 26)];
        w[at] = c === w[at].toLowerCase() ? (c === 'x' ? 'q' : 'x') : c;
    }
    else if (op === 1) w.splice(at, 1);
    else if (op === 2) w.splice(at, 0, letters[Math.floor(random() * 26)]);
    else [w[at], w[at + 1]] = [w[at + 1], w[at]];
    words[best] = w.join('');
    return words.join('');
}
