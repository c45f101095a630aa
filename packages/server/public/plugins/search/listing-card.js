// A listing's card in its popup: the portal's renderCard(item, close) when given (an HTMLElement is
// shown as it is; anything else is shown as text, never parsed as HTML), else ours: price, title,
// subtitle as text and the url as a link when it is http or https.
import {h} from '../lib/escape.js';

export function listingCard(item, close, renderCard, words) {
    if (typeof renderCard === 'function') {
        let made;
        try {
            made = renderCard(item, close);
        } catch (err) {
            console.error('YatmoSearch listings.renderCard failed:', err);
            made = null;
        }
        if (made instanceof HTMLElement) return made;
        if (made !== null && made !== undefined && made !== '') return h('div', {class: 'qs-card'}, String(made));
    }
    return defaultCard(item, words);
}

function defaultCard(item, words) {
    const text = (v) => (v === undefined || v === null || v === '' ? null : String(v));
    const price = typeof item.price === 'number' ? item.price.toLocaleString() : text(item.price);
    const url = safeUrl(item.url);
    return h('div', {class: 'qs-card'},
        price ? h('div', {class: 'qs-card-price'}, price) : null,
        text(item.title) ? h('p', {class: 'qs-card-title'}, text(item.title)) : null,
        text(item.subtitle) ? h('p', {class: 'qs-card-subtitle'}, text(item.subtitle)) : null,
        url ? h('a', {href: url, target: '_blank', rel: 'noopener noreferrer'}, words.viewListing) : null);
}

/** The url when it is an absolute http(s) one (never javascript: or data:), else null. */
export function safeUrl(value) {
    if (typeof value !== 'string') return null;
    try {
        const url = new URL(value, document.baseURI);
        return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
    } catch {
        return null;
    }
}
