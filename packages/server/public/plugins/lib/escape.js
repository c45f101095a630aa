// Data (OSM names, addresses, the portal's listing fields) reaches the page as text: escape it
// before it joins HTML that is ours. Prefer textContent; this is for the few places that build HTML.
const ENTITIES = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'};

export function escapeHtml(value) {
    return String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** An element with attributes and children (strings become text nodes, never HTML). */
export function h(tag, attributes = {}, ...children) {
    const el = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
        if (value === undefined || value === null || value === false) continue;
        if (name.startsWith('on') && typeof value === 'function') el.addEventListener(name.slice(2), value);
        else if (name === 'style' && typeof value === 'object') Object.assign(el.style, value);
        else el.setAttribute(name, value === true ? '' : String(value));
    }
    for (const child of children.flat()) {
        if (child === undefined || child === null || child === false) continue;
        el.append(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
    }
    return el;
}

/** Adds a style sheet to the document once (by id). */
export function injectCss(id, css) {
    if (document.getElementById(id)) return;
    const style = document.createElement('style');
    style.id = id;
    style.textContent = css;
    document.head.append(style);
}
