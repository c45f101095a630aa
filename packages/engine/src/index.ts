// @quartier/engine: region builds and queries over typed arrays. The curated public interface, what a
// Node service needs: configure and build a region, open it, and ask its queries (places, routes,
// travel-time areas, addresses, neighbourhoods, tiles) and their result types. The query objects
// come from a Region (region.router, region.geocoder...), so their classes are exported as types.
// Everything else is '@quartier/engine/internal' (docs/library.md).
export {Region} from './region/region.js';
export type {RegionBuffers, RegionCounts} from './region/region.js';
export {buildRegion} from './region/build.js';
export {updateRegion} from './region/update-region.js';
export type {BuildOptions, BuildResult} from './region/build.js';
export type {RegionManifest} from './region/manifest.js';
export {loadRegionConfigs, loadCountries} from './config/regions.js';
export type {RegionConfig, CountryConfig} from './config/regions.js';
export {MODES, CAR, FOOT, BIKE} from './graph/profiles.js';
export type {ModeName} from './graph/profiles.js';
export type {Catalog} from './poi/catalog.js';
export type {PointsQuery, PointItem, PointsResult} from './poi/points.js';
export type {Geocoder, GeocodeResult, ReverseResult, PlaceNames, SearchOptions, ResultKind} from './geocode/index.js';
export {RouteError} from './route/road-router.js';
export type {RoadRouter, RoadRoute, RouteErrorCode} from './route/road-router.js';
export type {Snap} from './graph/snap.js';
export type {Instruction} from './route/instructions.js';
export {TransitError} from './transit/query/transit-types.js';
export type {TransitRouter} from './transit/query/router.js';
export type {
    TransitRoute, TransitLeg, WalkLeg, RideLeg, TransferLeg, TransitStopRef, TransitStopCall, TransitErrorCode, TransitMeasure, TransitTargets
} from './transit/query/transit-types.js';
export type {RoadIsochrones, PolygonGeometry, RoadIsochroneResult} from './isochrone/road-isochrone.js';
export type {TransitIsochrones} from './isochrone/transit-isochrone.js';
export type {LifestyleAreas, LifestyleCategory, LifestyleBox, LifestyleResult} from './isochrone/lifestyle.js';
export type {MultiPolygonGeometry} from './geo/ring.js';
export type {NeighbourhoodFinder, NeighbourhoodData, EnrichmentData, NearbyPlace, NearbyCategory, NearbySubcategory, NearbyCity, EnrichedPlace} from './neighbourhood/nearby.js';
export type {Trip} from './neighbourhood/trips.js';
export {neighbourhoodText} from './neighbourhood/text.js';
export type {NarrativeText, TextParagraph} from './text/narrative/narrative.js';
export {neighbourhoodScores} from './neighbourhood/scores.js';
export type {ScoreResult, ScoreDefinition} from './neighbourhood/scores.js';
