// An address field with suggestions (the ARIA 1.2 combobox pattern): typing asks api.geocode near the
// map's centre; arrows move through the suggestions, Enter picks one, Escape closes the list.
import {h} from '../lib/escape.js';

let instances = 0;

/**
 * `search`: (text) => Promise of [{label, latitude, longitude}]; `onPick(place)`: a suggestion chosen.
 * Returns {element, input, picked(): the chosen place or null, set(place): the field showing it as chosen, reset()}.
 */
export function addressInput({label, placeholder, search, onPick}) {
    const id = `qs-address-${++instances}`;
    const input = h('input', {
        id, type: 'text', role: 'combobox', autocomplete: 'off', spellcheck: 'false', placeholder,
        'aria-autocomplete': 'list', 'aria-expanded': 'false', 'aria-controls': `${id}-list`
    });
    const list = h('ul', {id: `${id}-list`, class: 'qs-listbox', role: 'listbox', 'aria-label': label});
    let places = [], active = -1, chosen = null, timer = 0, asked = 0;

    function show(found) {
        places = found;
        active = -1;
        list.replaceChildren(...found.map((place, i) => {
            const option = h('li', {id: `${id}-opt-${i}`, class: 'qs-option', role: 'option', 'aria-selected': 'false'}, place.label);
            // mousedown, not click: the input keeps its focus.
            option.addEventListener('mousedown', (e) => { e.preventDefault(); pick(i); });
            return option;
        }));
        input.setAttribute('aria-expanded', String(found.length > 0));
        input.removeAttribute('aria-activedescendant');
    }
    function highlight(i) {
        active = i;
        [...list.children].forEach((option, k) => option.setAttribute('aria-selected', String(k === i)));
        if (i >= 0) {
            input.setAttribute('aria-activedescendant', `${id}-opt-${i}`);
            list.children[i].scrollIntoView({block: 'nearest'});
        } else input.removeAttribute('aria-activedescendant');
    }
    function pick(i) {
        chosen = places[i];
        input.value = chosen.label;
        show([]);
        onPick?.(chosen);
    }
    async function ask() {
        const text = input.value.trim();
        const mine = ++asked;
        if (text.length < 2) return show([]);
        try {
            const found = await search(text.slice(0, 200));
            if (mine === asked && document.activeElement === input) show(found);
        } catch {
            if (mine === asked) show([]);
        }
    }
    input.addEventListener('input', () => {
        chosen = null;
        clearTimeout(timer);
        timer = setTimeout(ask, 200);
    });
    input.addEventListener('keydown', (e) => {
        if (e.key === 'ArrowDown' && places.length) highlight((active + 1) % places.length);
        else if (e.key === 'ArrowUp' && places.length) highlight((active - 1 + places.length) % places.length);
        else if (e.key === 'Enter' && active >= 0) pick(active);
        else if (e.key === 'Escape' && places.length) show([]);
        else return;
        e.preventDefault();
        e.stopPropagation();
    });
    input.addEventListener('blur', () => setTimeout(() => show([]), 150));

    const element = h('div', {class: 'qs-field'}, h('label', {for: id}, h('span', {}, label)), h('div', {class: 'qs-combo'}, input, list));
    return {
        element, input,
        picked: () => chosen,
        set(place) { chosen = place; input.value = place.label; show([]); },
        reset() { chosen = null; input.value = ''; show([]); }
    };
}
