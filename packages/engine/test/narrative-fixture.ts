// Facts for the narrative tests: the Brussels reference position (50.8461, 4.3664) as the engine
// sees it, plus edge cases (one line, one supermarket, a city without a car time, long names).
import type {ParagraphFacts} from '../src/text/narrative/facts.js';

const CITY_NAMES: Record<string, Record<string, string>> = {
    Dendermonde: {FR: 'Termonde', DE: 'Dendermonde'},
    'Sint-Niklaas': {FR: 'Saint-Nicolas'},
    Mechelen: {FR: 'Malines', DE: 'Mecheln', ES: 'Malinas'}
};

function city(name: string, language: string): string {
    return CITY_NAMES[name]?.[language] ?? name;
}

/** The reference neighbourhood's facts with city names in `language`. */
export function brusselsFacts(language: string): ParagraphFacts[] {
    return [
        {id: 'tourism', facts: [
            {type: 'intro', street: 'Rue de la Loi - Wetstraat'},
            {type: 'tourism', place: {kinds: ['museum'], name: 'Musée Belvue', trip: {mode: 1, minutes: 2}, alt: null, close: true}},
            {type: 'tourism', place: {kinds: ['amusementPark'], name: 'Site Experience Brussels', trip: {mode: 1, minutes: 2}, alt: null, close: true}},
            {type: 'tourism', place: {kinds: ['activity'], name: 'Librairies Royales KBR', trip: {mode: 1, minutes: 4}, alt: null, close: true}},
            {type: 'tourism', place: {kinds: ['castle'], name: 'Porte De Hal', trip: {mode: 1, minutes: 5}, alt: null, close: true}},
            {type: 'tourism', place: {kinds: ['golfCourse'], name: 'Brussels Drohme Golf Club', trip: {mode: 1, minutes: 11}, alt: null}}
        ]},
        {id: 'transports', facts: [
            {type: 'transport', place: {kinds: ['bikeSharing'], name: 'Villo - Arts-Loi / Kunst-Wet', trip: {mode: 2, minutes: 2}, alt: null, close: true}},
            {type: 'transport', place: {kinds: ['airport'], name: 'Brussels Airport', trip: {mode: 1, minutes: 12}, alt: {mode: 4, minutes: 32}}},
            {type: 'transport', place: {kinds: ['carSharing'], name: 'Cambio - Arts-Loi/Kunst-Wet', trip: {mode: 3, minutes: 2}, alt: null, close: true}},
            {type: 'motorways', motorways: [
                {name: 'A3 / E25 - E40 - E42 : Bruxelles - Louvain - Liège', minutes: 8},
                {name: 'A4 / E411 - E25 : Bruxelles - Namur - Arlon', minutes: 10}
            ], close: true},
            {type: 'transport', place: {kinds: ['trainStation'], name: 'Brussel-Centraal / Bruxelles-Central', trip: {mode: 1, minutes: 2}, alt: {mode: 4, minutes: 8}, close: true}},
            {type: 'transport', place: {kinds: ['chargingStation'], name: 'De Warande', trip: {mode: 1, minutes: 1}, alt: null, close: true}}
        ]},
        {id: 'education', facts: [
            {type: 'education', place: {kinds: ['preschool', 'elementarySchool'], name: 'Ecole Fondamentale Congrès-Dachsbeck', trip: {mode: 3, minutes: 3}, alt: null, close: true}},
            {type: 'education', place: {kinds: ['secondarySchool'], name: 'Go! Meertalig Atheneum Woluwe', trip: {mode: 2, minutes: 7}, alt: null, close: true}},
            {type: 'education', place: {kinds: ['nursery'], name: 'La Maison De La Famille - Willy Peers', trip: {mode: 2, minutes: 4}, alt: null, close: true}},
            {type: 'education', place: {kinds: ['elementarySchool', 'secondarySchool'], name: 'Institut Saint-Louis', trip: {mode: 4, minutes: 16}, alt: null}}
        ]},
        {id: 'shopping', facts: [
            {type: 'supermarkets', places: [
                {kinds: ['supermarket'], name: 'Carrefour Express Bruxelles Arts Loi', trip: {mode: 2, minutes: 3}, alt: {mode: 1, minutes: 2}, close: true},
                {kinds: ['supermarket'], name: 'Shop & Go Delhaize Commerce', trip: {mode: 2, minutes: 7}, alt: {mode: 1, minutes: 2}, close: true},
                {kinds: ['supermarket'], name: 'Eat & Go Gare Centrale', trip: {mode: 2, minutes: 9}, alt: {mode: 1, minutes: 2}, close: true}
            ]}
        ]},
        {id: 'cities', facts: [
            {type: 'cities', cities: [
                {name: city('Dendermonde', language), car: 37, bike: 116},
                {name: city('Sint-Niklaas', language), car: 39, bike: 178},
                {name: city('Mechelen', language), car: 24, bike: 88}
            ]}
        ]},
        {id: 'publictransports', facts: [
            {type: 'lines', lines: {kind: 'bus', lines: ['N05 - Gare Centrale - Kraainem', '65 - Gare Centrale - Machelen', '63 - Gare Centrale - Cimetiere De Bruxelles'], walkMinutes: 4, close: true}},
            {type: 'lines', lines: {kind: 'tram', lines: ['93 - Stade - Legrand', '92 - Schaerbeek Gare - Fort-Jaco'], walkMinutes: 4, close: true}},
            {type: 'lines', lines: {kind: 'metro', lines: ['5 - Erasme - Herrmann-Debroux', '1 - Gare De L\'Ouest - Stockel'], walkMinutes: 4, close: true}},
            {type: 'outro'}
        ]}
    ];
}

/** Edge cases: single items, 1 minute, a city reachable only by bike, an hour and more. */
export function edgeFacts(_language: string): ParagraphFacts[] {
    return [
        {id: 'tourism', facts: [
            {type: 'intro', street: 'Avenue Louise'},
            {type: 'tourism', place: {kinds: ['zoo'], name: 'Pairi Daiza', trip: {mode: 1, minutes: 1}, alt: null}},
            {type: 'tourism', place: {kinds: ['monument'], name: 'Atomium', trip: {mode: 1, minutes: 75}, alt: null}},
            {type: 'tourism', place: {kinds: ['attraction'], name: 'Manneken Pis', trip: {mode: 1, minutes: 3}, alt: null}},
            {type: 'tourism', place: {kinds: ['theatre'], name: 'Théâtre Royal de la Monnaie', trip: {mode: 1, minutes: 6}, alt: null}},
            {type: 'tourism', place: {kinds: ['cinema'], name: 'Cinéma Galeries', trip: {mode: 1, minutes: 21}, alt: null}}
        ]},
        {id: 'transports', facts: [
            {type: 'motorways', motorways: [{name: 'A12', minutes: 1}]},
            {type: 'transport', place: {kinds: ['trainStation'], name: 'Gare de Schaerbeek', trip: {mode: 1, minutes: 6}, alt: null}},
            {type: 'transport', place: {kinds: ['airport'], name: 'Charleroi', trip: {mode: 1, minutes: 61}, alt: null}}
        ]},
        {id: 'education', facts: [
            {type: 'education', place: {kinds: ['nursery', 'preschool', 'elementarySchool', 'secondarySchool'], name: 'École Européenne', trip: {mode: 1, minutes: 21}, alt: null}}
        ]},
        {id: 'shopping', facts: [
            {type: 'supermarkets', places: [{kinds: ['supermarket'], name: 'Lidl', trip: {mode: 1, minutes: 14}, alt: null}]}
        ]},
        {id: 'cities', facts: [
            {type: 'cities', cities: [{name: 'Halle', car: null, bike: 1}, {name: 'Vilvoorde', car: 1, bike: null}]}
        ]},
        {id: 'publictransports', facts: [
            {type: 'lines', lines: {kind: 'train', lines: ['IC 2313 - Oostende - Eupen'], walkMinutes: 1}},
            {type: 'lines', lines: {kind: 'bus', lines: ['71 - De Brouckère - Delta'], walkMinutes: 12}},
            {type: 'outro'}
        ]}
    ];
}
