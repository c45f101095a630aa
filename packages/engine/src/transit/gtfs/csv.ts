// A CSV reader for GTFS files, fed bytes in chunks (a zip entry as it inflates, a file as it is
// read), calling back once per row with its fields. Rows are never all held at once.
//
// Quirks it copes with: a UTF-8 byte order mark, CRLF or LF line ends, quoted fields holding
// commas, doubled quotes and line breaks, spaces around fields (trimmed), blank lines (skipped),
// rows shorter than the header (the missing fields read as '').

/** Called for each row with its trimmed fields and the 1-based line on which the row starts. */
export type RowHandler = (fields: string[], line: number) => void;

const QUOTE = 34, COMMA = 44, LF = 10, CR = 13;

export class CsvParser {
    private readonly decoder = new TextDecoder('utf-8');
    private readonly onRow: RowHandler;
    /** Text not yet parsed: the start of a row whose end has not arrived. */
    private carry = '';
    /** Line number at the start of `carry`. */
    private line = 1;
    private readonly fields: string[] = [];
    private first = true;

    constructor(onRow: RowHandler) {
        this.onRow = onRow;
    }

    push(chunk: Uint8Array): void {
        this.parse(this.carry + this.decoder.decode(chunk, {stream: true}), false);
    }

    end(): void {
        this.parse(this.carry + this.decoder.decode(), true);
        this.carry = '';
    }

    /** Parses every complete row of `text`; keeps an incomplete last row in `carry` unless `final`. */
    private parse(text: string, final: boolean): void {
        let pos = 0;
        // TextDecoder drops a leading BOM already; this catches one decoded by other means.
        if (this.first && text.length > 0) {
            if (text.charCodeAt(0) === 0xfeff) pos = 1;
            this.first = false;
        }
        const n = text.length;
        const fields = this.fields;
        let line = this.line;
        while (pos < n) {
            const rowStart = pos, rowLine = line;
            fields.length = 0;
            let complete = false;
            // One row: fields until a line end outside quotes.
            for (;;) {
                // Skip leading spaces of the field.
                while (pos < n && text.charCodeAt(pos) === 32) pos++;
                if (pos < n && text.charCodeAt(pos) === QUOTE) {
                    let value = '';
                    let from = ++pos;
                    let closed = false;
                    while (pos < n) {
                        const c = text.charCodeAt(pos);
                        if (c === QUOTE) {
                            if (pos + 1 < n && text.charCodeAt(pos + 1) === QUOTE) {
                                value += text.slice(from, pos + 1);
                                pos += 2;
                                from = pos;
                                continue;
                            }
                            if (pos + 1 === n && !final) break; // the next chunk may hold a second quote
                            value += text.slice(from, pos);
                            pos++;
                            closed = true;
                            break;
                        }
                        if (c === LF) line++;
                        pos++;
                    }
                    if (!closed) {
                        if (!final) break;
                        value += text.slice(from, pos); // unterminated quote at the end: take the rest
                    }
                    // Anything between the closing quote and the delimiter is kept (trimmed).
                    const tail = pos;
                    while (pos < n) {
                        const c = text.charCodeAt(pos);
                        if (c === COMMA || c === LF || c === CR) break;
                        pos++;
                    }
                    fields.push((value + text.slice(tail, pos)).trim());
                } else {
                    const from = pos;
                    while (pos < n) {
                        const c = text.charCodeAt(pos);
                        if (c === COMMA || c === LF || c === CR) break;
                        pos++;
                    }
                    fields.push(text.slice(from, pos).trim());
                }
                if (pos >= n) {
                    if (final) complete = true;
                    break;
                }
                const c = text.charCodeAt(pos);
                if (c === COMMA) {
                    pos++;
                    continue;
                }
                // Line end: CR, LF or CRLF (a CR at the chunk's end waits for a possible LF).
                if (c === CR) {
                    if (pos + 1 === n && !final) break;
                    pos++;
                    if (pos < n && text.charCodeAt(pos) === LF) pos++;
                } else {
                    pos++;
                }
                line++;
                complete = true;
                break;
            }
            if (!complete) {
                this.carry = text.slice(rowStart);
                this.line = rowLine;
                return;
            }
            // Blank lines (one empty field) are skipped.
            if (fields.length > 1 || fields[0] !== '') this.onRow(fields, rowLine);
        }
        this.carry = '';
        this.line = line;
    }
}

/** Parses a whole CSV text or buffer (tests, small files). */
export function parseCsv(input: string | Uint8Array, onRow: RowHandler): void {
    const parser = new CsvParser(onRow);
    parser.push(typeof input === 'string' ? new TextEncoder().encode(input) : input);
    parser.end();
}
