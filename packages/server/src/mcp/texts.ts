// The tools' `text`: the neighbourhood narrative flattened to plain paragraphs (its claim rules,
// data/narrative.json, hold as they do for /summary/text), and otherwise lines written only from
// the facts' figures and the configured labels (sub-types, modes, units), in the answer's
// language: no word of praise, so nothing the figures do not show.
import type {NarrativeText} from '@quartier/engine';
import {distanceLabels, durationLabels, label, loadCategories} from '@quartier/engine/internal';
import type {NearestPlace, TravelMode} from './facts.js';

/** MCP.md: a tool's text is at most this long. */
export const MAX_TEXT_CHARS = 6000;

const MODE_CODES: Record<TravelMode, string> = {driving: '1', walking: '2', cycling: '3', transit: '4'};

/** A paragraph's sentences without the narrative's emphasis marks. */
function plainParagraph(p: NarrativeText['paragraphs'][number], language: string): string {
    const sentences = p.sentences.map((s) => s[language] ?? '').filter(Boolean).join(' ').replace(/\[\/?STRONG\]/g, '');
    return `${p.titleAround[language] ?? p.title[language] ?? ''}\n${sentences}`.trim();
}

/** The whole narrative in one language, paragraph after paragraph, cut at a paragraph within MAX_TEXT_CHARS. */
export function flatNarrative(text: NarrativeText, language: string): string {
    return bounded(text.paragraphs.map((p) => plainParagraph(p, language)));
}

/** The public transport paragraph of the narrative, or null when it has none. */
export function publicTransportParagraph(text: NarrativeText, language: string): string | null {
    const p = text.paragraphs.find((x) => x.id === 'publictransports');
    return p ? bounded([plainParagraph(p, language)]) : null;
}

/** Blocks joined by blank lines, as many whole blocks as fit (a first block too long is cut at a sentence). */
export function bounded(blocks: string[]): string {
    let out = '';
    for (const block of blocks) {
        const next = out ? `${out}\n\n${block}` : block;
        if (next.length > MAX_TEXT_CHARS) {
            if (out === '') out = cutAtSentence(block);
            break;
        }
        out = next;
    }
    return out;
}

function cutAtSentence(text: string): string {
    const cut = text.slice(0, MAX_TEXT_CHARS);
    const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('\n'));
    return end > 0 ? cut.slice(0, end + 1) : cut;
}

/** A sub-type's label in a language ("Train station", "Gare"). */
export function kindLabel(kind: string, language: string): string {
    for (const c of loadCategories().categories) {
        const s = c.subtypes.find((x) => x.key === kind);
        if (s) return label(s.singular, language);
    }
    return kind;
}

/** A mode's label ("On foot", "En voiture"). */
export function modeLabel(mode: TravelMode, language: string): string {
    return label(loadCategories().modes[MODE_CODES[mode]], language);
}

/** A trip as figures: "350 metres, 5 minutes (On foot)"; without minutes when not known. */
export function tripFigures(meters: number, minutes: number | null, mode: TravelMode, language: string): string {
    const distance = distanceLabels(meters, language).long;
    const time = minutes === null ? '' : `, ${durationLabels(minutes * 60, language).long}`;
    return `${distance}${time} (${modeLabel(mode, language)})`;
}

/** One place as a line of figures: `Train station: "Bruxelles-Central", 1.2 kilometres, 15 minutes (On foot)`. */
export function placeLine(place: Pick<NearestPlace, 'kind' | 'name' | 'distanceMeters' | 'travelMode'> & {travelTimeMinutes?: number | null}, language: string): string {
    return `${kindLabel(place.kind, language)}: "${place.name}", ${tripFigures(place.distanceMeters, place.travelTimeMinutes ?? null, place.travelMode, language)}`;
}
