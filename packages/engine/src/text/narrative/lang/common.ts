// Small, language-neutral helpers for the narrative language packs: list joining, hours and
// minutes, pattern picking and the plain-text markup ([STRONG]...[/STRONG], straight quotes).

/** "a, b and c" with joinList(items, ', ', ' and '); one item alone, nothing for none. */
export function joinList(items: readonly string[], separator: string, lastSeparator: string = separator): string {
    if (items.length <= 1) return items.join('');
    return items.slice(0, -1).join(separator) + lastSeparator + items[items.length - 1];
}

/** A duration in whole minutes as whole hours and the minutes left over (75 → 1 h 15). */
export function splitMinutes(total: number): {hours: number; minutes: number} {
    const m = Math.max(0, Math.round(total));
    return {hours: Math.floor(m / 60), minutes: m % 60};
}

/** One of several patterns: patterns[variant % patterns.length]. */
export function pick<T>(patterns: readonly T[], variant: number): T {
    return patterns[Math.abs(Math.trunc(variant)) % patterns.length];
}

/** Key words in bold. */
export function strong(text: string): string {
    return `[STRONG]${text}[/STRONG]`;
}

/** A name in straight double quotes; double quotes inside the name become single ones so quotes stay paired. */
export function quote(name: string): string {
    return `"${name.replace(/"/g, '\'')}"`;
}

/** Upper-cases the first letter, past any leading [STRONG], quote or opening punctuation. */
export function capitalize(text: string): string {
    return text.replace(/^((?:\[STRONG\]|["'¿¡(\s])*)(\p{L})/u, (_all, lead: string, letter: string) => lead + letter.toUpperCase());
}

/** Distinct kinds in their order, without empty ones. */
export function distinctKinds(kinds: readonly string[]): string[] {
    return [...new Set(kinds.filter((k) => k))];
}
