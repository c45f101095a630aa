// The OpenMapTiles schema (https://openmaptiles.org/schema/) as far as our data carries it: the
// layers with their fields (TileJSON vector_layers), and how the map data's kinds and classes
// (map-data/map-classes.ts) become OpenMapTiles layers, classes and subclasses, and from which zoom.

const NAME_FIELDS = {
    name: 'String: the name in the local language (OSM name)',
    name_en: 'String: English name (name:en), else name',
    name_de: 'String: German name (name:de), else name',
    'name:xx': 'String: name in language xx (OSM name:xx) for each language the data has'
};

/** Layers in drawing order, with their fields (descriptions as the schema gives them). */
export const OMT_LAYERS: readonly {id: string; minzoom: number; fields: Record<string, string>}[] = [
    {id: 'water', minzoom: 0, fields: {class: 'String: ocean, lake, river, dock, swimming_pool', brunnel: 'String: bridge, tunnel', intermittent: 'Number: 1 when intermittent'}},
    {id: 'waterway', minzoom: 8, fields: {class: 'String: river, canal, stream, ditch', brunnel: 'String: bridge, tunnel', ...NAME_FIELDS}},
    {id: 'landcover', minzoom: 7, fields: {class: 'String: farmland, wood, rock, grass, wetland, sand', subclass: 'String: the OSM value (wood, forest, meadow, park, ...)'}},
    {id: 'landuse', minzoom: 6, fields: {class: 'String: residential, commercial, industrial, retail, railway, military, cemetery, hospital, school, university, garages, pitch, playground, stadium, zoo'}},
    {id: 'park', minzoom: 6, fields: {class: 'String: park, nature_reserve (areas, and label points of the named ones)',
        rank: 'Number: label points: 1 is the largest named park in the tile', ...NAME_FIELDS}},
    {id: 'boundary', minzoom: 0, fields: {admin_level: 'Number: OSM admin_level (zooms 0–5: 2 from Natural Earth)', maritime: 'Number: 0', disputed: 'Number: 0'}},
    {id: 'aeroway', minzoom: 10, fields: {class: 'String: aerodrome, runway, taxiway, apron, helipad'}},
    {id: 'transportation', minzoom: 4, fields: {
        class: 'String: motorway, trunk, primary, secondary, tertiary, minor, service, track, path, rail, transit, pier',
        subclass: 'String: rail, narrow_gauge, funicular, light_rail, subway, tram, monorail (railways); pedestrian (paths)',
        brunnel: 'String: bridge, tunnel', oneway: 'Number: 1 one way', ramp: 'Number: 1 on links (slip roads)',
        network: 'String: e-road, a-road (international route networks, from route relations)',
        service: 'String: spur, yard, siding, crossover, driveway, alley, parking_aisle (from zoom 12)',
        surface: 'String: paved, unpaved (from zoom 12)'
    }},
    {id: 'building', minzoom: 13, fields: {render_height: 'Number: height in metres (height, else levels, else 5)', render_min_height: 'Number: base height in metres'}},
    {id: 'water_name', minzoom: 9, fields: {class: 'String: lake, river, dock, ocean', ...NAME_FIELDS}},
    {id: 'transportation_name', minzoom: 8, fields: {class: 'String: as in transportation', subclass: 'String', brunnel: 'String',
        ref: 'String: the road\'s ref (A12, E 19); a route network\'s ref when the road is part of one', ref_length: 'Number: length of ref',
        network: 'String: e-road, a-road, else road when the road has a ref', ...NAME_FIELDS}},
    {id: 'place', minzoom: 0, fields: {class: 'String: country (zooms 0–5, Natural Earth), city, town, village, hamlet, borough, suburb, quarter, neighbourhood, locality, isolated_dwelling, island',
        rank: 'Number: 1 is the most important in the tile; countries: 1 (over 3 million km²) to 6 (under 20,000 km²)', iso_a2: 'String: a country\'s ISO 3166-1 alpha-2 code', ...NAME_FIELDS}},
    {id: 'housenumber', minzoom: 14, fields: {housenumber: 'String: OSM addr:housenumber'}},
    {id: 'poi', minzoom: 12, fields: {class: 'String: the OpenMapTiles POI class', subclass: 'String: the OSM value', rank: 'Number: 1 is the most important in the tile', ...NAME_FIELDS}},
    {id: 'aerodrome_label', minzoom: 8, fields: {class: 'String: international, public, regional, military, private, other (from aerodrome, aerodrome:type, military=airfield)',
        iata: 'String: IATA code', icao: 'String: ICAO code', ele: 'Number: elevation in metres', ele_ft: 'Number: elevation in feet', ...NAME_FIELDS}},
    {id: 'mountain_peak', minzoom: 7, fields: {class: 'String: peak, volcano, saddle', ele: 'Number: elevation in metres', ele_ft: 'Number: elevation in feet',
        rank: 'Number: 1 is the highest in the tile', ...NAME_FIELDS}}
];

/** Land cover classes (ours → [OpenMapTiles class, subclass]). */
export const LANDCOVER: Record<string, [string, string]> = {
    grass: ['grass', 'grass'], meadow: ['grass', 'meadow'], farmland: ['farmland', 'farmland'], orchard: ['farmland', 'orchard'],
    vineyard: ['farmland', 'vineyard'], scrub: ['grass', 'scrub'], heath: ['grass', 'heath'], wetland: ['wetland', 'wetland'],
    sand: ['sand', 'sand'], beach: ['sand', 'beach'], rock: ['rock', 'bare_rock'], wood: ['wood', 'wood'], forest: ['wood', 'forest'],
    allotments: ['grass', 'allotments'], farmyard: ['farmland', 'farmyard']
};

/** Our park classes: leisure parks and gardens are grass land cover in OpenMapTiles, sports grounds land use. */
export const PARK_AS: Record<string, ['landcover' | 'landuse' | 'park', string, string]> = {
    park: ['landcover', 'grass', 'park'], garden: ['landcover', 'grass', 'garden'], golf_course: ['landcover', 'grass', 'golf_course'],
    recreation_ground: ['landcover', 'grass', 'recreation_ground'], dog_park: ['landcover', 'grass', 'park'],
    playground: ['landuse', 'playground', ''], pitch: ['landuse', 'pitch', ''], sports: ['landuse', 'stadium', ''], zoo: ['landuse', 'zoo', ''],
    nature_reserve: ['park', 'nature_reserve', '']
};

/** Our land use classes the schema has (others, e.g. parking, are not land use there). */
export const LANDUSE = new Set(['residential', 'commercial', 'industrial', 'retail', 'railway', 'military', 'cemetery', 'hospital',
    'school', 'university', 'garages']);

export const WATER: Record<string, string> = {water: 'lake', river: 'river', reservoir: 'lake', basin: 'lake', dock: 'dock', pool: 'swimming_pool'};

/** First zoom of each road class, and of each railway class (OpenMapTiles' transportation zoom rules). */
export const ROAD_MINZOOM: Record<string, number> = {
    motorway: 4, trunk: 5, primary: 7, secondary: 9, tertiary: 11, minor: 13, service: 13, track: 14, path: 14, pedestrian: 13
};
export const RAIL_MINZOOM: Record<string, number> = {rail: 9, narrow_gauge: 11, funicular: 11, light_rail: 11, subway: 11, tram: 13, monorail: 11};
export const TRANSIT_RAIL = new Set(['light_rail', 'subway', 'tram', 'monorail']);
export const WATERWAY_MINZOOM: Record<string, number> = {river: 8, canal: 9, stream: 13, ditch: 13};

/** First zoom of a boundary of an admin level in the region's data (national borders at zooms 0–5 come from Natural Earth, tiles/natural-earth.ts). */
export function boundaryMinZoom(level: number): number {
    if (level <= 2) return 0;
    if (level <= 4) return 2;
    if (level <= 6) return 7;
    if (level <= 8) return 10;
    return 99;
}

/** Place types (geocode/places.ts PLACE_TYPES) → [class, first zoom]. */
export const PLACE_AS: Record<string, [string, number]> = {
    city: ['city', 4], town: ['town', 7], village: ['village', 10], municipality: ['town', 9], hamlet: ['hamlet', 13],
    suburb: ['suburb', 11], borough: ['borough', 11], quarter: ['quarter', 13], neighbourhood: ['neighbourhood', 14],
    isolated_dwelling: ['isolated_dwelling', 14], island: ['island', 10], islet: ['island', 13], locality: ['locality', 14]
};

/**
 * OpenMapTiles' poi_class_rank: the order in which POIs of a label-grid cell are ranked (lower first),
 * 1000 for classes not listed.
 */
export const POI_CLASS_RANK: Record<string, number> = {
    hospital: 20, railway: 40, bus: 50, attraction: 70, harbor: 75, college: 80, school: 85, stadium: 90, zoo: 95, town_hall: 100,
    campsite: 110, cemetery: 115, park: 120, library: 130, police: 135, post: 140, golf: 150, shop: 400, grocery: 500, fast_food: 600,
    clothing_store: 700, bar: 800
};

/** OSM value → OpenMapTiles POI class, where they differ (the rest keep the value as class). */
export const POI_CLASS: Record<string, string> = {
    supermarket: 'grocery', convenience: 'grocery', greengrocer: 'grocery', deli: 'grocery', hotel: 'lodging', hostel: 'lodging',
    guest_house: 'lodging', motel: 'lodging', camp_site: 'campsite', university: 'college', college: 'college', kindergarten: 'school',
    bus_stop: 'bus', bus_station: 'bus', station: 'railway', halt: 'railway', tram_stop: 'railway', subway_entrance: 'entrance',
    pub: 'beer', bar: 'bar', biergarten: 'beer', fast_food: 'fast_food', food_court: 'fast_food', ice_cream: 'ice_cream',
    clothes: 'clothing_store', boutique: 'clothing_store', fashion: 'clothing_store', shoes: 'shoe_store', mall: 'shop',
    department_store: 'shop', bicycle: 'bicycle', bicycle_rental: 'bicycle_rental', car: 'car', fuel: 'fuel', parking: 'parking',
    bicycle_parking: 'bicycle_parking', doctors: 'doctors', dentist: 'dentist', clinic: 'doctors', hospital: 'hospital',
    pharmacy: 'pharmacy', chemist: 'pharmacy', place_of_worship: 'place_of_worship', townhall: 'town_hall', museum: 'museum',
    gallery: 'art_gallery', attraction: 'attraction', viewpoint: 'attraction', theatre: 'theatre', cinema: 'cinema',
    library: 'library', post_office: 'post', post_box: 'post', bank: 'bank', atm: 'atm', police: 'police',
    fire_station: 'fire_station', park: 'park', garden: 'garden', playground: 'playground', stadium: 'stadium',
    sports_centre: 'sports_centre', swimming_pool: 'swimming_pool', zoo: 'zoo', castle: 'castle', monument: 'monument',
    memorial: 'monument', bakery: 'bakery', butcher: 'butcher', books: 'books', hairdresser: 'hairdresser', florist: 'florist',
    jewelry: 'jewelry', toys: 'toys', alcohol: 'alcohol_shop', beverages: 'alcohol_shop', wine: 'alcohol_shop',
    laundry: 'laundry', dry_cleaning: 'laundry', veterinary: 'veterinary', restaurant: 'restaurant', cafe: 'cafe'
};

/** Keys of POIs that go to other layers than poi. */
export const AERODROME_KEY = 'aeroway=aerodrome';
export const PEAK_KEYS: Record<string, string> = {'natural=peak': 'peak', 'natural=volcano': 'volcano', 'natural=saddle': 'saddle'};
