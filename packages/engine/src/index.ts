// @quartier/engine: region builds and queries over typed arrays. The curated public interface:
// configure and build a region, open it, and ask it what is around (places, routes, travel-time
// areas, addresses, neighbourhood summaries). Everything else is '@quartier/engine/internal'.
export {Region} from './region/region.js';
export type {RegionBuffers} from './region/region.js';
export {buildRegion, readManifest} from './region/build.js';
export type {RegionManifest} from './region/manifest.js';
export {loadRegionConfigs, loadCountries, countryConfig, dataRoot, buildRoot} from './config/regions.js';
export type {RegionConfig, CountryConfig} from './config/regions.js';
export {MODES} from './graph/profiles.js';
export type {ModeName} from './graph/profiles.js';
export {haversineMeters} from './geo/distance.js';
export {Catalog, catalogScope} from './poi/catalog.js';
export type {CatalogScope} from './poi/catalog.js';
export {queryPoints, MAX_POINTS} from './poi/points.js';
export type {PointsQuery, PointItem, PointsResult} from './poi/points.js';
export {Geocoder} from './geocode/index.js';
export type {GeocodeResult, ReverseResult, PlaceNames, SearchOptions, ResultKind} from './geocode/index.js';
export {RoadRouter, RouteError} from './route/road-router.js';
export type {RoadRoute, RouteErrorCode} from './route/road-router.js';
export type {Instruction} from './route/instructions.js';
export {TransitRouter} from './transit/query/router.js';
export {TransitError} from './transit/query/transit-types.js';
export type {TransitRoute, TransitLeg, WalkLeg, RideLeg, TransferLeg, TransitStopRef, TransitStopCall, TransitErrorCode, TransitRouterOptions} from './transit/query/transit-types.js';
export {RoadIsochrones} from './isochrone/road-isochrone.js';
export type {PolygonGeometry, RoadIsochroneResult} from './isochrone/road-isochrone.js';
export {TransitIsochrones} from './isochrone/transit-isochrone.js';
export type {MultiPolygonGeometry} from './geo/ring.js';
export {NeighbourhoodFinder} from './neighbourhood/nearby.js';
export type {NeighbourhoodData, EnrichmentData, NearbyPlace, NearbyCategory, NearbySubcategory, NearbyCity, EnrichedPlace} from './neighbourhood/nearby.js';
export {neighbourhoodText} from './neighbourhood/text.js';
export type {NarrativeText, TextParagraph} from './text/narrative/narrative.js';
export {neighbourhoodScores} from './neighbourhood/scores.js';
export type {ScoreResult, ScoreDefinition} from './neighbourhood/scores.js';
