// map_v3.js (PLUGINS.md §2): the map in the portal's element, configured by yatmoConfig.
import {createApi} from '../lib/api.js';
import {createMap} from '../lib/map.js';

export async function start({base, pathCountry, config}) {
    const element = document.getElementById(config.container);
    if (!element) throw new Error(`no element with id "${config.container}" for the map (yatmoConfig.container)`);
    const api = createApi({base, country: config.country ?? pathCountry ?? '', key: config.licenseKey, language: config.language ?? 'EN'});
    const {map} = await createMap(element, api, {center: config.center, zoom: config.zoom ?? 14, mapStyle: config.mapStyle, accentColor: config.accentColor});
    return {
        map,
        setListings() {},
        search() { return Promise.reject(new Error('not yet')); },
        clear() {}
    };
}
