// Region build, the POI searches (../poi-searches.ts): for every POI, the sweeps' kept lists of its ways in per road
// mode and its egress walks from the stops around it, searched on the hierarchies and transit section just built.
// Reused from the previous bundle when the POIs, the hierarchies and the transit section are the same.
import fs from 'node:fs';
import path from 'node:path';
import {ContractionHierarchy} from '../../ch/hierarchy.js';
import {CHQuery} from '../../ch/query.js';
import {CHScratch} from '../../ch/scratch.js';
import {sectionArraysDigest} from '../../format/section.js';
import {FOOT} from '../../graph/profiles.js';
import type {Snap} from '../../graph/snap.js';
import {turnCosts} from '../../graph/turn-costs.js';
import {PoiIndex} from '../../poi/poi-index.js';
import {RoadRouter} from '../../route/road-router.js';
import {TransitNetwork} from '../../transit/query/network.js';
import {TransitRouter} from '../../transit/query/router.js';
import {CH_SECTIONS, SECTION_FILES} from '../manifest.js';
import {PoiSearches} from '../poi-searches.js';
import {builtSectionDigest, inputsOf, previousStats, readBuiltSection, reuseSection} from './reuse.js';
import type {GraphSource} from './sections.js';
import {writeSection, type RegionBuild} from './state.js';

/**
 * The section's limit: past it (a country's hundreds of thousands of POIs) it is not written, and threads search
 * each place on their first trip there, as without it. Brussels' 2,838 POIs take 4 MB.
 */
const POI_SEARCHES_MAX_BYTES = 512 * 1024 * 1024;

/** Builds (or reuses) the section; its stats for the manifest. */
export function buildPoiSearches(b: RegionBuild, graph: GraphSource, log: (line: string) => void): unknown {
    const hasTransit = fs.existsSync(path.join(b.tmp, SECTION_FILES.transit));
    const inputs = inputsOf(b, 'poiSearches', [builtSectionDigest(b, 'pois'), CH_SECTIONS.map((name) => builtSectionDigest(b, name)),
        hasTransit ? builtSectionDigest(b, 'transit') : null]);
    if (reuseSection(b, 'poiSearches', inputs)) return previousStats(b, 'poiSearches');
    b.progress.update('POI searches', 1);
    const started = performance.now();
    const roads = graph();
    const poisBytes = readBuiltSection(b, 'pois');
    const pois = PoiIndex.from(poisBytes.buffer, poisBytes.byteOffset, poisBytes.byteLength);
    const chBytes = CH_SECTIONS.map((name) => readBuiltSection(b, name));
    const scratch = new CHScratch(roads.nodeCount);
    const queries = chBytes.map((bytes, m) => new CHQuery(roads, ContractionHierarchy.from(bytes.buffer, m, bytes.byteOffset, bytes.byteLength),
        turnCosts(roads, m), scratch));
    const router = new RoadRouter(roads, queries);
    const snaps = queries.map((_, m) => placeSnaps(router, pois, m));
    const kept = queries.map((query, m) => query.keptLists(snaps[m].flatMap((s) => router.arrivalNodes(m, s))));
    let egress = null, transitDigest = null;
    if (hasTransit) {
        const bytes = readBuiltSection(b, 'transit');
        const network = TransitNetwork.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        egress = new TransitRouter(roads, router.snapper, network).egressTable(snaps[FOOT]);
        transitDigest = sectionArraysDigest(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
    const section = PoiSearches.encode({ch: chBytes.map((c) => sectionArraysDigest(c.buffer, c.byteOffset, c.byteLength)), transit: transitDigest}, kept, egress);
    const stats = {
        seconds: Math.round((performance.now() - started) / 10) / 100, bytes: section.byteLength,
        targets: kept.map((k) => k.target.length), keptNodes: kept.map((k) => k.node.length), egressPlaces: egress?.edge.length ?? 0
    };
    if (section.byteLength > POI_SEARCHES_MAX_BYTES) {
        log(`${b.country.code}: the POI searches take ${Math.round(section.byteLength / 1048576)} MB, past ${POI_SEARCHES_MAX_BYTES / 1048576} MB: not kept (threads search each place on its first trip)`);
        return {...stats, written: false};
    }
    writeSection(b.tmp, 'poiSearches', section);
    return stats;
}

/** Every POI snapped for a mode as a trip there snaps it (the road router's snap), those off its network left out. */
function placeSnaps(router: RoadRouter, pois: PoiIndex, mode: number): Snap[] {
    const snaps: Snap[] = [];
    for (let j = 0; j < pois.count; j++) {
        const s = router.snap(pois.lat[j], pois.lon[j], mode);
        if (s !== null) snaps.push(s);
    }
    return snaps;
}
