// @quartier/engine/internal: every module of the engine, for quartier's own packages (server, render,
// benches and tests). Not a stable interface: applications use the curated entry point (index.ts).
// @quartier/engine: region builds and queries over typed arrays.
export {Section, encodeSection, readFileShared, verifySection, writeFileAtomic, SectionError} from './format/section.js';
export type {AnyBuffer, TypedArray} from './format/section.js';
export {readOsmPbf, countOsmPbf, OsmPbfError} from './osm/pbf.js';
export type {OsmNode, OsmWay, OsmRelation, OsmTags, OsmVisitor, OsmHeader} from './osm/pbf.js';
export {haversineMeters, metersPerDegreeLon, equirectangularSquaredMeters, round6} from './geo/distance.js';
export {CountryBorder, buildBorderSection} from './geo/border.js';
export {RoadGraph, INF, REVERSED} from './graph/road-graph.js';
export {MODES, CAR, FOOT, BIKE, evaluateWay, WayProfile, barrierBlocks} from './graph/profiles.js';
export type {ModeName} from './graph/profiles.js';
export {parseMaxspeed} from './graph/maxspeed.js';
export {PoiIndex, BADGE_KINDS} from './poi/poi-index.js';
export {CategoryMatcher, loadCategories, typeId, splitTypeId} from './poi/categories.js';
export type {CategoriesFile, CategoryConfig, SubtypeConfig, EnrichmentEntry, Labels} from './poi/categories.js';
export {Places, PLACE_TYPES, CITY_TYPES} from './geocode/places.js';
export {Geocoder, featureCollection, GEOCODING_LANGUAGES, DEFAULT_LIMIT, MAX_LIMIT, MAX_QUERY_LENGTH,
    REVERSE_ADDRESS_RADIUS, REVERSE_STREET_RADIUS, REVERSE_LOCALITY_RADIUS} from './geocode/geocoder.js';
export type {GeocodeResult, ReverseResult, PlaceInformation, SearchOptions, ResultKind} from './geocode/geocoder.js';
export {fold, tokenize, housenumberKey, postcodeKey} from './geocode/fold.js';
export {Abbreviations} from './geocode/abbreviations.js';
export {EditDistance, maxEditsFor} from './geocode/edit-distance.js';
export {PlacesBuilder} from './geocode/builder.js';
export {Region} from './region/region.js';
export type {RegionBuffers} from './region/region.js';
export {buildRegion, readManifest} from './region/build.js';
export type {RegionManifest} from './region/manifest.js';
export {Coverage} from './region/coverage.js';
export {pointInPolygon} from './isochrone/contour.js';
export {
    loadRegionConfigs, loadCountries, countryConfig, dataRoot, buildRoot, regionsFromEnv, saveLocalRegion
} from './region/config.js';
export type {RegionConfig, CountryConfig} from './region/config.js';
export {Catalog, catalogScope, label, WILDCARD_VARIANT} from './poi/catalog.js';
export type {CategoryNode, CatalogScope} from './poi/catalog.js';
export {queryPoints, MAX_POINTS} from './poi/points.js';
export type {PointsQuery, PointItem, PointsResult} from './poi/points.js';
export {RoadRouter, RouteError, SAME_POSITION_METERS} from './route/road-router.js';
export type {RoadRoute, RouteErrorCode, PathFinder} from './route/road-router.js';
export type {Instruction} from './route/instructions.js';
export {Snapper, MAX_SNAP_METERS} from './graph/snap.js';
export type {Snap} from './graph/snap.js';
export {contract} from './ch/contract.js';
export {CHQuery} from './ch/query.js';
export {CHScratch} from './ch/scratch.js';
export {NO_BEARING, TurnCosts, turnCosts, turnSeconds, edgeBearings, junctionKinds} from './graph/turn-costs.js';
export {ContractionHierarchy} from './ch/hierarchy.js';
export {Dijkstra, BidirectionalDijkstra} from './ch/dijkstra.js';
export {MapData, MapBand, MAP_KIND, MAP_VERSION} from './map-data/map-data.js';
export {KINDS, CLASSES, BRIDGE, TUNNEL, LINK, SERVICE, AREA, ONEWAY, isAreaKind} from './map-data/map-classes.js';
export type {KindName} from './map-data/map-classes.js';
export {MAP_BANDS, bandForZoom} from './map-data/map-bands.js';
export {WORLD, mercatorX, mercatorY, lonOfX, latOfY, unitsPerPixel, metersPerUnit} from './map-data/mercator.js';
export {joinPieces, landRings, orientRings} from './map-data/rings.js';
export {clipRing, splitLine} from './map-data/clip.js';
export {simplifyLine, simplifyRing, ringArea2} from './map-data/simplify.js';
export {TransitNetwork, routeMode} from './transit/query/network.js';
export {TRANSIT_KIND, TRANSIT_VERSION} from './transit/section-layout.js';
export type {TransitFeedInfo, TransitMeta} from './transit/section-layout.js';
export {
    TransitRouter, TransitError, ACCESS_MAX_SECONDS, EGRESS_MAX_SECONDS, DEFAULT_DEPARTURE_SECONDS
} from './transit/query/router.js';
export type {
    TransitRoute, TransitLeg, WalkLeg, RideLeg, TransferLeg, TransitStopRef, TransitStopCall, TransitErrorCode,
    TransitRouterOptions, WalkFinder, TransitMeasure, TransitTargets, Departure
} from './transit/query/router.js';
export {DEFAULT_DEPARTURE_WINDOW, MAX_WINDOW_DEPARTURES, departureCount, parseDepartureWindow, windowProblem} from './transit/query/departure-window.js';
export type {DepartureWindow} from './transit/query/departure-window.js';
export {buildTransitSection, FOOTPATH_MAX_SECONDS, STOP_SNAP_METERS, AREA_MARGIN_METERS} from './transit/build/compile.js';
export type {TransitBuildOptions, TransitBuildResult} from './transit/build/compile.js';
export {readGtfsFeed, GtfsError, MAX_BAD_ROW_SHARE} from './transit/gtfs/gtfs-reader.js';
export type {GtfsFeed, FeedWarning} from './transit/gtfs/gtfs-reader.js';
export {openFeedSource, FeedSourceError} from './transit/gtfs/feed-source.js';
export type {FeedSource} from './transit/gtfs/feed-source.js';
export {CsvParser, parseCsv} from './transit/gtfs/csv.js';
export {parseGtfsTime, parseGtfsDate} from './transit/gtfs-values.js';
export {MAX_RIDES} from './transit/query/raptor.js';
export {RoadIsochrones, OFF_ROAD_METERS, MAX_VERTICES} from './isochrone/road-isochrone.js';
export type {PolygonGeometry, RoadIsochroneResult} from './isochrone/road-isochrone.js';
export {minutesShort} from './text/labels.js';
export {TransitIsochrones} from './isochrone/transit-isochrone.js';
export type {MultiPolygonGeometry} from './isochrone/transit-isochrone.js';
export {NeighbourhoodFinder, SEARCH_RADIUS_METERS, STRAIGHT_LINE_CANDIDATES, CITY_MIN_POPULATION, closestPlaces} from './neighbourhood/nearby.js';
export type {NeighbourhoodData, EnrichmentData, NearbyPlace, NearbyCategory, NearbySubcategory, NearbyCity, EnrichedPlace} from './neighbourhood/nearby.js';
export {TripMeter, TM_CAR, TM_WALK, TM_BIKE, TM_TRANSIT} from './neighbourhood/trips.js';
export type {Trip} from './neighbourhood/trips.js';
export {formatSummary, travelEntry} from './neighbourhood/summary.js';
export type {CustomerItemSummary, TravelEntry, SummaryCategory, SummarySubcategory, SummaryPlace, CloseCity} from './neighbourhood/summary.js';
export {formatEnrichment} from './neighbourhood/enrichment.js';
export type {EnrichmentDocument, EnrichmentTrip} from './neighbourhood/enrichment.js';
export {formatText, narrativeFacts, wholeMinutes} from './neighbourhood/text.js';
export {formatScores, scoreDefinitions, scoreValue, timeFraction} from './neighbourhood/scores.js';
export type {ScoresDocument, Score, ScoreDefinition} from './neighbourhood/scores.js';
export {writeNarrative, positionSeed, variantOf} from './text/narrative/narrative.js';
export type {MultiLanguagesText, TextParagraph, NarrativeInput} from './text/narrative/narrative.js';
export {PACK_LANGUAGES, languagePack} from './text/narrative/lang/index.js';
export type {LanguagePack} from './text/narrative/pack.js';
export type {Fact, ParagraphFacts, ParagraphId} from './text/narrative/facts.js';
export {distanceLabels, durationLabels} from './text/units.js';
export type {DistanceLabels, DurationLabels} from './text/units.js';
export {Progress} from './util/progress.js';
export {HUGE_PAGES_TUNABLE, hugePagesAsked, withHugePages} from './util/huge-pages.js';
export {TileBuilder} from './tiles/tile-builder.js';
export {OMT_LAYERS} from './tiles/omt-schema.js';
export {NaturalEarth, NATURAL_EARTH_MAX_ZOOM} from './tiles/natural-earth.js';
export {MAX_TILE_ZOOM, TILE_BUFFER} from './tiles/tile-frame.js';
export {readVectorTile, VectorTileData} from './tiles/mvt-reader.js';
export type {TileValue} from './tiles/mvt-reader.js';
export {TileArchive, buildTileArchive, coverageBounds, TILES_KIND, TILES_VERSION} from './tiles/tile-archive.js';
export type {TileArchiveStats} from './tiles/tile-archive.js';
