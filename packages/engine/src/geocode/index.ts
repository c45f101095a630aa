// Geocoding: addresses, streets, places and named POIs found by name (forward) and by position
// (reverse). The build side (build/: the OSM drafts, then build-index.ts's stages writing the
// 'places' section) and the query side (search/: the Geocoder) share the section's layout
// (places.ts), the text folding and the token dictionary (fold.ts, dictionary.ts, ...).
export {Geocoder, DEFAULT_LIMIT, MAX_LIMIT, MAX_QUERY_LENGTH, GEOCODING_LANGUAGES, DEFAULT_GEOCODER_LIMITS,
    REVERSE_ADDRESS_RADIUS, REVERSE_STREET_RADIUS, REVERSE_LOCALITY_RADIUS} from './search/geocoder.js';
export type {GeocodeResult, ReverseResult, PlaceNames, SearchOptions, ResultKind, Accuracy, GeocoderLimits} from './search/geocoder.js';
export {PlacesBuilder} from './build/places-builder.js';
export type {PlacesStats} from './build/places-builder.js';
export {transitStations} from './build/stations.js';
export {Places, PLACE_TYPES, CITY_TYPES} from './places.js';
