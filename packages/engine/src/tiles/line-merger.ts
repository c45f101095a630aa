// Below zoom 14 OpenMapTiles merges the lines of a layer that carry the same attributes: a road cut
// into many pieces (OSM ways, map-data runs, tag changes that no longer show) becomes one feature of
// few long lines, which places labels better and makes tiles smaller. This writer holds back the
// lines of the merged layers, joins those with equal tags end to end (in their direction when one
// way), simplifies them to a tenth of a pixel and writes one feature per set of tags at finish().
import {joinPieces} from '../map-data/rings.js';
import {simplifyLine} from '../geo/planar.js';
import {LINESTRING, MvtWriter, type TagValue} from './mvt-writer.js';

/** Douglas–Peucker tolerance after joining, in tile units (16 per pixel of a 256-pixel tile). */
const TOLERANCE = 1.6;
/** Lines shorter than this (tile units) draw nothing and are dropped. */
const MIN_LENGTH = 4;
/** Point keys: tile coordinates stay within ±8192 (the tile and its buffer). */
const OFFSET = 8192, SPAN = 16384;

interface Group {
    layer: string;
    tags: [string, TagValue][];
    directed: boolean;
    pieces: Float64Array[];
}

export class LineMergingWriter extends MvtWriter {
    private readonly groups = new Map<string, Group>();
    /** The feature being held back: its layer, tags and runs; null when writing through. */
    private held: {layer: string; tags: [string, TagValue][]; runs: Float64Array[]} | null = null;

    constructor(private readonly mergedLayers: ReadonlySet<string>) {
        super();
    }

    override begin(layerName: string, type: number): void {
        if (type === LINESTRING && this.mergedLayers.has(layerName)) {
            this.held = {layer: layerName, tags: [], runs: []};
            return;
        }
        this.held = null;
        super.begin(layerName, type);
    }

    override path(coords: ArrayLike<number>, start: number, count: number, ring: boolean): void {
        if (this.held === null) {
            super.path(coords, start, count, ring);
            return;
        }
        const run = new Float64Array(count);
        for (let i = 0; i < count; i++) run[i] = (coords[start + i * 2] + OFFSET) * SPAN + coords[start + i * 2 + 1] + OFFSET;
        this.held.runs.push(run);
    }

    override tag(key: string, value: TagValue): void {
        if (this.held === null) super.tag(key, value);
        else this.held.tags.push([key, value]);
    }

    override end(): boolean {
        const held = this.held;
        if (held === null) return super.end();
        this.held = null;
        if (held.runs.length === 0) return false;
        const key = `${held.layer}\u0000${JSON.stringify(held.tags)}`;
        let group = this.groups.get(key);
        if (!group) {
            group = {layer: held.layer, tags: held.tags, directed: held.tags.some(([k, v]) => k === 'oneway' && v !== 0), pieces: []};
            this.groups.set(key, group);
        }
        group.pieces.push(...held.runs);
        return true;
    }

    override finish(): Uint8Array | null {
        this.held = null;
        for (const group of this.groups.values()) {
            super.begin(group.layer, LINESTRING);
            const joined = joinPieces(group.pieces, group.directed);
            for (const chain of joined.closed.concat(joined.open)) {
                const coords = new Int32Array(chain.length * 2);
                for (let i = 0; i < chain.length; i++) {
                    coords[i * 2] = Math.floor(chain[i] / SPAN) - OFFSET;
                    coords[i * 2 + 1] = chain[i] % SPAN - OFFSET;
                }
                const line = simplifyLine(coords, TOLERANCE);
                if (lineLength(line) < MIN_LENGTH) continue;
                super.path(line, 0, line.length >> 1, false);
            }
            for (const [k, v] of group.tags) super.tag(k, v);
            super.end();
        }
        this.groups.clear();
        return super.finish();
    }
}

function lineLength(line: Int32Array): number {
    let length = 0;
    for (let i = 2; i < line.length; i += 2) length += Math.hypot(line[i] - line[i - 2], line[i + 1] - line[i - 1]);
    return length;
}
