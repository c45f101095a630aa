// @quartier/engine: region builds and queries over typed arrays.
export {Section, encodeSection, readFileShared, writeFileAtomic, SectionError} from './format/section.js';
export type {AnyBuffer, TypedArray} from './format/section.js';
export {readOsmPbf, countOsmPbf, OsmPbfError} from './osm/pbf.js';
export type {OsmNode, OsmWay, OsmRelation, OsmTags, OsmVisitor, OsmHeader} from './osm/pbf.js';
export {haversineMeters, metersPerDegreeLon, equirectangularSquaredMeters} from './geo/distance.js';
export {CountryBorder, buildBorderSection} from './geo/border.js';
export {RoadGraph, INF, REVERSED} from './graph/road-graph.js';
export {MODES, CAR, FOOT, BIKE, evaluateWay, WayProfile, barrierBlocks} from './graph/profiles.js';
export type {ModeName} from './graph/profiles.js';
export {parseMaxspeed} from './graph/maxspeed.js';
export {PoiIndex, BADGE_KINDS} from './poi/poi-index.js';
export {CategoryMatcher, loadCategories, typeId, splitTypeId} from './poi/categories.js';
export type {CategoriesFile, CategoryConfig, SubtypeConfig, EnrichmentEntry, Labels} from './poi/categories.js';
export {Places} from './geocode/places.js';
export {Region} from './region/region.js';
export type {RegionBuffers} from './region/region.js';
export {buildRegion, readManifest} from './region/build.js';
export type {RegionManifest} from './region/manifest.js';
export {
    loadRegionConfigs, loadCountries, countryConfig, dataRoot, buildRoot, regionsFromEnv, saveLocalRegion
} from './region/config.js';
export type {RegionConfig, CountryConfig} from './region/config.js';
export {Catalog, label, WILDCARD_VARIANT} from './poi/catalog.js';
export type {CategoryNode} from './poi/catalog.js';
export {queryPoints, MAX_POINTS} from './poi/points.js';
export type {PointsQuery, PointItem, PointsResult} from './poi/points.js';
export {RoadRouter, RouteError, SAME_POSITION_METERS} from './route/road-router.js';
export type {RoadRoute, RouteErrorCode, PathFinder} from './route/road-router.js';
export type {Instruction} from './route/instructions.js';
export {Snapper, MAX_SNAP_METERS} from './graph/snap.js';
export type {Snap} from './graph/snap.js';
export {contract} from './ch/contract.js';
export {CHQuery} from './ch/query.js';
export {ContractionHierarchy} from './ch/hierarchy.js';
export {Dijkstra, BidirectionalDijkstra} from './ch/dijkstra.js';
export {RoadIsochrones, OFF_ROAD_METERS, MAX_VERTICES} from './isochrone/road-isochrone.js';
export type {PolygonGeometry, RoadIsochroneResult} from './isochrone/road-isochrone.js';
export {minutesShort} from './text/labels.js';
