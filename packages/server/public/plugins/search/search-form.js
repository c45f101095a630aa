// The search form on the map (PLUGINS.md §2): by travel time from an address, a zone drawn by hand,
// by lifestyle, one tab each. It runs the same searches as YatmoSearch.search (searches.js).
import {h} from '../lib/escape.js';
import {labelsFor, travelModesIn, withValues} from '../lib/labels.js';
import {MAX_CATEGORIES} from './searches.js';
import {addressInput} from './address-input.js';
import {minutesAndMode, statusLine, tabs} from './form-fields.js';
import {categoryChecks, lifestyleCategories} from './lifestyle-fields.js';
import {createZoneDrawing} from './zone-draw.js';

/**
 * `searches`: searches.js; `defaults`: {minutes, mode}; `categories`: /categories' answer; `near()`:
 * where address suggestions start. Returns {element, zone (the drawing), collapse(), show({shape, meta})}: show
 * puts a search made by script (YatmoSearch.search) in the form, as if it had been made there.
 */
export function searchForm(options) {
    const words = labelsFor(options.api.language);
    const status = statusLine();
    const toggle = h('button', {type: 'button', class: 'qs-panel-toggle', 'aria-expanded': 'true'}, words.search, h('span', {'aria-hidden': 'true'}, ' ▴'));
    const body = h('div', {class: 'qs-body'});
    const element = h('section', {class: 'qs-panel', 'aria-label': words.searchPanel}, toggle, body);
    const fold = (collapsed) => {
        element.classList.toggle('qs-collapsed', collapsed);
        toggle.setAttribute('aria-expanded', String(!collapsed));
        toggle.lastChild.textContent = collapsed ? ' ▾' : ' ▴';
    };
    toggle.addEventListener('click', () => fold(!element.classList.contains('qs-collapsed')));
    // On a phone the open form hides most of the map: folded to draw a zone and to show a result.
    const foldWhenNarrow = () => {
        if (element.closest('.qs-narrow')) fold(true);
    };
    /** A search's outcome in the status line: an area drawn, or nothing reachable. */
    const sayOutcome = ({shape}) => status.say(shape.coordinates.length ? words.areaDrawn : words.nothingReachable);
    /** Runs a search from a button: disabled meanwhile, the outcome in the status line. */
    const run = async (button, job) => {
        button.disabled = true;
        status.say(words.searching);
        try {
            sayOutcome(await job());
            foldWhenNarrow();
        } catch (err) {
            if (!/newer search/.test(err.message)) status.say(err.message, true);
        } finally {
            button.disabled = false;
        }
    };

    const parts = {...options, words, run, status, foldWhenNarrow};
    const zone = zonePanel(parts), travel = travelPanel(parts), life = lifestylePanel(parts);
    const clearButton = h('button', {type: 'button', class: 'qs-button qs-secondary'}, words.clear);
    clearButton.addEventListener('click', () => {
        zone.drawing.cancel();
        options.searches.clear();
        status.say('');
    });
    // Another tab: a zone being drawn is dropped, and the last tab's message does not stay under this one.
    const leaveZone = () => {
        zone.drawing.cancel();
        status.say('');
    };
    const tabList = tabs([
        {id: 'travel', title: words.tabTravel, element: travel.element, onShow: leaveZone},
        {id: 'zone', title: words.tabZone, element: zone.element, onShow: () => status.say('')},
        {id: 'lifestyle', title: words.tabLifestyle, element: life.element, onShow: leaveZone}
    ], 'qs-search', words.search);
    body.append(...tabList.element, h('div', {class: 'qs-tabpanel qs-after'}, status.element, h('div', {class: 'qs-actions'}, clearButton)));
    /** A search by script in its tab's fields, its outcome in the status line (a zone by script does not exist). */
    const byType = {travelTime: {tab: 0, panel: travel}, lifestyle: {tab: 2, panel: life}};
    function show(found) {
        const kind = byType[found.meta.type];
        if (!kind) return;
        tabList.select(kind.tab, false);
        kind.panel.show(found.meta);
        sayOutcome(found);
    }
    return {element, zone: zone.drawing, collapse: () => fold(true), show};
}

/**
 * Travel time: an address (picked among the suggestions, else the first found), minutes, mode. Returns {element,
 * show(meta)}: a search's origin as the place picked (its address, else its coordinates), its minutes and mode.
 */
function travelPanel({api, words, searches, defaults, near, run}) {
    const address = addressInput({label: words.fromAddress, placeholder: words.addressPlaceholder, search: (text) => api.geocode(text, near())});
    const fields = minutesAndMode('qs-travel', defaults, travelModesIn(api.country), api.language);
    const button = h('button', {type: 'submit', class: 'qs-button'}, words.search);
    const form = h('form', {class: 'qs-travel', 'aria-label': words.searchByTime}, address.element, fields.element, h('div', {class: 'qs-actions'}, button));
    form.addEventListener('submit', (e) => {
        e.preventDefault();
        const minutes = fields.minutes(), mode = fields.mode(), text = address.input.value.trim();
        run(button, async () => {
            if (!text) throw new Error(words.typeAddress);
            const place = address.picked() ?? await searches.geocodeFirst(text, withValues(words.noPlace, {text: text.slice(0, 80)}));
            // A search by script from coordinates shows them as its place's label; its address stays none.
            const origin = 'address' in place ? place.address : place.label;
            return searches.travelTime({latitude: place.latitude, longitude: place.longitude, address: origin}, minutes, mode);
        });
    });
    function show({origin, minutes, travelMode}) {
        const {latitude, longitude} = origin;
        address.set({latitude, longitude, address: origin.address, label: origin.address ?? `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`});
        fields.set(minutes, travelMode);
    }
    return {element: form, show};
}

/** A zone drawn by hand: Draw, then corners on the map; Finish or Cancel. Returns {element, drawing}. */
function zonePanel({map, words, accentColor, searches, run, status, foldWhenNarrow}) {
    const drawButton = h('button', {type: 'button', class: 'qs-button'}, words.drawZone);
    const finishButton = h('button', {type: 'button', class: 'qs-button', disabled: true}, words.finish);
    const cancelButton = h('button', {type: 'button', class: 'qs-button qs-secondary', disabled: true}, words.cancel);
    const drawing = createZoneDrawing(map, accentColor, {
        onChange(count) {
            const active = Boolean(drawing?.drawing());
            finishButton.disabled = count < 3;
            cancelButton.disabled = !active;
            drawButton.disabled = active;
            if (active) status.say(withValues(count < 3 ? words.cornerOf : words.corners, {n: count}));
        },
        onDone: (points) => run(finishButton, async () => searches.zone(points)),
        onCancel: () => status.say(words.drawingCancelled)
    });
    drawButton.addEventListener('click', () => {
        drawing.start();
        foldWhenNarrow();
    });
    finishButton.addEventListener('click', () => drawing.finish());
    cancelButton.addEventListener('click', () => drawing.cancel());
    const element = h('div', {},
        h('p', {class: 'qs-hint'}, words.zoneHint),
        h('div', {class: 'qs-actions'}, drawButton, finishButton, cancelButton));
    return {element, drawing};
}

/** Lifestyle: the categories ticked, minutes, a mode, over the map's view. Returns {element, show(meta)}. */
function lifestylePanel({api, words, searches, defaults, categories, run}) {
    const fields = minutesAndMode('qs-life', {minutes: Math.min(defaults.minutes, 15), mode: defaults.mode}, travelModesIn(api.country), api.language);
    const button = h('button', {type: 'submit', class: 'qs-button'}, words.searchInView);
    const checks = categoryChecks(lifestyleCategories(api, categories), 'qs-life-cat', words);
    const form = h('form', {'aria-label': words.searchByLifestyle}, checks.element, fields.element,
        h('p', {class: 'qs-hint'}, words.lifestyleHint), h('div', {class: 'qs-actions'}, button));
    form.addEventListener('submit', (e) => {
        e.preventDefault();
        const keys = checks.checked(), minutes = fields.minutes(), mode = fields.mode();
        run(button, async () => {
            if (!keys.length || keys.length > MAX_CATEGORIES) throw new Error(withValues(words.tickCategories, {n: MAX_CATEGORIES}));
            return searches.lifestyle(keys, minutes, mode, null);
        });
    });
    function show({categories, minutes, travelMode}) {
        checks.set(categories);
        fields.set(minutes, travelMode);
    }
    return {element: form, show};
}
