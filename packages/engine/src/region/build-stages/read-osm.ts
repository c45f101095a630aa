// Region build, reading: the OSM extracts in three passes (relations, ways, nodes), each object fed
// to every builder; the node store learns in the way pass which nodes it must keep.
import path from 'node:path';
import type {PlacesBuilder} from '../../geocode/index.js';
import {OsmIdSet} from '../../osm/id-set.js';
import type {NodeStore} from '../../osm/node-store.js';
import {readOsmPbf, type OsmHeader} from '../../osm/pbf.js';
import type {OsmVisitor} from '../../osm/objects.js';
import type {RegionBuild} from './state.js';

/** What a pass reads and where it reports: the build's state, or a thread's of its own (places-worker.ts). */
export type ReadState = Pick<RegionBuild, 'sources' | 'sourceInfo' | 'progress' | 'doneBytes' | 'totalBytes'>;

/**
 * The three passes; the extracts' headers, in source order. With the geocoding index built on a thread of its own
 * (places-thread.ts, which reads the extracts itself), the places' builder here reads the relations and ways only:
 * the nodes it asks the store for stay in the store, whose box and digest the map data's section sees.
 */
export function readOsm(b: RegionBuild): OsmHeader[] {
    const {nodes, routingFiles} = b;
    const places = b.places!, map = b.map!;
    const placesNodes = b.placesThread === null;
    const headers = pass(b, 'relations', (i) => ({
        relation: (r) => {
            if (i < routingFiles) b.roads!.addRelation(r);
            b.pois!.addRelation(r);
            places.addRelation(r);
            map.addRelation(r);
        }
    }));
    pass(b, 'ways', (i) => ({
        way: (w) => {
            if (i < routingFiles) b.roads!.addWay(w);
            b.pois!.addWay(w);
            places.addWay(w);
            map.addWay(w);
        }
    }));
    nodes.seal();
    if (!placesNodes) b.places = null;
    pass(b, 'nodes', (i) => ({
        node: (n) => {
            nodes.visit(n);
            if (i < routingFiles) b.roads!.addNode(n);
            b.pois!.addNode(n);
            if (placesNodes) places.addNode(n);
            map.addNode(n);
        }
    }));
    return headers;
}

/** The three passes for the places' builder alone, with a node store of its own (places-worker.ts). */
export function readPlacesOsm(r: ReadState, nodes: NodeStore, places: PlacesBuilder): void {
    pass(r, 'relations', () => ({relation: (rel) => places.addRelation(rel)}));
    pass(r, 'ways', () => ({way: (w) => places.addWay(w)}));
    nodes.seal();
    pass(r, 'nodes', () => ({
        node: (n) => {
            nodes.visit(n);
            places.addNode(n);
        }
    }));
}

/** One pass over every extract. */
function pass(b: ReadState, stage: string, visitorFor: (fileIndex: number) => OsmVisitor): OsmHeader[] {
    const {sources, sourceInfo, progress} = b;
    const headers: OsmHeader[] = [];
    // Overlapping extracts share objects: each is read from the first file holding it.
    const ids = sources.length > 1 ? new OsmIdSet() : null;
    sources.forEach((file, fileIndex) => {
        const base = b.doneBytes;
        const visitor = visitorFor(fileIndex);
        headers.push(readOsmPbf(file, ids ? firstCopyOnly(visitor, ids, fileIndex < sources.length - 1) : visitor, {
            onProgress: (read) => progress.update(`${stage} ${path.basename(file)}`, (base + read) / b.totalBytes)
        }));
        ids?.endFile();
        b.doneBytes += sourceInfo[fileIndex].bytes;
    });
    return headers;
}

/** A visitor that skips objects an earlier file held, recording the ids it passes on when more files follow. */
function firstCopyOnly(visitor: OsmVisitor, ids: OsmIdSet, record: boolean): OsmVisitor {
    const first = <T extends {id: number}>(visit: ((o: T) => void) | undefined) => visit && ((o: T) => {
        if (ids.seenBefore(o.id)) return;
        if (record) ids.add(o.id);
        visit(o);
    });
    return {node: first(visitor.node), way: first(visitor.way), relation: first(visitor.relation)};
}
