// Typo lookup without scanning the vocabulary. Two words within k edits (insert, delete, substitute,
// swap two neighbours) become the same string once at most k letters are deleted from each: an
// insertion is a deletion from the other word, a substitution or a swap one deletion from each. So
// the build files every term under the hashes of its forms with up to MAX_DELETIONS letters deleted,
// and a query word looks up the hashes of its own forms: the terms found (a hash may collide: they
// are only candidates) are then checked with the edit distance. The lookup reads a few hundred
// entries whatever the size of the vocabulary.

/** Most edits a typo lookup allows (maxEditsFor). */
export const MAX_DELETIONS = 2;

/** The sorted index: keys[i] is a form's hash, entries[i] = term id * 4 + letters deleted from the term. */
export interface DeletionIndex {
    keys: Uint32Array;
    entries: Uint32Array;
}

/** Forms (with repeats) of a word of this length with up to maxDeletions letters deleted. */
export function formCount(length: number, maxDeletions: number): number {
    let count = 1;
    if (maxDeletions >= 1) count += length;
    if (maxDeletions >= 2) count += length * (length - 1) / 2;
    return count;
}

/** FNV-1a over the word's code units but those at positions skip1 and skip2 (-1: none). */
function formHash(word: string, skip1: number, skip2: number): number {
    let h = 0x811c9dc5;
    for (let i = 0; i < word.length; i++) {
        if (i === skip1 || i === skip2) continue;
        h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
    }
    return h >>> 0;
}

/**
 * The hashes of the word's forms with up to maxDeletions letters deleted (none deleted first), and
 * how many letters each deleted, into hashes / deleted (at least formCount long); returns how many.
 * A form reached twice (one of two equal letters deleted) comes twice.
 */
export function formHashes(word: string, maxDeletions: number, hashes: Uint32Array, deleted: Uint8Array): number {
    let n = 0;
    hashes[n] = formHash(word, -1, -1);
    deleted[n++] = 0;
    if (maxDeletions < 1 || word.length < 1) return n;
    for (let i = 0; i < word.length; i++) {
        hashes[n] = formHash(word, i, -1);
        deleted[n++] = 1;
    }
    if (maxDeletions < 2) return n;
    for (let i = 0; i < word.length; i++) {
        for (let j = i + 1; j < word.length; j++) {
            hashes[n] = formHash(word, i, j);
            deleted[n++] = 2;
        }
    }
    return n;
}

/** The index of sorted terms (ids are positions): every form of each, sorted by hash, then term, fewest deletions kept. */
export function buildDeletionIndex(terms: string[]): DeletionIndex {
    let total = 0, longest = 0;
    for (const t of terms) {
        total += formCount(t.length, MAX_DELETIONS);
        if (t.length > longest) longest = t.length;
    }
    const hashes = new Uint32Array(formCount(longest, MAX_DELETIONS)), deleted = new Uint8Array(hashes.length);
    let keys = new Uint32Array(total), entries = new Uint32Array(total);
    let n = 0;
    for (let id = 0; id < terms.length; id++) {
        const count = formHashes(terms[id], MAX_DELETIONS, hashes, deleted);
        for (let k = 0; k < count; k++) {
            keys[n] = hashes[k];
            entries[n++] = id * 4 + deleted[k];
        }
    }
    // Entries come in term order; a stable sort by hash (two 16-bit radix passes) keeps them so
    // within a hash, and a term's repeats of one hash next to each other.
    let outKeys = new Uint32Array(total), outEntries = new Uint32Array(total);
    const counts = new Uint32Array(65537);
    for (let shift = 0; shift <= 16; shift += 16) {
        counts.fill(0);
        for (let i = 0; i < total; i++) counts[((keys[i] >>> shift) & 0xffff) + 1]++;
        for (let b = 0; b < 65536; b++) counts[b + 1] += counts[b];
        for (let i = 0; i < total; i++) {
            const at = counts[(keys[i] >>> shift) & 0xffff]++;
            outKeys[at] = keys[i];
            outEntries[at] = entries[i];
        }
        [keys, outKeys] = [outKeys, keys];
        [entries, outEntries] = [outEntries, entries];
    }
    // One entry per hash and term: the form with the fewest deletions.
    let m = 0;
    for (let i = 0; i < total; i++) {
        if (m > 0 && keys[m - 1] === keys[i] && entries[m - 1] >>> 2 === entries[i] >>> 2) {
            if ((entries[i] & 3) < (entries[m - 1] & 3)) entries[m - 1] = entries[i];
            continue;
        }
        keys[m] = keys[i];
        entries[m++] = entries[i];
    }
    return {keys: keys.slice(0, m), entries: entries.slice(0, m)};
}
