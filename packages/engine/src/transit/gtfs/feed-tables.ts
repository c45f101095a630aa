// Reading a GTFS feed's files as tables: the header's columns looked up, rows handed on, bad rows
// counted per file (skipped with a warning while they are few: at most MAX_BAD_ROW_SHARE of the
// file's rows; past that the feed is refused with a GtfsError naming the file, the first bad line
// and the problem). The read-*.ts stages use it, one or two files each.
import {CsvParser} from './csv.js';
import type {FeedSource} from './feed-source.js';

/** Share of a file's rows that may be bad (skipped with a warning) before the feed is refused. */
export const MAX_BAD_ROW_SHARE = 0.01;


export class GtfsError extends Error {
    constructor(readonly feed: string, readonly file: string, readonly line: number, readonly problem: string) {
        super(`GTFS feed ${feed}: ${file}${line > 0 ? ` line ${line}` : ''}: ${problem}`);
        this.name = 'GtfsError';
    }
}

export interface FeedWarning {
    file: string;
    /** Rows skipped for this problem kind. */
    count: number;
    /** The first such row. */
    line: number;
    problem: string;
}

export interface Column {
    name: string;
    required: boolean;
}

/** One per feed read: the source, the warnings and the rows counted per file. */
export class FeedTables {
    readonly warnings: FeedWarning[] = [];
    readonly rows: Record<string, number> = {};
    private badByFile = new Map<string, {count: number; line: number; problem: string}>();

    constructor(readonly source: FeedSource, private readonly name: string) {}

    fail(file: string, line: number, problem: string): never {
        throw new GtfsError(this.name, file, line, problem);
    }

    /** Records a skipped row; the file's total is checked against MAX_BAD_ROW_SHARE once it is read. */
    bad(file: string, line: number, problem: string): void {
        const b = this.badByFile.get(file);
        if (b) b.count++;
        else this.badByFile.set(file, {count: 1, line, problem});
    }

    warn(file: string, count: number, line: number, problem: string): void {
        if (count > 0) this.warnings.push({file, count, line, problem});
    }

    /** Reads a file row by row; `columns` are looked up in its header (missing optional ones give index -1). */
    table(file: string, columns: Column[], onRow: (f: string[], line: number, col: Int32Array) => void): number {
        const col = new Int32Array(columns.length).fill(-1);
        let header = true, count = 0;
        const parser = new CsvParser((fields, line) => {
            if (header) {
                header = false;
                const names = fields.map((f) => f.replace(/^\ufeff/, '').trim().toLowerCase());
                for (let i = 0; i < columns.length; i++) {
                    col[i] = names.indexOf(columns[i].name);
                    if (col[i] < 0 && columns[i].required) this.fail(file, line, `no ${columns[i].name} column (the header is: ${fields.join(',')})`);
                }
                return;
            }
            count++;
            onRow(fields, line, col);
        });
        this.source.read(file, (chunk) => parser.push(chunk));
        parser.end();
        if (header) this.fail(file, 0, 'the file is empty (no header row)');
        this.rows[file] = count;
        const b = this.badByFile.get(file);
        if (b) {
            if (b.count > Math.floor(count * MAX_BAD_ROW_SHARE)) {
                this.fail(file, b.line, `${b.problem}${b.count > 1 ? ` (and ${b.count - 1} more bad rows of ${count}: too many to skip; fix the feed)` : ' (fix the feed)'}`);
            }
            this.warn(file, b.count, b.line, `${b.problem} (row skipped)`);
            this.badByFile.delete(file);
        }
        return count;
    }

    requireFile(file: string): void {
        if (!this.source.has(file)) this.fail(file, 0, `the feed has no ${file}; a GTFS feed needs agency, stops, routes, trips, stop_times and calendar or calendar_dates`);
    }
}

export function c(name: string, required = false): Column {
    return {name, required};
}

export function get(fields: string[], index: number): string {
    return index >= 0 && index < fields.length ? fields[index] : '';
}

export function parseCoordinate(s: string): number {
    return s === '' ? NaN : Number(s);
}

/**
 * Rows grouped by owner (counting sort), each group sorted by key: rows[i] is the original row at
 * sorted position i, group g is [first[g], first[g + 1]), keys[i] the sorted keys.
 */
export function groupAndSort(owner: Uint32Array, key: Float64Array, n: number, groups: number): {rows: Uint32Array; first: Uint32Array; keys: Float64Array} {
    const first = new Uint32Array(groups + 1);
    for (let i = 0; i < n; i++) first[owner[i] + 1]++;
    for (let g = 0; g < groups; g++) first[g + 1] += first[g];
    const at = first.slice(0, groups);
    const rows = new Uint32Array(n);
    for (let i = 0; i < n; i++) rows[at[owner[i]]++] = i;
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = key[rows[i]];
    // Insertion sort per group: feeds almost always list rows in order already.
    for (let g = 0; g < groups; g++) {
        for (let i = first[g] + 1; i < first[g + 1]; i++) {
            const k = keys[i], r = rows[i];
            let j = i - 1;
            if (keys[j] <= k) continue;
            while (j >= first[g] && keys[j] > k) {
                keys[j + 1] = keys[j];
                rows[j + 1] = rows[j];
                j--;
            }
            keys[j + 1] = k;
            rows[j + 1] = r;
        }
    }
    return {rows, first, keys};
}
