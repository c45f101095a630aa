// Every language pack, by code. A language without a pack falls back to English.
import type {LanguagePack} from '../pack.js';
import ar from './ar.js';
import bg from './bg.js';
import bs from './bs.js';
import ca from './ca.js';
import de from './de.js';
import el from './el.js';
import en from './en.js';
import es from './es.js';
import fr from './fr.js';
import hr from './hr.js';
import it from './it.js';
import mt from './mt.js';
import nl from './nl.js';
import pt from './pt.js';
import sl from './sl.js';
import sq from './sq.js';
import sr from './sr.js';
import tr from './tr.js';
import zh from './zh.js';

const PACKS: Record<string, LanguagePack> = {AR: ar, BG: bg, BS: bs, CA: ca, DE: de, EL: el, EN: en, ES: es, FR: fr, HR: hr,
    IT: it, MT: mt, NL: nl, PT: pt, SL: sl, SQ: sq, SR: sr, TR: tr, ZH: zh};

export const PACK_LANGUAGES = Object.keys(PACKS);

export function languagePack(language: string): LanguagePack {
    return PACKS[language.toUpperCase()] ?? en;
}
