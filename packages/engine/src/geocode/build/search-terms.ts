// Stage 7 of build-index.ts: the search index. Every term (the features' name tokens, the house
// number keys, the postcodes) in the token dictionary (dictionary.ts), each term's weight (high
// for rare words: "loi"; low for common ones: "rue", "de"), the name variants with their terms,
// and the postings from each term to the variants holding it.
import {lowerBound} from '../../format/growable.js';
import {postcodeKey} from '../fold.js';
import {buildDictionary, type DictionaryArrays} from '../dictionary.js';

/** The addresses in section order: by street, then house number key (as strings), then flags; else in order. */
export function addressOrder(count: number, street: Uint32Array, key: Uint32Array, flags: Uint8Array, poolValues: string[], streetCount: number):
    {order: Uint32Array; streetAddrStart: Uint32Array} {
    const keyRank = new Uint32Array(poolValues.length);
    {
        const keyIds = [...new Set(key.subarray(0, count))].sort((x, y) => (poolValues[x] < poolValues[y] ? -1 : poolValues[x] > poolValues[y] ? 1 : 0));
        for (let k = 0; k < keyIds.length; k++) keyRank[keyIds[k]] = k;
    }
    const order = new Uint32Array(count);
    for (let i = 0; i < count; i++) order[i] = i;
    order.sort((x, y) => street[x] - street[y] || keyRank[key[x]] - keyRank[key[y]] || flags[x] - flags[y] || x - y);
    const streetAddrStart = new Uint32Array(streetCount + 1);
    for (let i = 0; i < count; i++) streetAddrStart[street[i] + 1]++;
    for (let s = 0; s < streetCount; s++) streetAddrStart[s + 1] += streetAddrStart[s];
    return {order, streetAddrStart};
}

export interface SearchTerms {
    dict: DictionaryArrays;
    termId: Map<string, number>;
    termWeight: Float32Array;
    /** Variant v: its feature, its terms vTerms[vTermStart[v], vTermStart[v + 1]) and the weight of its distinct terms. */
    vOwner: Uint32Array;
    vTermStart: Uint32Array;
    vTerms: Uint32Array;
    vWeight: Float32Array;
    termPostStart: Uint32Array;
    termPostings: Uint32Array;
}

/** The dictionary of every term, the terms' weights, the variants and the postings. addressKeys: each address's key, in section order. */
export function searchTerms(featureVariants: string[][][], addressKeys: string[], postcodeList: string[]): SearchTerms {
    const F = featureVariants.length;
    const allTerms = new Set<string>();
    for (const variants of featureVariants) for (const v of variants) for (const t of v) allTerms.add(t);
    for (const key of addressKeys) allTerms.add(key);
    for (const code of postcodeList) allTerms.add(postcodeKey(code));
    const {sorted, arrays: dict} = buildDictionary(allTerms);
    const termId = new Map<string, number>(sorted.map((t, i) => [t, i]));
    const T = sorted.length;

    // Weight of a term: high for rare words ("loi"), low for common ones ("rue", "de").
    const df = new Uint32Array(T);
    const seenIn = new Int32Array(T).fill(-1);
    let variantCount = 0, variantTermCount = 0;
    for (let f = 0; f < F; f++) {
        for (const v of featureVariants[f]) {
            variantCount++;
            variantTermCount += v.length;
            for (const t of v) {
                const id = termId.get(t)!;
                if (seenIn[id] !== f) {
                    seenIn[id] = f;
                    df[id]++;
                }
            }
        }
    }
    const termWeight = new Float32Array(T);
    for (let t = 0; t < T; t++) termWeight[t] = df[t] === 0 ? 0.8 : 1 / (1 + Math.log(1 + df[t] / 8));

    const vOwner = new Uint32Array(variantCount), vTermStart = new Uint32Array(variantCount + 1);
    const vTerms = new Uint32Array(variantTermCount), vWeight = new Float32Array(variantCount);
    const postCount = new Uint32Array(T + 1);
    let v = 0, o = 0;
    for (let f = 0; f < F; f++) {
        for (const variant of featureVariants[f]) {
            vOwner[v] = f;
            vTermStart[v] = o;
            let w = 0;
            for (let i = 0; i < variant.length; i++) {
                const id = termId.get(variant[i])!;
                vTerms[o++] = id;
                if (variant.indexOf(variant[i]) === i) {
                    w += termWeight[id];
                    postCount[id + 1]++;
                }
            }
            vWeight[v] = w;
            v++;
        }
    }
    vTermStart[variantCount] = o;
    const {termPostStart, termPostings} = postingsOf(vTermStart, vTerms, postCount, T);
    return {dict, termId, termWeight, vOwner, vTermStart, vTerms, vWeight, termPostStart, termPostings};
}

/** Each term's variants, in variant order (postCount[t + 1]: how many variants hold term t). */
function postingsOf(vTermStart: Uint32Array, vTerms: Uint32Array, postCount: Uint32Array, T: number): {termPostStart: Uint32Array; termPostings: Uint32Array} {
    const variantCount = vTermStart.length - 1;
    const termPostStart = new Uint32Array(T + 1);
    for (let t = 0; t < T; t++) termPostStart[t + 1] = termPostStart[t] + postCount[t + 1];
    const termPostings = new Uint32Array(termPostStart[T]);
    const fill = termPostStart.slice(0, T);
    for (let vv = 0; vv < variantCount; vv++) {
        for (let i = vTermStart[vv]; i < vTermStart[vv + 1]; i++) {
            const id = vTerms[i];
            // Once per variant even when a word repeats ("Rue de la Porte de Hal").
            if (fill[id] > termPostStart[id] && termPostings[fill[id] - 1] === vv) continue;
            termPostings[fill[id]++] = vv;
        }
    }
    return {termPostStart, termPostings};
}

/**
 * Each term's postings, the places' after the other features', each most important owner first
 * (equals in posting order): a search takes the most important streets and POIs holding a common
 * word from the front, and the most important places from where the places start.
 */
export function postingsByImportance(postStart: Uint32Array, postings: Uint32Array, owner: Uint32Array, importance: Float32Array,
    placeStart: number, placeEnd: number): Uint32Array {
    const out = new Uint32Array(postings.length);
    const isPlace = (v: number) => (owner[v] >= placeStart && owner[v] < placeEnd ? 1 : 0);
    for (let t = 0; t + 1 < postStart.length; t++) {
        const from = postStart[t], to = postStart[t + 1];
        const sorted = Array.from(postings.subarray(from, to)).sort((a, b) => isPlace(a) - isPlace(b) || importance[owner[b]] - importance[owner[a]] || a - b);
        out.set(sorted, from);
    }
    return out;
}

/**
 * Each term's places keyed by it (term_placeKeyStart over term_placeKeys, place feature ids in
 * order): a place is keyed by the rarest term (the highest weight) of each of its name variants. A
 * query names a place in full only when it holds that term, so a search finds every place the query
 * may name by walking the keys of its terms, not every place that holds a common word ("de").
 */
export function placeKeys(owner: Uint32Array, termStart: Uint32Array, terms: Uint32Array, weight: Float32Array, placeStart: number,
    placeEnd: number): {term_placeKeyStart: Uint32Array; term_placeKeys: Uint32Array} {
    const T = weight.length;
    const keyOf = new Int32Array(owner.length).fill(-1), count = new Uint32Array(T + 1);
    // Once per place and term (its variants often share their rarest term): variants come grouped by place.
    const lastPlace = new Int32Array(T).fill(-1);
    const first = lowerBound(owner, placeStart);
    let end = first;
    for (; end < owner.length && owner[end] < placeEnd; end++) {
        let key = -1;
        for (let t = termStart[end]; t < termStart[end + 1]; t++) {
            const id = terms[t];
            if (key < 0 || weight[id] > weight[key] || (weight[id] === weight[key] && id < key)) key = id;
        }
        if (key < 0 || lastPlace[key] === owner[end]) continue;
        lastPlace[key] = owner[end];
        keyOf[end] = key;
        count[key + 1]++;
    }
    const start = new Uint32Array(T + 1);
    for (let t = 0; t < T; t++) start[t + 1] = start[t] + count[t + 1];
    const keys = new Uint32Array(start[T]), fill = start.slice(0, T);
    for (let v = first; v < end; v++) if (keyOf[v] >= 0) keys[fill[keyOf[v]]++] = owner[v];
    return {term_placeKeyStart: start, term_placeKeys: keys};
}

/** Where each feature's variants start (variants come grouped by feature, in feature order), and their end. */
export function variantStarts(owner: Uint32Array, featureCount: number): Uint32Array {
    const start = new Uint32Array(featureCount + 1);
    for (let v = 0; v < owner.length; v++) start[owner[v] + 1]++;
    for (let f = 0; f < featureCount; f++) start[f + 1] += start[f];
    return start;
}
