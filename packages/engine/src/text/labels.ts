// Short labels in every language we serve, from data/labels.json.
import {readConfigJson} from '../config/data-files.js';

interface LabelsFile {
    minutesShort: Record<string, string>;
}

/** "5 min", "5 Min.", "5 分钟" … for a whole number of minutes. */
export function minutesShort(minutes: number, language: string): string {
    const patterns = readConfigJson<LabelsFile>('labels.json').minutesShort;
    return (patterns[language.toUpperCase()] ?? patterns.EN).replace('{n}', String(minutes));
}
