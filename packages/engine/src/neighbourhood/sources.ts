// What the neighbourhood queries read of a region: its POIs and places, where its data reaches, the
// place a position lies in, and trips by road and public transport. Region hands one to its finder (Region.neighbourhood); the
// neighbourhood does not import region/ (region/ is the roof that opens all of these).
import type {CountryConfig} from '../config/regions.js';
import type {Coverage} from '../coverage/coverage.js';
import type {Geocoder} from '../geocode/index.js';
import type {Places} from '../geocode/places.js';
import type {PoiIndex} from '../poi/poi-index.js';
import type {RoadRouter} from '../route/road-router.js';
import type {TransitNetwork} from '../transit/query/network.js';
import type {TransitRouter} from '../transit/query/router.js';

/** The trips' part: road routes from one origin to many, and public transport when the region has it. */
export interface TripSources {
    readonly router: Pick<RoadRouter, 'snap' | 'measureMany'>;
    readonly transit: TransitNetwork | null;
    readonly transitRouter: Pick<TransitRouter, 'targetsOf' | 'measureFrom'>;
}

/** Everything a NeighbourhoodFinder asks of a region. */
export interface NeighbourhoodSources extends TripSources {
    readonly country: Pick<CountryConfig, 'code'>;
    readonly pois: PoiIndex;
    readonly places: Places;
    readonly coverage: Pick<Coverage, 'dataReachMeters'>;
    readonly geocoder: Pick<Geocoder, 'placeNames'>;
}
