// Small pieces of the search form: labelled minutes and mode fields, a status line, a tab list.
import {h} from '../lib/escape.js';
import {labelsFor} from '../lib/labels.js';
import {MAX_MINUTES, MIN_MINUTES} from './searches.js';

/**
 * Minutes and mode side by side (`modes`: the modes offered, `language`: their words); returns {element, minutes(),
 * mode(), set(minutes, mode)}.
 */
export function minutesAndMode(idPrefix, defaults, modes, language) {
    const words = labelsFor(language);
    const minutes = h('input', {id: `${idPrefix}-minutes`, type: 'number', min: MIN_MINUTES, max: MAX_MINUTES, step: 1, inputmode: 'numeric', value: defaults.minutes, required: true});
    const mode = h('select', {id: `${idPrefix}-mode`}, modes.map((m) => h('option', {value: m, selected: m === defaults.mode}, words[m])));
    const element = h('div', {class: 'qs-row'},
        h('label', {class: 'qs-field', for: minutes.id}, h('span', {}, words.minutesLabel), minutes),
        h('label', {class: 'qs-field', for: mode.id}, h('span', {}, words.mode), mode));
    return {
        element, minutes: () => Number(minutes.value), mode: () => mode.value,
        set(m, travelMode) {
            minutes.value = String(m);
            if (modes.includes(travelMode)) mode.value = travelMode;
        }
    };
}

/** A polite live line for progress and errors. */
export function statusLine() {
    const element = h('p', {class: 'qs-status', role: 'status', 'aria-live': 'polite'});
    return {
        element,
        say(text, isError = false) {
            element.textContent = text;
            element.classList.toggle('qs-error', isError);
        }
    };
}

/** Tabs (the ARIA tabs pattern, arrows move between them); `panels`: [{id, title, element}]; `label`: the tab list's name. */
export function tabs(panels, idPrefix, label) {
    const buttons = panels.map((p, i) => h('button', {
        type: 'button', class: 'qs-tab', role: 'tab', id: `${idPrefix}-tab-${p.id}`,
        'aria-controls': `${idPrefix}-panel-${p.id}`, 'aria-selected': String(i === 0), tabindex: i === 0 ? '0' : '-1'
    }, p.title));
    const bodies = panels.map((p, i) => h('div', {class: 'qs-tabpanel', role: 'tabpanel', id: `${idPrefix}-panel-${p.id}`, 'aria-labelledby': buttons[i].id, hidden: i !== 0}, p.element));
    function select(i, focus) {
        buttons.forEach((b, k) => {
            b.setAttribute('aria-selected', String(k === i));
            b.tabIndex = k === i ? 0 : -1;
            bodies[k].hidden = k !== i;
        });
        if (focus) buttons[i].focus();
        panels[i].onShow?.();
    }
    buttons.forEach((b, i) => {
        b.addEventListener('click', () => select(i, false));
        b.addEventListener('keydown', (e) => {
            const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
            if (step) select((i + step + buttons.length) % buttons.length, true);
        });
    });
    return {element: [h('div', {class: 'qs-tabs', role: 'tablist', 'aria-label': label}, buttons), ...bodies], select};
}
