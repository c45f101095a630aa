// Common street-name abbreviations per language. A query word in a class also looks up the other
// words of the class ("av" → avenue, "avenue" → av), so the index keeps names as the data spells
// them and either form matches. Compound suffixes (German "Hauptstr.", Dutch "Wetstr.") are
// rewritten the same way. Everything here is folded (see fold.ts).

/** Each entry: a word and its usual short forms. */
const CLASSES: Record<string, string[][]> = {
    FR: [['rue', 'r'], ['avenue', 'av', 'ave'], ['boulevard', 'bd', 'bld', 'boul', 'bvd', 'blvd'], ['place', 'pl'],
        ['chaussee', 'chee', 'ch'], ['square', 'sq'], ['saint', 'st'], ['sainte', 'ste'], ['impasse', 'imp'], ['allee', 'all'],
        ['route', 'rte'], ['faubourg', 'fbg'], ['quai', 'q'], ['galerie', 'gal'], ['docteur', 'dr'], ['general', 'gen', 'gal'],
        ['marechal', 'mal', 'mar'], ['president', 'pres'], ['professeur', 'prof'], ['monseigneur', 'mgr'], ['chemin', 'ch', 'chem'],
        ['carrefour', 'carr'], ['rond', 'rd'], ['residence', 'res']],
    NL: [['straat', 'str'], ['steenweg', 'stwg', 'stw'], ['laan', 'ln'], ['plein', 'pl'], ['sint', 'st'], ['dokter', 'dr'],
        ['professor', 'prof'], ['kaai', 'kd'], ['burgemeester', 'burg'], ['koning', 'kon'], ['koningin', 'kon']],
    DE: [['strasse', 'str'], ['platz', 'pl'], ['sankt', 'st'], ['doktor', 'dr'], ['professor', 'prof'], ['allee', 'al'],
        ['ring', 'rg'], ['weg', 'wg']],
    EN: [['street', 'st'], ['saint', 'st'], ['avenue', 'ave', 'av'], ['road', 'rd'], ['square', 'sq'], ['lane', 'ln'],
        ['drive', 'dr'], ['place', 'pl'], ['court', 'ct'], ['terrace', 'ter', 'terr'], ['boulevard', 'blvd', 'bd'],
        ['doctor', 'dr'], ['mount', 'mt'], ['north', 'n'], ['south', 's'], ['east', 'e'], ['west', 'w']],
    IT: [['via', 'v'], ['viale', 'vle'], ['piazza', 'pza', 'pzza', 'p'], ['piazzale', 'ple'], ['corso', 'c', 'cso'],
        ['largo', 'lgo'], ['vicolo', 'vlo'], ['san', 's'], ['santo', 'sto', 's'], ['santa', 'sta', 's'], ['dottore', 'dott', 'dr'],
        ['generale', 'gen']],
    PT: [['rua', 'r'], ['avenida', 'av', 'avda'], ['praca', 'pc', 'pca', 'pr'], ['travessa', 'tv', 'trav'], ['largo', 'lg', 'lgo'],
        ['doutor', 'dr'], ['santo', 'sto'], ['santa', 'sta'], ['sao', 's'], ['estrada', 'estr', 'est'], ['alameda', 'al'],
        ['calcada', 'cc'], ['engenheiro', 'eng'], ['professor', 'prof']],
    ES: [['calle', 'c', 'cl'], ['avenida', 'av', 'avda'], ['plaza', 'pl', 'pza'], ['paseo', 'po'], ['carretera', 'ctra'],
        ['san', 's'], ['santa', 'sta']],
    MT: [['triq', 'tr'], ['misrah', 'msr'], ['sqaq', 'sq']],
    CA: [['carrer', 'c', 'cr'], ['avinguda', 'av', 'avda'], ['placa', 'pl', 'pca'], ['passeig', 'pg']]
};

/** Compound endings: a word ending in one of these also tries the others (German, Dutch). */
const SUFFIXES: Record<string, string[][]> = {
    DE: [['strasse', 'str'], ['platz', 'pl'], ['allee', 'al']],
    NL: [['straat', 'str'], ['steenweg', 'stwg', 'stw'], ['laan', 'ln'], ['plein', 'pl']]
};

/** The word → alternatives table for a set of languages (built once per language set). */
export class Abbreviations {
    private readonly alternatives = new Map<string, string[]>();
    private readonly suffixes: [string, string[]][] = [];

    constructor(languages: readonly string[]) {
        // A full word never looks up a one-letter form ("rue" must not find a shop named "R").
        const add = (word: string, others: string[]) => {
            let list = this.alternatives.get(word);
            if (!list) this.alternatives.set(word, list = []);
            for (const o of others) if (o !== word && (o.length > 1 || word.length === 1) && !list.includes(o)) list.push(o);
        };
        for (const lang of new Set(languages.map((l) => l.toUpperCase()))) {
            for (const cls of CLASSES[lang] ?? []) for (const w of cls) add(w, cls);
            for (const cls of SUFFIXES[lang] ?? []) {
                for (const s of cls) {
                    const entry = this.suffixes.find(([k]) => k === s);
                    const others = cls.filter((o) => o !== s);
                    if (entry) {
                        for (const o of others) if (!entry[1].includes(o)) entry[1].push(o);
                    } else {
                        this.suffixes.push([s, others]);
                    }
                }
            }
        }
        // Longest suffix first: "strasse" before "str".
        this.suffixes.sort((a, b) => b[0].length - a[0].length);
    }

    /**
     * Other spellings of a folded query word: its abbreviation class, and for compounds the word
     * with its ending swapped ("hauptstr" → "hauptstrasse", "wetstraat" → "wetstr").
     */
    expand(token: string): string[] {
        const out: string[] = [];
        const direct = this.alternatives.get(token);
        if (direct) out.push(...direct);
        for (const [suffix, others] of this.suffixes) {
            // The stem must be a word of its own, not the bare suffix ("str" is handled above).
            if (token.length < suffix.length + 3 || !token.endsWith(suffix)) continue;
            const stem = token.slice(0, token.length - suffix.length);
            for (const o of others) {
                const alt = stem + o;
                if (!out.includes(alt)) out.push(alt);
            }
            break;
        }
        return out;
    }
}

/** The short form a bench or test would type for a word, in a language (null when it has none). */
export function abbreviate(word: string, language: string): string | null {
    const folded = word.toLowerCase();
    for (const cls of CLASSES[language.toUpperCase()] ?? []) {
        if (cls[0] === folded && cls.length > 1) return cls[1];
    }
    return null;
}
