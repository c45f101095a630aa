// The search form on the map (PLUGINS.md §2): by travel time from an address, a zone drawn by hand,
// by lifestyle, one tab each. It runs the same searches as YatmoSearch.search (searches.js).
import {h} from '../lib/escape.js';
import {TRAVEL_MODES} from '../lib/labels.js';
import {MAX_CATEGORIES} from './searches.js';
import {addressInput} from './address-input.js';
import {minutesAndMode, statusLine, tabs} from './form-fields.js';
import {categoryChecks, lifestyleCategories} from './lifestyle-fields.js';
import {createZoneDrawing} from './zone-draw.js';

/**
 * `searches`: searches.js; `defaults`: {minutes, mode}; `categories`: /categories' answer; `near()`:
 * where address suggestions start. Returns {element, zone (the drawing), collapse()}.
 */
export function searchForm(options) {
    const status = statusLine();
    const toggle = h('button', {type: 'button', class: 'qs-panel-toggle', 'aria-expanded': 'true'}, 'Search', h('span', {'aria-hidden': 'true'}, ' ▴'));
    const body = h('div', {class: 'qs-body'});
    const element = h('section', {class: 'qs-panel', 'aria-label': 'Search the map'}, toggle, body);
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
    /** Runs a search from a button: disabled meanwhile, the outcome in the status line. */
    const run = async (button, job) => {
        button.disabled = true;
        status.say('Searching…');
        try {
            const {shape} = await job();
            status.say(shape.coordinates.length ? 'Area drawn on the map.' : 'Nothing is reachable within that time.');
            foldWhenNarrow();
        } catch (err) {
            if (!/newer search/.test(err.message)) status.say(err.message, true);
        } finally {
            button.disabled = false;
        }
    };

    const parts = {...options, run, status, foldWhenNarrow};
    const zone = zonePanel(parts);
    const clearButton = h('button', {type: 'button', class: 'qs-button qs-secondary'}, 'Clear');
    clearButton.addEventListener('click', () => {
        zone.drawing.cancel();
        options.searches.clear();
        status.say('');
    });
    const tabList = tabs([
        {id: 'travel', title: 'Travel time', element: travelPanel(parts), onShow: () => zone.drawing.cancel()},
        {id: 'zone', title: 'Zone', element: zone.element},
        {id: 'lifestyle', title: 'Lifestyle', element: lifestylePanel(parts), onShow: () => zone.drawing.cancel()}
    ], 'qs-search');
    body.append(...tabList.element, h('div', {class: 'qs-tabpanel qs-after'}, status.element, h('div', {class: 'qs-actions'}, clearButton)));
    return {element, zone: zone.drawing, collapse: () => fold(true)};
}

/** Travel time: an address (picked among the suggestions, else the first found), minutes, mode. */
function travelPanel({api, searches, defaults, near, run}) {
    const address = addressInput({label: 'From address', placeholder: 'Street and number, place…', search: (text) => api.geocode(text, near())});
    const fields = minutesAndMode('qs-travel', defaults, TRAVEL_MODES, api.language);
    const button = h('button', {type: 'submit', class: 'qs-button'}, 'Search');
    const form = h('form', {class: 'qs-travel', 'aria-label': 'Search by travel time'}, address.element, fields.element, h('div', {class: 'qs-actions'}, button));
    form.addEventListener('submit', (e) => {
        e.preventDefault();
        const minutes = fields.minutes(), mode = fields.mode(), text = address.input.value.trim();
        run(button, async () => {
            if (!text) throw new Error('Type an address first.');
            const place = address.picked() ?? await searches.geocodeFirst(text);
            return searches.travelTime({latitude: place.latitude, longitude: place.longitude, address: place.label}, minutes, mode);
        });
    });
    return form;
}

/** A zone drawn by hand: Draw, then corners on the map; Finish or Cancel. Returns {element, drawing}. */
function zonePanel({map, accentColor, searches, run, status, foldWhenNarrow}) {
    const drawButton = h('button', {type: 'button', class: 'qs-button'}, 'Draw a zone');
    const finishButton = h('button', {type: 'button', class: 'qs-button', disabled: true}, 'Finish');
    const cancelButton = h('button', {type: 'button', class: 'qs-button qs-secondary', disabled: true}, 'Cancel');
    const drawing = createZoneDrawing(map, accentColor, {
        onChange(count) {
            const active = Boolean(drawing?.drawing());
            finishButton.disabled = count < 3;
            cancelButton.disabled = !active;
            drawButton.disabled = active;
            if (active) status.say(count < 3 ? `Corner ${count} of at least 3: tap the map.` : `${count} corners: double-click, tap the first corner or Finish.`);
        },
        onDone: (points) => run(finishButton, async () => searches.zone(points)),
        onCancel: () => status.say('Drawing cancelled.')
    });
    drawButton.addEventListener('click', () => {
        drawing.start();
        foldWhenNarrow();
    });
    finishButton.addEventListener('click', () => drawing.finish());
    cancelButton.addEventListener('click', () => drawing.cancel());
    const element = h('div', {},
        h('p', {class: 'qs-hint'}, 'Click or tap the map to place the corners of your zone. Double-click, tap the first corner or press Finish to close it; Escape cancels.'),
        h('div', {class: 'qs-actions'}, drawButton, finishButton, cancelButton));
    return {element, drawing};
}

/** Lifestyle: the categories ticked, minutes, a mode, over the map's view. */
function lifestylePanel({api, searches, defaults, categories, run}) {
    const fields = minutesAndMode('qs-life', {minutes: Math.min(defaults.minutes, 15), mode: defaults.mode}, TRAVEL_MODES, api.language);
    const button = h('button', {type: 'submit', class: 'qs-button'}, 'Search in view');
    const checks = categoryChecks(lifestyleCategories(api, categories), 'qs-life-cat');
    const form = h('form', {'aria-label': 'Search by lifestyle'}, checks.element, fields.element,
        h('p', {class: 'qs-hint'}, 'The area in the map\'s view from which the nearest place of each is within the time.'), h('div', {class: 'qs-actions'}, button));
    form.addEventListener('submit', (e) => {
        e.preventDefault();
        const keys = checks.checked(), minutes = fields.minutes(), mode = fields.mode();
        run(button, async () => {
            if (!keys.length || keys.length > MAX_CATEGORIES) throw new Error(`Tick 1 to ${MAX_CATEGORIES} categories.`);
            return searches.lifestyle(keys, minutes, mode, null);
        });
    });
    return form;
}
