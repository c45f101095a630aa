// @quartier/server: the HTTP API over @quartier/engine.
// requestListener(app): the listener for http.createServer, with GET /route's lane past Express (route-lane.ts).
export {createApp, requestListener} from './http/app.js';
export type {AppOptions} from './http/app.js';
export {KeyStore} from './http/keys.js';
export type {KeyEntry} from './http/keys.js';
export {startServer, loadServerConfig} from './service/server.js';
export type {ServerConfig} from './service/server.js';
// The engine's region builder script (run in its own process, as the server and `quartier build-region` run it).
export {BUILD_REGION_SCRIPT, UPDATE_REGION_SCRIPT} from './cli/build-region-script.js';
// The answers' JSON (SPEC's shapes, GraphHopper's route, Photon's GeoJSON) from the engine's typed
// results, for a Node service that wants the API's answers without HTTP (docs/library.md).
export {summaryAnswer, textAnswer, textAndDataAnswer, scoresAnswer, enrichmentAnswer, travelEntry} from './answers/neighbourhood-answer.js';
export type {
    CustomerItemSummary, MultiLanguagesText, MultiLanguagesParagraph, TextAndData, ScoresDocument, Score, EnrichmentDocument, EnrichmentTrip, TravelEntry,
    SummaryCategory, SummarySubcategory, SummaryPlace, CloseCity, PlaceInformation
} from './answers/neighbourhood-answer.js';
export {featureCollection} from './answers/geolocation-answer.js';
export type {PhotonFeature, PhotonFeatureCollection} from './answers/geolocation-answer.js';
export {pointsAnswer} from './answers/points-answer.js';
export type {PointAnswer} from './answers/points-answer.js';
export {categoryTreeAnswer, simplifiedCategoriesAnswer} from './answers/categories-answer.js';
export type {CategoryNode} from './answers/categories-answer.js';
export {isochroneAnswer} from './answers/isochrone-answer.js';
export {writeRoadRoute, transitRouteAnswer} from './answers/route-answer.js';
export {JsonWriter} from './answers/json-answer.js';
