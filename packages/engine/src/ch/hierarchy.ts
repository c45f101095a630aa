// A contraction hierarchy reopened from its section without copying (layout in contract.ts).
import {Section, type AnyBuffer} from '../format/section.js';
import {MODES} from '../graph/profiles.js';
import {CH_VERSION, chKind} from './contract.js';

export class ContractionHierarchy {
    readonly section: Section;
    readonly mode: number;
    readonly nodeCount: number;
    /** Arc count of the road graph it was built from. */
    readonly roadArcCount: number;
    readonly rank: Uint32Array;
    readonly upFirst: Uint32Array;
    readonly upHead: Uint32Array;
    readonly upWeight: Uint32Array;
    readonly upMiddle: Uint32Array;
    readonly downFirst: Uint32Array;
    readonly downHead: Uint32Array;
    readonly downWeight: Uint32Array;
    readonly downMiddle: Uint32Array;

    constructor(section: Section) {
        this.section = section;
        const meta = section.meta;
        this.mode = meta.mode;
        if (section.kind !== chKind(this.mode)) throw new Error(`section kind ${section.kind} does not match mode ${MODES[this.mode]}`);
        this.nodeCount = meta.nodeCount;
        this.roadArcCount = meta.arcCount;
        this.rank = section.array('rank', Uint32Array);
        this.upFirst = section.array('upFirst', Uint32Array);
        this.upHead = section.array('upHead', Uint32Array);
        this.upWeight = section.array('upWeight', Uint32Array);
        this.upMiddle = section.array('upMiddle', Uint32Array);
        this.downFirst = section.array('downFirst', Uint32Array);
        this.downHead = section.array('downHead', Uint32Array);
        this.downWeight = section.array('downWeight', Uint32Array);
        this.downMiddle = section.array('downMiddle', Uint32Array);
    }

    static from(buffer: AnyBuffer, mode: number, byteOffset = 0, byteLength?: number): ContractionHierarchy {
        return new ContractionHierarchy(Section.from(buffer, chKind(mode), CH_VERSION, byteOffset, byteLength));
    }

    /** Shortcuts and original arcs together, both directions. */
    get arcCount(): number {
        return this.upHead.length + this.downHead.length;
    }
}
