// summary.js (PLUGINS.md §3): the nearest places by category in the portal's element
// (yatmoSummaryConfig = {licenseKey, language, country, container, latitude, longitude}), as plain
// HTML with qs- classes for the portal's CSS (lib/summary-view.js); a faint default look of zero
// specificity (:where) that any portal rule overrides.
import {createApi} from '../lib/api.js';
import {h, injectCss} from '../lib/escape.js';
import {ParamError, rules, scriptParams} from '../lib/params.js';
import {summaryList} from '../lib/summary-view.js';

const CSS = `
:where(.qs-summary) :where(.qs-places, .qs-trips) { list-style: none; margin: 0; padding: 0; }
:where(.qs-summary) :where(.qs-place) { display: grid; grid-template-columns: 24px minmax(0, 1fr) auto; column-gap: 8px; padding: 6px 0; border-top: 1px solid #e3e6ea; }
:where(.qs-summary) :where(.qs-icon) { grid-row: span 2; }
:where(.qs-summary) :where(.qs-what) { display: flex; flex-direction: column; }
:where(.qs-summary) :where(.qs-kind, .qs-distance, .qs-mode) { font-size: .85em; opacity: .75; }
:where(.qs-summary) :where(.qs-name, .qs-time) { font-weight: 600; }
:where(.qs-summary) :where(.qs-trips) { grid-column: 2 / 4; display: flex; flex-wrap: wrap; gap: 0 10px; font-size: .85em; }
`;

export async function start({base, pathCountry, config}) {
    const element = typeof config?.container === 'string' ? document.getElementById(config.container) : null;
    if (!element) throw new Error(`no element with id "${String(config?.container ?? '')}" for the summary (yatmoSummaryConfig.container)`);
    let p;
    try {
        p = scriptParams(config, pathCountry, {container: {rule: rules.string(200), required: true}});
    } catch (err) {
        if (err instanceof ParamError) element.replaceChildren(h('p', {class: 'qs-error', role: 'alert'}, err.message));
        throw err;
    }
    const api = createApi({base, country: p.country, key: p.licenseKey, language: p.language});
    element.setAttribute('aria-busy', 'true');
    try {
        const answer = await api.get('/summary', {latitude: p.latitude, longitude: p.longitude, language: p.language});
        injectCss('qs-summary-css', CSS);
        element.replaceChildren(summaryList(answer, {base, headingLevel: 3}));
        element.lang = p.language.toLowerCase();
    } catch (err) {
        element.replaceChildren(h('p', {class: 'qs-error', role: 'alert'}, err.message));
        throw err;
    } finally {
        element.removeAttribute('aria-busy');
    }
}
