// The nearest places by category (/summary, SPEC §2.2) as plain semantic HTML with qs- classes:
// a section per category (its heading, a list of places: kind, name, distance, the time by each mode
// the category has), or the same split into keyboard-accessible tabs. Used by plugin.html's summary
// modes and by summary.js. Every data string goes in as text.
import {h} from './escape.js';

/** Trip modes of the summary (`tm`): 1 car, 2 walk, 3 bike, 4 public transport. */
const MODE_KEYS = {1: 'driving', 2: 'walking', 3: 'bicycling', 4: 'transit'};
let instances = 0;

/**
 * The summary as a list of category sections. Options: `base` (the map host, for the icons; none: no
 * icons), `headingLevel` (2–6, default 3), `onPlace(place)` (makes each name a button, e.g. to
 * route to it: place = {latitude, longitude, name}), `emptyText`.
 */
export function summaryList(answer, options = {}) {
    const categories = summaryCategories(answer);
    if (categories.length === 0) return h('p', {class: 'qs-empty'}, options.emptyText ?? 'Nothing was found nearby.');
    return h('div', {class: 'qs-summary'}, categories.map((c) => categorySection(c, options, true)));
}

/**
 * The summary split into tabs by category (WAI-ARIA tabs: arrow keys, Home and End move between tabs,
 * one tab stop). Same options as summaryList.
 */
export function summaryTabs(answer, options = {}) {
    const categories = summaryCategories(answer);
    if (categories.length === 0) return h('p', {class: 'qs-empty'}, options.emptyText ?? 'Nothing was found nearby.');
    const id = `qs-tabs-${++instances}`;
    const tabs = [], panels = [];
    categories.forEach((c, i) => {
        const tab = h('button', {type: 'button', role: 'tab', id: `${id}-tab-${i}`, class: 'qs-tab', 'aria-controls': `${id}-panel-${i}`, 'aria-selected': String(i === 0), tabindex: i === 0 ? '0' : '-1'}, c.label);
        const panel = categorySection(c, options, false);
        Object.assign(panel, {id: `${id}-panel-${i}`, hidden: i !== 0});
        panel.setAttribute('role', 'tabpanel');
        panel.setAttribute('aria-labelledby', tab.id);
        panel.tabIndex = 0;
        tabs.push(tab);
        panels.push(panel);
    });
    const select = (index, focus) => {
        tabs.forEach((tab, i) => {
            tab.setAttribute('aria-selected', String(i === index));
            tab.tabIndex = i === index ? 0 : -1;
            panels[i].hidden = i !== index;
        });
        if (focus) tabs[index].focus();
    };
    const tablist = h('div', {role: 'tablist', class: 'qs-tablist', 'aria-label': options.tabsLabel ?? 'Categories'}, tabs);
    tablist.addEventListener('click', (e) => {
        const i = tabs.indexOf(e.target.closest('[role="tab"]'));
        if (i >= 0) select(i, false);
    });
    tablist.addEventListener('keydown', (e) => {
        const current = tabs.indexOf(document.activeElement);
        if (current < 0) return;
        const next = {ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: tabs.length - 1}[e.key];
        if (next === undefined) return;
        e.preventDefault();
        select((next + tabs.length) % tabs.length, true);
    });
    return h('div', {class: 'qs-summary qs-summary-tabs'}, tablist, panels);
}

/** The answer's categories as {id, label, places: [{kind, name, icon, latitude, longitude, trips}]}. */
export function summaryCategories(answer) {
    const out = [];
    for (const c of answer?.AvailableCategoriesAroundPosition ?? []) {
        const places = [];
        for (const s of c.sc ?? []) {
            for (const d of s.d ?? []) places.push(placeOf(s, d));
        }
        if (places.length > 0) out.push({id: c.ct, label: c.l, places});
    }
    return out;
}

function placeOf(sub, d) {
    const trips = (d.td ?? []).map((t) => ({mode: MODE_KEYS[t.tm] ?? String(t.tm), label: t.ttm, time: t.ttsl, distance: t.ptdsl}));
    // The distance on foot when the category has it (the one a visitor thinks of), else the first trip's.
    const walk = trips.find((t) => t.mode === 'walking') ?? trips[0];
    return {kind: sub.lb ?? sub.l, name: d.n ?? '', icon: d.i, latitude: d.la, longitude: d.lo, distance: walk?.distance ?? '', trips};
}

function categorySection(category, options, withHeading) {
    const level = Math.min(6, Math.max(2, options.headingLevel ?? 3));
    return h('section', {class: 'qs-category', 'data-category': String(category.id)},
        withHeading ? h(`h${level}`, {class: 'qs-category-title'}, category.label) : null,
        h('ul', {class: 'qs-places'}, category.places.map((p) => placeItem(p, options))));
}

function placeItem(place, options) {
    const name = options.onPlace && place.name
        ? h('button', {type: 'button', class: 'qs-name', onclick: () => options.onPlace(place), title: options.placeActionLabel}, place.name)
        : h('span', {class: 'qs-name'}, place.name);
    return h('li', {class: 'qs-place'},
        options.base && place.icon ? h('img', {class: 'qs-icon', src: `${options.base}/icons24/${encodeURIComponent(place.icon)}@2x.png`, alt: '', width: 24, height: 24, loading: 'lazy'}) : null,
        h('span', {class: 'qs-what'}, h('span', {class: 'qs-kind'}, place.kind), place.name ? name : null),
        h('span', {class: 'qs-distance'}, place.distance),
        h('ul', {class: 'qs-trips'}, place.trips.map((t) =>
            h('li', {class: 'qs-trip', 'data-mode': t.mode}, h('span', {class: 'qs-mode'}, t.label), ' ', h('span', {class: 'qs-time'}, t.time)))));
}
