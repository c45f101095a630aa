// The search form on the map (PLUGINS.md §2): by travel time from an address, a zone drawn by hand,
// by lifestyle. It runs the same searches as YatmoSearch.search (searches.js).
import {h} from '../lib/escape.js';
import {TRAVEL_MODES} from '../lib/labels.js';
import {LIFESTYLE_MODES, MAX_CATEGORIES} from './searches.js';
import {addressInput} from './address-input.js';
import {minutesAndMode, statusLine, tabs} from './form-fields.js';
import {categoryChecks, lifestyleCategories} from './lifestyle-fields.js';
import {createZoneDrawing} from './zone-draw.js';

/** `searches`: searches.js; `defaults`: {minutes, mode}; `categories`: /categories' answer. Returns {element, zone (the drawing)}. */
export function searchForm({api, map, accentColor, searches, defaults, near, categories}) {
    const status = statusLine();
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

    // By travel time.
    const address = addressInput({label: 'From address', placeholder: 'Street and number, place…', search: (text) => api.geocode(text, near())});
    const travel = minutesAndMode('qs-travel', defaults, TRAVEL_MODES, api.language);
    const travelButton = h('button', {type: 'submit', class: 'qs-button'}, 'Search');
    const travelForm = h('form', {class: 'qs-travel', 'aria-label': 'Search by travel time'}, address.element, travel.element, h('div', {class: 'qs-actions'}, travelButton));
    travelForm.addEventListener('submit', (e) => {
        e.preventDefault();
        const minutes = travel.minutes(), mode = travel.mode();
        run(travelButton, async () => {
            const text = address.input.value.trim();
            if (!text) throw new Error('Type an address first.');
            const place = address.picked() ?? await searches.geocodeFirst(text);
            return searches.travelTime({latitude: place.latitude, longitude: place.longitude, address: place.label}, minutes, mode);
        });
    });

    // A zone drawn by hand.
    const drawButton = h('button', {type: 'button', class: 'qs-button'}, 'Draw a zone');
    const finishButton = h('button', {type: 'button', class: 'qs-button', disabled: true}, 'Finish');
    const cancelButton = h('button', {type: 'button', class: 'qs-button qs-secondary', disabled: true}, 'Cancel');
    const zone = createZoneDrawing(map, accentColor, {
        onChange(count) {
            finishButton.disabled = count < 3;
            cancelButton.disabled = !zone?.drawing();
            drawButton.disabled = Boolean(zone?.drawing());
            if (zone?.drawing()) status.say(count < 3 ? `Corner ${count} of at least 3: tap the map.` : `${count} corners: double-click, tap the first corner or Finish.`);
        },
        onDone(points) {
            run(finishButton, async () => searches.zone(points));
        },
        onCancel: () => status.say('Drawing cancelled.')
    });
    drawButton.addEventListener('click', () => {
        zone.start();
        foldWhenNarrow();
    });
    finishButton.addEventListener('click', () => zone.finish());
    cancelButton.addEventListener('click', () => zone.cancel());
    const zonePanel = h('div', {},
        h('p', {class: 'qs-hint'}, 'Click or tap the map to place the corners of your zone. Double-click, tap the first corner or press Finish to close it; Escape cancels.'),
        h('div', {class: 'qs-actions'}, drawButton, finishButton, cancelButton));

    // By lifestyle.
    const lifestyle = minutesAndMode('qs-life', {minutes: Math.min(defaults.minutes, 15), mode: defaults.mode}, LIFESTYLE_MODES, api.language);
    const lifeButton = h('button', {type: 'submit', class: 'qs-button'}, 'Search in view');
    const checks = categoryChecks(lifestyleCategories(api, categories), 'qs-life-cat');
    const lifeForm = h('form', {'aria-label': 'Search by lifestyle'}, checks.element, lifestyle.element,
        h('p', {class: 'qs-hint'}, 'The area in the map\'s view from which the nearest place of each is within the time.'), h('div', {class: 'qs-actions'}, lifeButton));
    lifeForm.addEventListener('submit', (e) => {
        e.preventDefault();
        const keys = checks.checked();
        const minutes = lifestyle.minutes(), mode = lifestyle.mode();
        run(lifeButton, async () => {
            if (!keys.length || keys.length > MAX_CATEGORIES) throw new Error(`Tick 1 to ${MAX_CATEGORIES} categories.`);
            return searches.lifestyle(keys, minutes, mode, null);
        });
    });
    const clearButton = h('button', {type: 'button', class: 'qs-button qs-secondary'}, 'Clear');
    clearButton.addEventListener('click', () => { zone.cancel(); searches.clear(); status.say(''); });
    const tabList = tabs([
        {id: 'travel', title: 'Travel time', element: travelForm, onShow: () => zone.cancel()},
        {id: 'zone', title: 'Zone', element: zonePanel},
        {id: 'lifestyle', title: 'Lifestyle', element: lifeForm, onShow: () => zone.cancel()}
    ], 'qs-search');
    const body = h('div', {class: 'qs-body'}, tabList.element, h('div', {class: 'qs-tabpanel', style: {paddingTop: '0'}}, status.element, h('div', {class: 'qs-actions'}, clearButton)));
    const toggle = h('button', {type: 'button', class: 'qs-panel-toggle', 'aria-expanded': 'true'}, 'Search ▴');
    const element = h('section', {class: 'qs-panel', 'aria-label': 'Search the map'}, toggle, body);
    const fold = (collapsed) => {
        element.classList.toggle('qs-collapsed', collapsed);
        toggle.setAttribute('aria-expanded', String(!collapsed));
        toggle.textContent = collapsed ? 'Search ▾' : 'Search ▴';
    };
    toggle.addEventListener('click', () => fold(!element.classList.contains('qs-collapsed')));
    // On a phone the open form hides most of the map: folded to draw a zone and to show a result.
    function foldWhenNarrow() {
        if (element.closest('.qs-narrow')) fold(true);
    }
    return {element, zone, collapse: () => fold(true)};
}
