// The geocoding answers' layout (/geolocation/*, COMPAT.md): Photon-style GeoJSON, string
// properties, [lon, lat] rounded to 7 decimals, from the engine's GeocodeResult records.
import type {GeocodeResult} from '@quartier/engine';

export interface PhotonFeature {
    type: 'Feature';
    geometry: {type: 'Point'; coordinates: [number, number]};
    properties: {
        name: string; street: string; housenumber: string; postcode: string; city: string;
        country: string; countrycode: string; type: string; accuracy: string;
    };
}

export interface PhotonFeatureCollection {
    type: 'FeatureCollection';
    features: PhotonFeature[];
}

export function featureCollection(results: GeocodeResult[]): PhotonFeatureCollection {
    return {
        type: 'FeatureCollection',
        features: results.map((r) => ({
            type: 'Feature',
            geometry: {type: 'Point', coordinates: [Math.round(r.lon * 1e7) / 1e7, Math.round(r.lat * 1e7) / 1e7]},
            properties: {
                name: r.name, street: r.street, housenumber: r.housenumber, postcode: r.postcode, city: r.city,
                country: r.country, countrycode: r.countrycode, type: r.type, accuracy: r.accuracy
            }
        }))
    };
}
