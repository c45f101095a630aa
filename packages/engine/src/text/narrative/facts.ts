// The language-independent facts a narrative is written from: one Fact per sentence. The
// neighbourhood answer (summary data) is turned into facts once; every language pack then
// writes each fact as one sentence, so every sentence map holds the same fact in every language.

/** Travel mode codes of the summary payloads (COMPAT.md `tm`). */
export const MODE_CAR = 1;
export const MODE_WALK = 2;
export const MODE_BIKE = 3;
export const MODE_TRANSIT = 4;
export type ModeCode = 1 | 2 | 3 | 4;

/** Paragraph ids, in the order they are written (the reference response's order). */
export const PARAGRAPHS = ['tourism', 'transports', 'education', 'shopping', 'cities', 'publictransports'] as const;
export type ParagraphId = typeof PARAGRAPHS[number];

/** A time to reach a place: whole minutes (at least 1, rounded as the summary labels round) by one mode. */
export interface Trip {
    mode: ModeCode;
    minutes: number;
}

/**
 * A place of the summary. `kinds` are sub-type keys of data/categories.json (nursery, preschool,
 * elementarySchool, secondarySchool, trainStation, carSharing, bikeSharing, airport,
 * chargingStation, supermarket, amusementPark, museum, zoo, activity, monument, attraction,
 * castle, theatre, cinema, golfCourse): several when one place is of several kinds (a school that
 * is preschool and elementary school).
 */
export interface FactPlace {
    kinds: string[];
    name: string;
    /** The trip the sentence is about (the mode that suits the place best). */
    trip: Trip;
    /** A second trip worth naming (train station: by car, then by public transport), or null. */
    alt: Trip | null;
    /** Every figure is within the close limit (data/narrative.json): the sentence may praise proximity. */
    close?: boolean;
}

/** A motorway access: `name` is the motorway with its destinations ("A3 / E25 - E40 : Bruxelles - Liège"). */
export interface FactMotorway {
    name: string;
    minutes: number;
}

/** The kinds of transit line the text names, from the lines' route type (OSM route=*). */
export type LineKind = 'metro' | 'lightRail' | 'tram' | 'bus' | 'train';

/** Lines of one kind served at the nearest stop of that kind ("65 - Gare Centrale - Machelen"). */
export interface FactLines {
    kind: LineKind;
    lines: string[];
    walkMinutes: number;
    /** The stop is within the close limit on foot: the sentence may say the area is well served. */
    close?: boolean;
}

/** A nearby city: its name already in the sentence's language, and the trips to it. */
export interface FactCity {
    name: string;
    car: number | null;
    bike: number | null;
    /** Every trip is within the close limit. */
    close?: boolean;
}

/**
 * One sentence's worth of information. `intro` and `outro` carry the street (in the sentence's
 * language) and frame the tourism and public transport paragraphs.
 */
export type Fact =
    | {type: 'intro'; street: string}
    | {type: 'tourism'; place: FactPlace}
    | {type: 'transport'; place: FactPlace}
    | {type: 'motorways'; motorways: FactMotorway[]; close?: boolean}
    | {type: 'education'; place: FactPlace}
    | {type: 'supermarkets'; places: FactPlace[]}
    | {type: 'cities'; cities: FactCity[]}
    | {type: 'lines'; lines: FactLines}
    | {type: 'outro'};

/** A paragraph before it is written: its id and its facts, in sentence order. */
export interface ParagraphFacts {
    id: ParagraphId;
    facts: Fact[];
}
