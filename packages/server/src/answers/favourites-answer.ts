// The favourites' answers (docs/api/favourites.md): one favourite, the list, and the list with the
// travel times from a property. The text is the visitor's: JSON.stringify escapes it.
import type {Favourite} from '../favourites/favourite-store.js';
import type {ModeName, Trip} from '../favourites/favourite-times.js';

interface FavouriteJson {
    Id: string;
    Label: string;
    Address: string;
    Latitude: number;
    Longitude: number;
}

function favouriteJson(f: Favourite): FavouriteJson {
    return {Id: f.id, Label: f.label, Address: f.address, Latitude: f.latitude, Longitude: f.longitude};
}

/** POST's 201: the favourite saved. */
export function favouriteAnswer(f: Favourite): string {
    return JSON.stringify(favouriteJson(f));
}

/** GET /favourites: {"Favourites": [...]}, in the order they were added. */
export function favouriteListAnswer(list: Favourite[]): string {
    return JSON.stringify({Favourites: list.map(favouriteJson)});
}

/** GET /favourites/times: each favourite with its trips, whole seconds and metres (null: no route). */
export function favouriteTimesAnswer(list: Favourite[], times: Record<ModeName, Trip>[]): string {
    return JSON.stringify({
        Favourites: list.map((f, i) => {
            const Times: Record<string, {Seconds: number; Meters: number} | null> = {};
            for (const [mode, trip] of Object.entries(times[i])) Times[mode] = trip && {Seconds: Math.round(trip.seconds), Meters: Math.round(trip.meters)};
            return {...favouriteJson(f), Times};
        })
    });
}
