// Parts of map_v3.js's page: the favourites panel, the search panel's size, and the map as the route
// module sees it (clicks that belong to our own layers or to a zone being drawn are not passed on).
import {h} from '../lib/escape.js';
import {favouriteTexts} from '../lib/labels.js';

/**
 * The map with `on('click', fn)` / `off('click', fn)` filtered: fn is not called when skip(e) is
 * true. lib/route-from.js routes to any clicked place; here a click may draw a zone or open a card.
 */
export function guardClicks(map, skip) {
    const wrapped = new WeakMap();
    const wrap = (fn) => {
        if (!wrapped.has(fn)) wrapped.set(fn, (e) => { if (!skip(e)) fn(e); });
        return wrapped.get(fn);
    };
    return new Proxy(map, {
        get(target, name) {
            if (name === 'on' || name === 'off') {
                return (type, ...rest) => {
                    const last = rest.length - 1;
                    if (type === 'click' && typeof rest[last] === 'function') rest[last] = wrap(rest[last]);
                    return target[name](type, ...rest);
                };
            }
            const value = target[name];
            return typeof value === 'function' ? value.bind(target) : value;
        }
    });
}

/** The favourites (lib/favourites.js, loaded only when the page has userAddresses) in a panel that opens and closes. */
export function mountFavouritesPanel(root, options) {
    const body = h('div', {class: 'qs-side-body'});
    const panel = h('details', {class: 'qs-side'}, h('summary', {class: 'qs-side-title'}, options.words.yourAddresses), body);
    root.append(panel);
    import('../lib/favourites.js').then(({mountFavourites}) => mountFavourites(body, {...options, texts: favouriteTexts(options.words)})).catch((err) => {
        console.error('quartier map_v3.js: favourites:', err);
        body.replaceChildren(h('p', {class: 'qs-status qs-error'}, options.words.addressesFailed));
    });
}

/** Keeps the search panel inside the map (its control corner has no size of its own); narrow maps start with it folded. */
export function fitPanel(map, root, form) {
    const fit = () => {
        form.element.style.maxWidth = `${Math.max(200, root.clientWidth - 70)}px`;
        const top = form.element.getBoundingClientRect().top - root.getBoundingClientRect().top;
        form.element.style.maxHeight = `${Math.max(120, root.clientHeight - top - 30)}px`;
    };
    if (root.clientWidth < 520) form.collapse();
    map.on('resize', fit);
    fit();
}
