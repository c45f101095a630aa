// OSM ids of one object type read from the extracts so far, to count an object found in several
// overlapping extracts (neighbouring city extracts share their edge) once: the first file's copy wins.
// Each file's ids are kept sorted in one Float64Array (8 bytes an id) and searched by bisection.
import {Growable} from '../format/growable.js';

export class OsmIdSet {
    private readonly files: Float64Array[] = [];
    private current = new Growable(Float64Array);

    /** Whether an earlier file (one closed by endFile) holds this id. */
    seenBefore(id: number): boolean {
        for (const ids of this.files) {
            let lo = 0, hi = ids.length - 1;
            while (lo <= hi) {
                const mid = (lo + hi) >> 1;
                const v = ids[mid];
                if (v === id) return true;
                if (v < id) lo = mid + 1;
                else hi = mid - 1;
            }
        }
        return false;
    }

    /** Records an id of the file being read. */
    add(id: number): void {
        this.current.push(id);
    }

    /** Ends the file being read: its ids become searchable. */
    endFile(): void {
        // Extracts are usually sorted by id already; sorting makes sure.
        this.files.push(this.current.data.slice(0, this.current.length).sort());
        this.current = new Growable(Float64Array);
    }
}
