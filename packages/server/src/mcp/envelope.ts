// MCP.md's envelope: every tool answers one text content holding
// {text, facts, warnings, metadata: {country, language, generatedAtUtc}}; on an error the result is
// marked isError and the envelope carries error: {code, type, message}.
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {HttpError} from '../http/errors.js';

/**
 * The answers cache's name for a tool's stored part (facts and text, per position and language):
 * the version changes with their layout, so that no body of an older layout is read back.
 */
export function cacheEndpoint(part: string): string {
    return `mcp/1/${part}`;
}

/** A tool's answer before it is wrapped. */
export interface ToolAnswer {
    text: string;
    facts: unknown;
    warnings: string[];
}

export interface Metadata {
    country: string | null;
    language: string | null;
}

/** A refusal a tool answers as the error envelope (never as a transport error). */
export class ToolError extends Error {
    constructor(readonly code: number, readonly type: string, message: string) {
        super(message);
    }
}

export function badRequest(message: string): ToolError {
    return new ToolError(400, 'bad_request', message);
}

const TYPES: Record<number, string> = {400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 429: 'too_many_requests', 503: 'unavailable'};

/** Any error as the envelope's error: the engine's HttpErrors keep their status and message. */
export function toolError(err: unknown): ToolError {
    if (err instanceof ToolError) return err;
    if (err instanceof HttpError) return new ToolError(err.status, TYPES[err.status] ?? 'internal_error', err.message);
    return new ToolError(500, 'internal_error', 'The server failed on this call; retry later.');
}

function metadata(meta: Metadata) {
    return {country: meta.country, language: meta.language, generatedAtUtc: new Date().toISOString()};
}

export function answerResult(answer: ToolAnswer, meta: Metadata): CallToolResult {
    const envelope = {text: answer.text, facts: answer.facts, warnings: answer.warnings, metadata: metadata(meta)};
    return {content: [{type: 'text', text: JSON.stringify(envelope)}]};
}

export function errorResult(error: ToolError, meta: Metadata): CallToolResult {
    const envelope = {
        text: error.message, facts: null, warnings: [], metadata: metadata(meta),
        error: {code: error.code, type: error.type, message: error.message}
    };
    return {content: [{type: 'text', text: JSON.stringify(envelope)}], isError: true};
}
