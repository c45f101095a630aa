// The POI searches section (poi-searches.bin): what a thread's first trip to each POI would search, searched once by
// the region build (build-stages/poi-searches.ts). Per road mode, the sweeps' kept lists of the POIs' ways in
// (ch/query/kept-lists.ts); with a timetable, the POIs' egress walks from the stops around them (EgressTable). Both
// depend on the place alone, and a cold /enrichment spent a third of its time on them (bench/RESULTS.md). Threads
// read the section in place; a place it lacks (a city centre, any other position) is searched as before.
import {encodeSection, Section, sectionArraysDigest, type AnyBuffer} from '../format/section.js';
import type {KeptLists} from '../ch/query.js';
import type {EgressTable} from '../transit/query/transit-types.js';

export const POI_SEARCHES_KIND = 'poi-searches';
export const POI_SEARCHES_VERSION = 1;

/**
 * The sections the lists were searched on, by their arrays' digests (format/section.ts: a hierarchy's meta holds its
 * build seconds, so an update and a fresh build of the same hierarchy differ in their checksums only): one hierarchy
 * per mode, and the transit section (null: none).
 */
export interface PoiSearchesMeta {
    ch: string[];
    transit: string | null;
}

export class PoiSearches {
    readonly meta: PoiSearchesMeta;
    /** Per mode (car, foot, bike). */
    readonly kept: KeptLists[];
    readonly egress: EgressTable | null;

    private constructor(section: Section) {
        this.meta = section.meta as PoiSearchesMeta;
        this.kept = this.meta.ch.map((_, m) => ({
            target: section.array(`target${m}`, Uint32Array), first: section.array(`first${m}`, Uint32Array),
            node: section.array(`node${m}`, Uint32Array), time: section.array(`time${m}`, Uint32Array)
        }));
        for (const k of this.kept) {
            if (k.first.length !== k.target.length + 1 || k.first[k.target.length] !== k.node.length || k.time.length !== k.node.length) {
                throw new Error('the poi-searches section\'s kept lists do not match their targets');
            }
        }
        this.egress = this.meta.transit === null ? null : {
            edge: section.array('egressEdge', Uint32Array), offset: section.array('egressOffset', Float64Array),
            first: section.array('egressFirst', Uint32Array), stop: section.array('egressStop', Uint32Array),
            ms: section.array('egressMs', Float64Array), meters: section.array('egressMeters', Float64Array)
        };
        const e = this.egress;
        if (e && (e.offset.length !== e.edge.length || e.first.length !== e.edge.length + 1 || e.first[e.edge.length] !== e.stop.length
            || e.ms.length !== e.stop.length || e.meters.length !== e.stop.length)) {
            throw new Error('the poi-searches section\'s egress walks do not match their places');
        }
    }

    static from(buffer: AnyBuffer, byteOffset = 0, byteLength?: number): PoiSearches {
        return new PoiSearches(Section.from(buffer, POI_SEARCHES_KIND, POI_SEARCHES_VERSION, byteOffset, byteLength));
    }

    /** Whether these were searched on these hierarchies and transit section (a bundle is never mixed from two builds): reads their arrays. */
    madeFrom(ch: AnyBuffer[], transit: AnyBuffer | null): boolean {
        return ch.length === this.meta.ch.length && ch.every((c, m) => sectionArraysDigest(c) === this.meta.ch[m])
            && (transit === null ? null : sectionArraysDigest(transit)) === this.meta.transit;
    }

    /** The section's bytes. */
    static encode(meta: PoiSearchesMeta, kept: KeptLists[], egress: EgressTable | null): Uint8Array {
        const arrays: Record<string, Uint32Array | Float64Array> = {};
        kept.forEach((k, m) => Object.assign(arrays, {[`target${m}`]: k.target, [`first${m}`]: k.first, [`node${m}`]: k.node, [`time${m}`]: k.time}));
        if (egress) {
            Object.assign(arrays, {egressEdge: egress.edge, egressOffset: egress.offset, egressFirst: egress.first,
                egressStop: egress.stop, egressMs: egress.ms, egressMeters: egress.meters});
        }
        return encodeSection(POI_SEARCHES_KIND, POI_SEARCHES_VERSION, meta, arrays);
    }
}
