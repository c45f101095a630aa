// The /docs page: the OpenAPI document drawn as HTML once, on the server. No script and no other file:
// nothing to install from a third party (the page used to be Swagger UI, whose npm package reports its
// installs to a third party), nothing the page asks of another host, readable without JavaScript.
type Json = Record<string, any>;

const ENTITIES: Record<string, string> = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'};
const escape = (s: unknown): string => String(s ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]);

/** Text with the document's `code` spans. */
const inline = (text: unknown): string => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');

/** The document's short Markdown: `code` and paragraphs; everything else stays text. */
function prose(text: unknown): string {
    if (!text) return '';
    return String(text).split(/\n{2,}/).map((p) => `<p>${inline(p)}</p>`).join('');
}

/** `#/components/<kind>/<Name>` to the object it names. */
function resolve(doc: Json, value: Json): Json {
    const ref = value?.$ref as string | undefined;
    if (!ref) return value;
    return ref.split('/').slice(1).reduce((at: Json, key) => at?.[key], doc) ?? {};
}

/** A schema in a few words: a link for a named one, the type otherwise. */
function typeOf(schema: Json | undefined): string {
    if (!schema) return '';
    if (schema.$ref) {
        const name = String(schema.$ref).split('/').pop();
        return `<a href="#schema-${escape(name)}">${escape(name)}</a>`;
    }
    if (schema.enum) return schema.enum.map((v: unknown) => `<code>${escape(JSON.stringify(v))}</code>`).join(' | ');
    if (schema.type === 'array') return `array of ${typeOf(schema.items) || 'any'}`;
    for (const key of ['oneOf', 'anyOf']) if (schema[key]) return (schema[key] as Json[]).map(typeOf).join(' or ');
    const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type ?? 'any';
    return escape(type) + (schema.pattern ? ` <code>${escape(schema.pattern)}</code>` : '');
}

function parametersTable(doc: Json, parameters: Json[] | undefined): string {
    if (!parameters?.length) return '';
    const rows = parameters.map((raw) => {
        const p = resolve(doc, raw);
        return `<tr><td><code>${escape(p.name)}</code>${p.required ? ' <span class="req">required</span>' : ''}</td><td>${escape(p.in)}</td>`
            + `<td>${typeOf(p.schema)}</td><td>${prose(p.description)}${p.example === undefined ? '' : `<p>Example: <code>${escape(p.example)}</code></p>`}</td></tr>`;
    }).join('');
    return `<table><thead><tr><th>Parameter</th><th>In</th><th>Type</th><th>Meaning</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function contentList(content: Json | undefined): string {
    if (!content) return '';
    return Object.entries(content).map(([type, c]) => `<code>${escape(type)}</code> ${typeOf((c as Json).schema)}`).join('; ');
}

function operation(doc: Json, pathName: string, method: string, op: Json): string {
    const responses = Object.entries(op.responses ?? {}).map(([status, raw]) => {
        const r = resolve(doc, raw as Json);
        return `<li><strong>${escape(status)}</strong> ${inline(r.description)} ${contentList(r.content)}</li>`;
    }).join('');
    const body = op.requestBody ? `<h4>Body</h4><p>${contentList(op.requestBody.content)}</p>` : '';
    const open = Array.isArray(op.security) && op.security.length === 0;
    return `<section class="op" id="${escape(method)}-${escape(pathName)}" data-path="${escape(pathName)}" data-method="${escape(method)}">`
        + `<h3><span class="method">${escape(method.toUpperCase())}</span> <code>${escape(pathName)}</code>${open ? ' <span class="open">no key</span>' : ''}</h3>`
        + `<p class="summary">${inline(op.summary)}</p>${prose(op.description)}${parametersTable(doc, op.parameters)}${body}<h4>Answers</h4><ul>${responses}</ul></section>`;
}

function schemaSection(name: string, schema: Json): string {
    const required = new Set<string>(schema.required ?? []);
    const rows = Object.entries(schema.properties ?? {}).map(([field, s]) => `<tr><td><code>${escape(field)}</code>${required.has(field) ? ' <span class="req">required</span>' : ''}</td>`
        + `<td>${typeOf(s as Json)}</td><td>${prose((s as Json).description)}</td></tr>`).join('');
    const table = rows ? `<table><thead><tr><th>Field</th><th>Type</th><th>Meaning</th></tr></thead><tbody>${rows}</tbody></table>` : `<p>${typeOf(schema)}</p>`;
    return `<section class="schema" id="schema-${escape(name)}"><h3>${escape(name)}</h3>${prose(schema.description)}${table}</section>`;
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;color:#1d232a;max-width:70rem;margin:0 auto;padding:1rem}
h2{border-bottom:2px solid #1565c0;padding-bottom:.2rem;margin-top:2.5rem}.op,.schema{border:1px solid #d5dbe1;border-radius:6px;padding:.5rem 1rem;margin:1rem 0}
.method{background:#1565c0;color:#fff;border-radius:4px;padding:0 .4rem;font-size:.85em}.open,.req{font-size:.75em;color:#5b6570;border:1px solid #c9d1d9;border-radius:4px;padding:0 .3rem}
table{border-collapse:collapse;width:100%;font-size:.9em}th,td{border-top:1px solid #e3e7eb;text-align:left;vertical-align:top;padding:.3rem .5rem}td p{margin:0}
code{background:#f1f3f5;border-radius:3px;padding:0 .2rem;overflow-wrap:anywhere}nav a{margin-right:1rem}`;

/** The whole page of an OpenAPI 3.1 document: operations by tag, then the schemas. */
export function referencePage(doc: Json): string {
    const byTag = new Map<string, string[]>();
    for (const [pathName, item] of Object.entries(doc.paths as Json)) {
        for (const [method, op] of Object.entries(item as Json)) {
            if (method === 'servers' || method === 'parameters') continue;
            const tag = (op as Json).tags?.[0] ?? 'Other';
            if (!byTag.has(tag)) byTag.set(tag, []);
            byTag.get(tag)!.push(operation(doc, pathName, method, op as Json));
        }
    }
    const tags = [...byTag.keys()];
    const schemas = Object.entries(doc.components?.schemas ?? {}).map(([name, s]) => schemaSection(name, s as Json)).join('');
    return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info?.title)} API reference</title><link rel="icon" href="data:,"><style>${STYLE}</style></head>
<body>
<header><h1>${escape(doc.info?.title)} API reference</h1><p>${escape(doc.info?.summary)}</p>${prose(doc.info?.description)}
<p>The same as a document: <a href="/openapi.json">/openapi.json</a> (OpenAPI ${escape(doc.openapi)}).</p>
<nav>${tags.map((t) => `<a href="#tag-${escape(t)}">${escape(t)}</a>`).join('')}<a href="#schemas">Schemas</a></nav></header>
<main>${tags.map((t) => `<h2 id="tag-${escape(t)}">${escape(t)}</h2>${byTag.get(t)!.join('')}`).join('')}
<h2 id="schemas">Schemas</h2>${schemas}</main>
</body>
</html>
`;
}
