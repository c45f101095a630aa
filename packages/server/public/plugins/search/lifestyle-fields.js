// The lifestyle search's categories: the country's enrichment keys (written by the server into
// lib/served.js), named in the page's language by /categories, a few common ones first.
import {ENRICHMENT_KEYS} from '../lib/served.js';
import {h} from '../lib/escape.js';
import {withValues} from '../lib/labels.js';

/** Shown first, by enrichment key (the same in every country; sub-type numbers are not): school, supermarket, stations, nursery. */
const COMMON = ['Children.ElementarySchool', 'Shopping.Supermarket', 'Transports.TrainStations', 'Transports.Metros', 'Transports.Buses', 'Children.Nursery'];

/** [{key, label, common}] of the country, common ones first, named by `categories` (/categories' answer) when it has them. */
export function lifestyleCategories(api, categories) {
    const entries = ENRICHMENT_KEYS[api.country] ?? [];
    const labels = new Map();
    for (const family of categories ?? []) {
        for (const sub of family.c ?? []) labels.set(String(sub.id).slice(0, 8), sub.l);
    }
    const prefix = (e) => String(e.id).slice(0, 8);
    const rank = (e) => (COMMON.includes(e.key) ? COMMON.indexOf(e.key) : COMMON.length);
    return entries.map((e, i) => ({e, i})).sort((a, b) => rank(a.e) - rank(b.e) || a.i - b.i)
        .map(({e}) => ({key: e.key, label: labels.get(prefix(e)) ?? keyLabel(e.key), common: rank(e) < COMMON.length}));
}

/** "Children.ElementarySchool" → "Elementary school". */
function keyLabel(key) {
    const words = key.split('.').pop().replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
    return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The checkboxes: common ones shown, the others under "More" (`words`: lib/labels.js's). Returns {element, checked():
 * keys, set(keys): those ticked and no other, "More" opened when one of them is there}.
 */
export function categoryChecks(categories, idPrefix, words) {
    const box = (c) => h('label', {class: 'qs-check'}, h('input', {type: 'checkbox', value: c.key, id: `${idPrefix}-${c.key}`}), c.label);
    const common = categories.filter((c) => c.common), others = categories.filter((c) => !c.common);
    const element = h('fieldset', {class: 'qs-checks'},
        h('legend', {class: 'qs-legend'}, words.nearEachOf),
        common.map(box),
        others.length ? h('details', {class: 'qs-more'}, h('summary', {}, withValues(words.more, {n: others.length})), others.map(box)) : null);
    const inputs = () => [...element.querySelectorAll('input[type="checkbox"]')];
    return {
        element,
        checked: () => inputs().filter((i) => i.checked).map((i) => i.value),
        set(keys) {
            for (const input of inputs()) input.checked = keys.includes(input.value);
            const more = element.querySelector('.qs-more');
            if (more && more.querySelector('input:checked')) more.open = true;
        }
    };
}
