// The OSM objects a reader hands to its visitor: reused views, so callers copy what they keep.

/** A reused view over the current object's tags. */
export interface OsmTags {
    readonly count: number;
    key(i: number): string;
    value(i: number): string;
    /** Linear scan. */
    get(key: string): string | undefined;
    has(key: string): boolean;
}

/** The same object is reused for every node: callers copy what they keep. */
export interface OsmNode { id: number; lat: number; lon: number; tags: OsmTags }

/** refs[0..refCount) are node ids; the array is reused (may be longer than refCount). */
export interface OsmWay { id: number; refCount: number; refs: Float64Array; tags: OsmTags }

/** memberTypes: 0 node, 1 way, 2 relation; the arrays are reused (may be longer than memberCount). */
export interface OsmRelation {
    id: number;
    memberCount: number;
    memberTypes: Uint8Array;
    memberRefs: Float64Array;
    memberRole(i: number): string;
    tags: OsmTags;
}

export interface OsmVisitor {
    node?(n: OsmNode): void;
    way?(w: OsmWay): void;
    relation?(r: OsmRelation): void;
}
