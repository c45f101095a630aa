// summary-text.js (PLUGINS.md §4): the neighbourhood text of a position (/summary/text, every
// language of the country) handed to the page's addSummaryTextWithTitles(paragraphs, titles,
// titlesStreet, titlesCity, iconIds), five arrays of one entry per paragraph. Everything from the data
// is HTML-escaped; the only markup is the configured pair of tags, around what the text marks
// ([STRONG]…[/STRONG]: the kinds of places).
import {createApi} from '../lib/api.js';
import {escapeHtml} from '../lib/escape.js';
import {rules, scriptParams} from '../lib/params.js';

const CALLBACK = 'addSummaryTextWithTitles';

export async function start({base, pathCountry, config}) {
    const p = scriptParams(config, pathCountry, {
        beginStrongTag: {rule: rules.string(200), fallback: '<strong>'},
        endStrongTag: {rule: rules.string(200), fallback: '</strong>'}
    });
    const api = createApi({base, country: p.country, key: p.licenseKey, language: p.language});
    const answer = await api.get('/summary/text', {latitude: p.latitude, longitude: p.longitude});
    const arrays = textArrays(answer, p);
    const callback = await pageCallback();
    callback(...arrays);
}

/** The five arrays from the answer's paragraphs, in `p.language` (EN when a text lacks it). */
export function textArrays(answer, {language, beginStrongTag, endStrongTag}) {
    const paragraphs = [], titles = [], titlesStreet = [], titlesCity = [], iconIds = [];
    const pick = (texts) => (texts ? texts[language] ?? texts.EN ?? '' : '');
    for (const paragraph of answer?.Paragraphs ?? []) {
        const sentences = (paragraph.Sentences ?? []).map((s) => markup(pick(s), beginStrongTag, endStrongTag)).filter(Boolean);
        paragraphs.push(sentences.join(' '));
        titles.push(escapeHtml(pick(paragraph.Title)));
        titlesStreet.push(escapeHtml(pick(paragraph.TitleBis)));
        titlesCity.push(escapeHtml(pick(paragraph.TitleTer)));
        iconIds.push(escapeHtml(paragraph.IconId ?? ''));
    }
    return [paragraphs, titles, titlesStreet, titlesCity, iconIds];
}

/** The sentence escaped, then each balanced [STRONG]…[/STRONG] pair made the configured tags. */
function markup(sentence, begin, end) {
    return escapeHtml(sentence).replace(/\[STRONG\]((?:(?!\[\/?STRONG\]).)*?)\[\/STRONG\]/g, (_, inner) => `${begin}${inner}${end}`);
}

/** The page's callback; a page that defines it below the script gets until the document is parsed. */
async function pageCallback() {
    if (typeof window[CALLBACK] !== 'function' && document.readyState === 'loading') {
        await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, {once: true}));
    }
    if (typeof window[CALLBACK] !== 'function') throw new Error(`the page defines no function ${CALLBACK}(paragraphs, titles, titlesStreet, titlesCity, iconIds)`);
    return window[CALLBACK];
}
