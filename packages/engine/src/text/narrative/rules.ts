// data/narrative.json: when the narrative may call a place close, and how it gives a place's trip
// (docs/api/neighbourhood.md, "Narrative: what the text may claim").
import {readConfigJson} from '../../config/data-files.js';

export interface NarrativeRules {
    /** A place within this walk (whole minutes) is given on foot. */
    onFootMinutes: number;
    /** Categories (data/categories.json keys) whose places are reached by car, also measured on foot when that near. */
    onFootCategories: string[];
    /** A sentence may praise proximity only when every figure it gives is within this. */
    closeMinutes: number;
    /** A stop farther than this on foot is not described as serving the area. */
    stopServingMinutes: number;
    /** An everyday place beyond a walk is given by bike up to this, else by public transport or car. */
    everydayBikeMinutes: number;
}

export function narrativeRules(): NarrativeRules {
    return readConfigJson<NarrativeRules>('narrative.json');
}
