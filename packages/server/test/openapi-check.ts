// Checks an answer against the OpenAPI document: the endpoint and its status must be described, the
// content type listed, and a JSON body (or each NDJSON line) valid by the response's schema (JSON
// Schema 2020-12, ajv). The test helpers run it on every answer, so a test fails when the server
// and the document disagree.
import {Ajv2020} from 'ajv/dist/2020.js';
import type {ValidateFunction} from 'ajv';
import {openApiDocument} from '../src/assets/openapi.js';

type Json = Record<string, any>;
const doc = openApiDocument as unknown as Json;
const ROOT = 'https://quartier.invalid/openapi.json';

// The component schemas as one schema's $defs, so that ajv resolves their references.
const toDefs = (value: unknown, prefix: string): unknown => JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', `"${prefix}#/$defs/`));
const ajv = new Ajv2020({allErrors: true, allowUnionTypes: true, strict: true});
ajv.addSchema({$id: ROOT, $defs: toDefs(doc.components.schemas, '')}, ROOT);

interface Operation {
    pattern: RegExp;
    path: string;
    method: string;
    responses: Json;
}

const operations: Operation[] = [];
for (const [path, item] of Object.entries(doc.paths as Json)) {
    const pattern = new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}/?$`, 'i');
    for (const [method, op] of Object.entries(item as Json)) if (method !== 'servers') operations.push({pattern, path, method: method.toUpperCase(), responses: op.responses});
}

const compiled = new Map<string, ValidateFunction>();

function validatorFor(key: string, schema: Json): ValidateFunction {
    let v = compiled.get(key);
    if (v === undefined) {
        v = ajv.compile(toDefs(schema, ROOT) as Json);
        compiled.set(key, v);
    }
    return v;
}

function resolveResponse(response: Json): Json {
    const refName = response.$ref as string | undefined;
    return refName ? doc.components.responses[refName.split('/').pop()!] : response;
}

/** The operation a request path names: with or without a leading /{cc}/ segment. */
export function findOperation(method: string, pathname: string): Operation | undefined {
    const bare = pathname.replace(/^\/[A-Za-z]{2}(?=\/)/, '');
    return operations.find((o) => o.method === method && o.pattern.test(bare))
        ?? operations.find((o) => o.method === method && o.pattern.test(pathname));
}

/** Throws an Error naming the disagreement when the answer is not what the document says. */
export function checkAnswer(method: string, url: string, status: number, contentType: string, text: string): void {
    if (method === 'OPTIONS' || method === 'HEAD') return;
    const pathname = new URL(url, 'http://x').pathname;
    const op = findOperation(method, pathname);
    let response: Json | undefined;
    let where: string;
    if (op) {
        where = `${method} ${op.path} ${status}`;
        const described = op.responses[String(status)];
        if (!described) throw new Error(`OpenAPI: ${method} ${pathname} answered ${status}, a status the document does not list for ${op.path} (${Object.keys(op.responses).join(', ')}): ${text.slice(0, 200)}`);
        response = resolveResponse(described);
    } else {
        // An unknown path, or a known one with another method: only a JSON 404 or 405 is a right answer.
        where = `${method} ${pathname} (no such endpoint) ${status}`;
        if (status !== 404 && status !== 405) throw new Error(`OpenAPI: ${method} ${pathname} is not in the document but answered ${status}`);
        response = doc.components.responses[`Error${status}`];
    }
    const content = (response!.content ?? {}) as Json;
    const type = contentType.split(';')[0].trim().toLowerCase();
    // A bodiless answer the document describes as such (204, 304).
    if (type === '' && text === '' && Object.keys(content).length === 0) return;
    const media = content[type];
    if (!media) throw new Error(`OpenAPI: ${where}: content type '${type}' is not one the document lists (${Object.keys(content).join(', ') || 'none'})`);
    if (type === 'application/json') validate(media.schema, JSON.parse(text), where);
    else if (type === 'application/x-ndjson') {
        for (const line of text.split('\n')) if (line !== '') validate(media.schema, JSON.parse(line), where);
    }
}

function validate(schema: Json, body: unknown, where: string): void {
    const v = validatorFor(JSON.stringify(schema), schema);
    if (!v(body)) {
        const errors = (v.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`).join('; ');
        throw new Error(`OpenAPI: ${where}: the body does not match the document: ${errors}`);
    }
}
