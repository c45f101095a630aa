// In-place quicksort of ids by a parallel array of keys (no comparator closures).

/** Sorts ids[left..right] by ascending keys, moving keys along. */
export function sortByKey(ids: Uint32Array, keys: Float64Array, left: number, right: number): void {
    while (left < right) {
        const pivot = keys[(left + right) >> 1];
        let i = left, j = right;
        while (i <= j) {
            while (keys[i] < pivot) i++;
            while (keys[j] > pivot) j--;
            if (i <= j) {
                const k = keys[i];
                keys[i] = keys[j];
                keys[j] = k;
                const t = ids[i];
                ids[i] = ids[j];
                ids[j] = t;
                i++;
                j--;
            }
        }
        // Recurse into the smaller side, loop on the larger.
        if (j - left < right - i) {
            sortByKey(ids, keys, left, j);
            left = i;
        } else {
            sortByKey(ids, keys, i, right);
            right = j;
        }
    }
}
