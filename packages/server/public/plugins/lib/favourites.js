// Favourite addresses in a page (PLUGINS.md §1): the visitor's saved addresses with the travel time
// from the property to each by every mode, a form to add one (a label and an address found with the
// address search), and a delete button per address. Plain ES module, no build step.
//
//   mountFavourites(element, {api, userId, property: {latitude, longitude}, accentColor, geocode, texts})
//
// `api`: get(path, params), post(path, body), del(path, params), each a promise of the parsed JSON (a
// rejection's message is shown); `geocode(text)`: a promise of [{label, latitude, longitude}]; `texts`:
// optional replacements of TEXTS (another language). Everything the visitor or the server wrote is
// inserted with textContent. Returns {reload(), destroy()}.

const TEXTS = {
    title: 'Your addresses',
    empty: 'No address yet: add the places you go to often, and see how far they are from here.',
    label: 'Name',
    labelPlaceholder: 'Work, school…',
    address: 'Address',
    addressPlaceholder: 'Search an address',
    add: 'Add',
    delete: 'Delete {label}',
    pickAddress: 'Choose an address in the list.',
    needLabel: 'Give the address a name.',
    noRoute: 'no route',
    minutes: 'minutes',
    loading: 'Loading…',
    modes: {Walking: 'Walking', Bicycling: 'Bicycling', Driving: 'Driving', Transit: 'Public transport'}
};

const MODES = ['Walking', 'Bicycling', 'Driving', 'Transit'];

/** Mode icons, 16 x 16, stroked in the current colour: [element, attributes] each. */
const ICONS = {
    Walking: [['circle', {cx: 9, cy: 2.5, r: 1.5}], ['path', {d: 'M8 5 6.5 9.5 9 11.5 9.5 15M8 5l-3 2.5v2.5M8 5l2.5 3 2.5 1M6.5 9.5 5 15'}]],
    Bicycling: [['circle', {cx: 3.5, cy: 11, r: 3}], ['circle', {cx: 12.5, cy: 11, r: 3}], ['path', {d: 'M3.5 11 6.5 5h5l1 6M6.5 5 9 11h3.5M5.5 3h2.5M11.5 5l-.5-2h2'}]],
    Driving: [['path', {d: 'M1.5 11V8.5l2-4h9l2 4V11zM1.5 8.5h13'}], ['circle', {cx: 4.5, cy: 12, r: 1.5}], ['circle', {cx: 11.5, cy: 12, r: 1.5}]],
    Transit: [['rect', {x: 3, y: 1.5, width: 10, height: 11, rx: 2}], ['path', {d: 'M3 7.5h10M5 15l1-2.5M11 15l-1-2.5'}], ['circle', {cx: 5.5, cy: 10, r: .6}], ['circle', {cx: 10.5, cy: 10, r: .6}]]
};

const CSS = `
.qf-root{--qf-accent:#1a73e8;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#222;box-sizing:border-box;max-width:100%}
.qf-root *,.qf-root *::before,.qf-root *::after{box-sizing:inherit}
.qf-title{font-size:16px;font-weight:600;margin:0 0 8px}
.qf-list{list-style:none;margin:0 0 12px;padding:0}
.qf-item{border:1px solid #e2e2e2;border-left:4px solid var(--qf-accent);border-radius:6px;padding:8px 8px 8px 10px;margin:0 0 8px;background:#fff}
.qf-head{display:flex;align-items:flex-start;gap:8px}
.qf-names{flex:1;min-width:0}
.qf-label{font-weight:600;overflow-wrap:anywhere}
.qf-address{color:#5f6368;font-size:13px;overflow-wrap:anywhere}
.qf-delete{flex:none;width:32px;height:32px;border:1px solid transparent;border-radius:50%;background:none;color:#5f6368;font-size:20px;line-height:1;cursor:pointer}
.qf-delete:hover,.qf-delete:focus-visible{background:#f1f3f4;color:#c5221f;outline:2px solid var(--qf-accent)}
.qf-times{display:flex;flex-wrap:wrap;gap:4px;margin:6px 0 0;padding:0;list-style:none}
.qf-time{display:inline-flex;align-items:center;gap:3px;padding:2px 7px 2px 5px;border-radius:12px;background:#f1f3f4;font-size:13px;white-space:nowrap}
.qf-time svg{width:16px;height:16px;flex:none;color:var(--qf-accent)}
.qf-time-none{color:#80868b}
.qf-empty,.qf-status{color:#5f6368;margin:0 0 12px}
.qf-error{color:#c5221f;margin:8px 0 0}
.qf-form{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end}
.qf-field{display:flex;flex-direction:column;gap:2px;flex:1 1 140px;min-width:0;position:relative}
.qf-field-address{flex:3 1 220px}
.qf-field label{font-size:12px;color:#5f6368}
.qf-input{width:100%;font:inherit;padding:7px 9px;border:1px solid #c4c7c5;border-radius:6px;background:#fff;color:inherit}
.qf-input:focus{outline:2px solid var(--qf-accent);outline-offset:-1px;border-color:transparent}
.qf-add{flex:none;font:inherit;font-weight:600;padding:8px 16px;border:0;border-radius:6px;background:var(--qf-accent);color:#fff;cursor:pointer}
.qf-add:disabled{opacity:.5;cursor:default}
.qf-add:focus-visible{outline:2px solid #222;outline-offset:2px}
.qf-options{position:absolute;top:100%;left:0;right:0;z-index:10;margin:2px 0 0;padding:4px 0;list-style:none;background:#fff;border:1px solid #c4c7c5;border-radius:6px;box-shadow:0 4px 12px rgba(0,0,0,.15);max-height:240px;overflow-y:auto}
.qf-options[hidden]{display:none}
.qf-option{padding:7px 10px;cursor:pointer;overflow-wrap:anywhere}
.qf-option[aria-selected="true"],.qf-option:hover{background:#e8f0fe}
`;

let mounted = 0;

function injectStyle(doc) {
    if (doc.getElementById('qf-style')) return;
    const style = doc.createElement('style');
    style.id = 'qf-style';
    style.textContent = CSS;
    doc.head.appendChild(style);
}

/** An element with a class and, optionally, its text. */
function el(doc, tag, className, text) {
    const node = doc.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
}

function icon(doc, mode) {
    const ns = 'http://www.w3.org/2000/svg';
    const svg = doc.createElementNS(ns, 'svg');
    svg.setAttribute('viewBox', '0 0 16 16');
    svg.setAttribute('aria-hidden', 'true');
    svg.setAttribute('fill', 'none');
    svg.setAttribute('stroke', 'currentColor');
    svg.setAttribute('stroke-width', '1.4');
    svg.setAttribute('stroke-linecap', 'round');
    svg.setAttribute('stroke-linejoin', 'round');
    for (const [tag, attributes] of ICONS[mode]) {
        const shape = doc.createElementNS(ns, tag);
        for (const [name, value] of Object.entries(attributes)) shape.setAttribute(name, String(value));
        svg.appendChild(shape);
    }
    return svg;
}

/** 95 s -> "2 min", 4000 s -> "1 h 07". */
export function formatDuration(seconds) {
    const minutes = Math.max(1, Math.round(seconds / 60));
    if (minutes < 60) return `${minutes} min`;
    return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
}

export function mountFavourites(element, options) {
    const {api, userId, property, geocode} = options;
    if (!element || !api || typeof userId !== 'string' || userId === '') throw new Error('mountFavourites: an element, an api and a userId are needed');
    const doc = element.ownerDocument;
    const texts = {...TEXTS, ...(options.texts ?? {}), modes: {...TEXTS.modes, ...(options.texts?.modes ?? {})}};
    const uid = `qf${++mounted}`;
    injectStyle(doc);

    const root = el(doc, 'section', 'qf-root');
    root.setAttribute('aria-labelledby', `${uid}-title`);
    if (options.accentColor) root.style.setProperty('--qf-accent', options.accentColor);
    const title = el(doc, 'h2', 'qf-title', texts.title);
    title.id = `${uid}-title`;
    const status = el(doc, 'p', 'qf-status', texts.loading);
    status.setAttribute('role', 'status');
    const list = el(doc, 'ul', 'qf-list');
    const form = addForm(doc, uid, texts, geocode, async (favourite) => {
        await api.post('/favourites', {userId, ...favourite});
        await reload();
    });
    root.append(title, status, list, form.element);
    element.replaceChildren(root);

    async function reload() {
        try {
            const answer = property
                ? await api.get('/favourites/times', {userId, latitude: property.latitude, longitude: property.longitude})
                : await api.get('/favourites', {userId});
            render(answer.Favourites ?? []);
        } catch (err) {
            status.hidden = false;
            status.textContent = err?.message ?? String(err);
        }
    }

    function render(favourites) {
        status.hidden = favourites.length > 0;
        status.textContent = favourites.length > 0 ? '' : texts.empty;
        status.className = 'qf-empty';
        list.replaceChildren(...favourites.map((f) => item(doc, f, texts, async () => {
            try {
                await api.del(`/favourites/${encodeURIComponent(f.Id)}`, {userId});
                await reload();
            } catch (err) {
                form.showError(err?.message ?? String(err));
            }
        })));
    }

    void reload();
    return {reload, destroy: () => root.remove()};
}

/** One favourite: its label and address, its times, and its delete button. */
function item(doc, favourite, texts, onDelete) {
    const li = el(doc, 'li', 'qf-item');
    const head = el(doc, 'div', 'qf-head');
    const names = el(doc, 'div', 'qf-names');
    names.append(el(doc, 'div', 'qf-label', favourite.Label), el(doc, 'div', 'qf-address', favourite.Address));
    const remove = el(doc, 'button', 'qf-delete', '×');
    remove.type = 'button';
    remove.setAttribute('aria-label', texts.delete.replace('{label}', favourite.Label));
    remove.addEventListener('click', () => {
        remove.disabled = true;
        void onDelete();
    });
    head.append(names, remove);
    li.append(head);
    if (favourite.Times) {
        const times = el(doc, 'ul', 'qf-times');
        for (const mode of MODES) {
            if (!(mode in favourite.Times)) continue;
            const trip = favourite.Times[mode];
            const chip = el(doc, 'li', trip ? 'qf-time' : 'qf-time qf-time-none');
            const text = trip ? formatDuration(trip.Seconds) : '—';
            chip.setAttribute('aria-label', `${texts.modes[mode]}: ${trip ? `${Math.max(1, Math.round(trip.Seconds / 60))} ${texts.minutes}` : texts.noRoute}`);
            chip.title = texts.modes[mode];
            chip.append(icon(doc, mode), el(doc, 'span', '', text));
            times.append(chip);
        }
        li.append(times);
    }
    return li;
}

/** The form: a label, an address with its suggestions (a combobox), and the add button. */
function addForm(doc, uid, texts, geocode, onAdd) {
    const form = el(doc, 'form', 'qf-form');
    form.noValidate = true;
    const field = (name, labelText, extraClass) => {
        const wrap = el(doc, 'div', `qf-field ${extraClass}`);
        const label = el(doc, 'label', '', labelText);
        const input = el(doc, 'input', 'qf-input');
        input.id = `${uid}-${name}`;
        label.htmlFor = input.id;
        input.autocomplete = 'off';
        wrap.append(label, input);
        return {wrap, input};
    };
    const label = field('label', texts.label, 'qf-field-label');
    label.input.maxLength = 60;
    label.input.placeholder = texts.labelPlaceholder;
    const address = field('address', texts.address, 'qf-field-address');
    address.input.maxLength = 200;
    address.input.placeholder = texts.addressPlaceholder;
    const add = el(doc, 'button', 'qf-add', texts.add);
    add.type = 'submit';
    const error = el(doc, 'p', 'qf-error');
    error.setAttribute('role', 'alert');
    error.hidden = true;
    const suggestions = addressSuggestions(doc, `${uid}-options`, address.input, geocode);
    address.wrap.append(suggestions.list);
    form.append(label.wrap, address.wrap, add, error);

    const showError = (message) => {
        error.textContent = message;
        error.hidden = false;
    };
    form.addEventListener('submit', async (event) => {
        event.preventDefault();
        error.hidden = true;
        const chosen = suggestions.chosen();
        if (label.input.value.trim() === '') return showError(texts.needLabel);
        if (!chosen) return showError(texts.pickAddress);
        add.disabled = true;
        try {
            await onAdd({label: label.input.value.trim(), address: chosen.label, latitude: chosen.latitude, longitude: chosen.longitude});
            label.input.value = '';
            address.input.value = '';
            suggestions.reset();
        } catch (err) {
            showError(err?.message ?? String(err));
        } finally {
            add.disabled = false;
        }
    });
    return {element: form, showError};
}

/**
 * The address input as a combobox (WAI-ARIA 1.2): suggestions as the visitor types, arrows move in
 * the list, Enter picks, Escape closes. `chosen()`: the suggestion picked, until the text changes.
 */
function addressSuggestions(doc, id, input, geocode) {
    const list = el(doc, 'ul', 'qf-options');
    list.id = id;
    list.setAttribute('role', 'listbox');
    list.hidden = true;
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-expanded', 'false');
    input.setAttribute('aria-controls', id);
    let options = [], active = -1, picked = null, timer = 0, asked = 0;

    const close = () => {
        list.hidden = true;
        input.setAttribute('aria-expanded', 'false');
        input.removeAttribute('aria-activedescendant');
        active = -1;
    };
    const highlight = (i) => {
        active = i;
        [...list.children].forEach((li, j) => li.setAttribute('aria-selected', String(j === i)));
        if (i >= 0) {
            input.setAttribute('aria-activedescendant', `${id}-${i}`);
            list.children[i].scrollIntoView({block: 'nearest'});
        } else input.removeAttribute('aria-activedescendant');
    };
    const pick = (i) => {
        picked = options[i];
        input.value = picked.label;
        close();
    };
    const show = (found) => {
        options = found.slice(0, 8);
        list.replaceChildren(...options.map((o, i) => {
            const li = el(doc, 'li', 'qf-option', o.label);
            li.id = `${id}-${i}`;
            li.setAttribute('role', 'option');
            li.setAttribute('aria-selected', 'false');
            // mousedown, not click: the input keeps its focus.
            li.addEventListener('mousedown', (event) => {
                event.preventDefault();
                pick(i);
            });
            return li;
        }));
        list.hidden = options.length === 0;
        input.setAttribute('aria-expanded', String(options.length > 0));
        active = -1;
    };
    input.addEventListener('input', () => {
        picked = null;
        clearTimeout(timer);
        const text = input.value.trim();
        if (text.length < 3 || !geocode) return close();
        timer = setTimeout(async () => {
            const ticket = ++asked;
            try {
                const found = await geocode(text);
                if (ticket === asked) show(Array.isArray(found) ? found : []);
            } catch {
                if (ticket === asked) close();
            }
        }, 250);
    });
    input.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') {
            if (!list.hidden) event.preventDefault();
            close();
        } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && options.length > 0) {
            event.preventDefault();
            list.hidden = false;
            input.setAttribute('aria-expanded', 'true');
            const step = event.key === 'ArrowDown' ? 1 : -1;
            highlight((active + step + options.length + (active < 0 && step < 0 ? 1 : 0)) % options.length);
        } else if (event.key === 'Enter' && !list.hidden && active >= 0) {
            event.preventDefault();
            pick(active);
        }
    });
    input.addEventListener('blur', close);
    return {list, chosen: () => picked, reset: () => { picked = null; options = []; list.replaceChildren(); close(); }};
}
