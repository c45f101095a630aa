// Greek. Each noun carries its gender and its accusative, so that articles ("ο/η/το",
// "τον/τη/το", "στον/στη/στο") and "πλησιέστερος/-η/-ο" agree; names stay in the nominative, in
// quotes, after the article of their noun ("το "Musée Belvue""), or after "η πόλη". Durations:
// 1 λεπτό, 2 λεπτά; 1 ώρα, 2 ώρες (nominative = accusative).
import type {FactCity, FactLines, FactMotorway, FactPlace, ModeCode, Trip} from '../facts.js';
import type {LanguagePack} from '../pack.js';
import {capitalize, cityTrips, eachCity, hoursAndMinutes, joinList, kindNouns, pick, pickClose, sentenceWriter, strong,
    type DurationWords} from './common.js';

interface Noun {
    nom: string;
    acc: string;
    g: 'm' | 'f' | 'n';
}
const n = (nom: string, g: 'f' | 'n'): Noun => ({nom, acc: nom, g});

const KINDS: Record<string, Noun> = {
    nursery: {nom: 'βρεφικός σταθμός', acc: 'βρεφικό σταθμό', g: 'm'},
    preschool: n('νηπιαγωγείο', 'n'),
    elementarySchool: n('δημοτικό σχολείο', 'n'),
    secondarySchool: n('σχολείο δευτεροβάθμιας εκπαίδευσης', 'n'),
    trainStation: {nom: 'σιδηροδρομικός σταθμός', acc: 'σιδηροδρομικό σταθμό', g: 'm'},
    carSharing: {nom: 'σταθμός κοινόχρηστων αυτοκινήτων', acc: 'σταθμό κοινόχρηστων αυτοκινήτων', g: 'm'},
    bikeSharing: {nom: 'σταθμός κοινόχρηστων ποδηλάτων', acc: 'σταθμό κοινόχρηστων ποδηλάτων', g: 'm'},
    airport: n('αεροδρόμιο', 'n'),
    chargingStation: {nom: 'σταθμός φόρτισης', acc: 'σταθμό φόρτισης', g: 'm'},
    supermarket: n('σούπερ μάρκετ', 'n'),
    amusementPark: n('πάρκο αναψυχής', 'n'),
    museum: n('μουσείο', 'n'),
    zoo: {nom: 'ζωολογικός κήπος', acc: 'ζωολογικό κήπο', g: 'm'},
    activity: n('δραστηριότητα', 'f'),
    monument: n('μνημείο', 'n'),
    attraction: n('αξιοθέατο', 'n'),
    castle: n('κάστρο', 'n'),
    theatre: n('θέατρο', 'n'),
    cinema: {nom: 'κινηματογράφος', acc: 'κινηματογράφο', g: 'm'},
    golfCourse: n('γήπεδο γκολφ', 'n')
};
const PLACE: Noun = n('σημείο', 'n');

const MODES: Record<ModeCode, string> = {1: 'με το αυτοκίνητο', 2: 'με τα πόδια', 3: 'με ποδήλατο', 4: 'με τα μέσα μαζικής μεταφοράς'};

const LINES: Record<FactLines['kind'], {gen: string; stop: string; withStop: string}> = {
    bus: {gen: 'λεωφορείου', stop: 'η πλησιέστερη στάση', withStop: 'με τη στάση να απέχει'},
    tram: {gen: 'τραμ', stop: 'η πλησιέστερη στάση', withStop: 'με τη στάση να απέχει'},
    lightRail: {gen: 'ελαφρού σιδηροδρόμου', stop: 'η πλησιέστερη στάση', withStop: 'με τη στάση να απέχει'},
    metro: {gen: 'μετρό', stop: 'ο πλησιέστερος σταθμός', withStop: 'με τον σταθμό να απέχει'},
    train: {gen: 'τρένου', stop: 'ο πλησιέστερος σταθμός', withStop: 'με τον σταθμό να απέχει'}
};

const DURATION: DurationWords = {
    minutes: (x) => `${x} ${x === 1 ? 'λεπτό' : 'λεπτά'}`,
    hours: (x) => `${x} ${x === 1 ? 'ώρα' : 'ώρες'}`,
    join: (h, m) => `${h} και ${m}`
};
const dur = (n: number) => hoursAndMinutes(n, DURATION);

const list = (items: string[]) => joinList(items, ', ', ' και ');

/** The feminine accusative article keeps its final ν before a vowel or a stop. */
const keepsNu = (word: string) => /^([αάεέηήιίοόυύωώκπτξψ]|μπ|ντ|γκ|τσ|τζ)/i.test(word);
const artNom = (x: Noun) => ({m: 'ο', f: 'η', n: 'το'}[x.g]);
const artAcc = (x: Noun) => (x.g === 'm' ? 'τον' : x.g === 'n' ? 'το' : keepsNu(x.acc) ? 'την' : 'τη');
const artSe = (x: Noun) => (x.g === 'm' ? 'στον' : x.g === 'n' ? 'στο' : keepsNu(x.acc) ? 'στην' : 'στη');
const nearestAdj = (x: Noun) => ({m: 'ο πλησιέστερος', f: 'η πλησιέστερη', n: 'το πλησιέστερο'}[x.g]);

const trip = (t: Trip) => `${dur(t.minutes)} ${MODES[t.mode]}`;
const trips = (p: FactPlace) => `${trip(p.trip)}${p.alt ? ` ή ${trip(p.alt)}` : ''}`;
/** "μόλις 2 λεπτά με το αυτοκίνητο ή 8 λεπτά με τα μέσα μαζικής μεταφοράς" */
const away = (p: FactPlace) => `${p.close ? 'μόλις ' : ''}${trips(p)}`;

const nouns = (p: FactPlace): Noun[] => kindNouns(p.kinds, KINDS, PLACE);
const kinds = (p: FactPlace) => nouns(p).map((x) => strong(x.nom)).join(' / ');
/** The name with the article of its noun: "το "Musée Belvue""; neuter for a place of several kinds. */
const named = (p: FactPlace) => {
    const ns = nouns(p);
    return `${ns.length === 1 ? artNom(ns[0]) : 'το'} "${p.name}"`;
};
/** "Το πλησιέστερο [μουσείο] είναι το "X"", or null for a place of several kinds. */
function nearestIs(p: FactPlace): string | null {
    const ns = nouns(p);
    if (ns.length !== 1) return null;
    return `${capitalize(nearestAdj(ns[0]))} ${strong(ns[0].nom)} είναι ${named(p)}`;
}
/** "Το "X" ([μουσείο]) βρίσκεται μόλις 2 λεπτά ...". */
const isAt = (p: FactPlace) => `${capitalize(named(p))} (${kinds(p)}) βρίσκεται ${away(p)}.`;
/** The nearest of its kind and how far, or, for a place of several kinds, "Το "X" (...) απέχει ...". */
function nearestAway(p: FactPlace): string {
    const head = nearestIs(p);
    return head ? `${head}, ${away(p)}.` : `${capitalize(named(p))} (${kinds(p)}) απέχει ${away(p)}.`;
}

function tourism(p: FactPlace, variant: number): string {
    return pick([
        () => nearestAway(p),
        () => isAt(p),
        () => {
            const what = nouns(p).map((x) => `${artAcc(x)} ${strong(x.acc)}`).join(' / ');
            return `Θέλετε να ανακαλύψετε ${what} "${p.name}"; Βρίσκεται ${away(p)}.`;
        }
    ], variant)();
}

function transport(p: FactPlace, variant: number): string {
    return pick([
        () => nearestAway(p),
        () => isAt(p),
        () => {
            const where = nouns(p).map((x) => `${artSe(x)} ${strong(x.acc)}`).join(' / ');
            return `Φτάνετε ${where} "${p.name}" σε ${trips(p)}.`;
        }
    ], variant)();
}

function education(p: FactPlace, variant: number): string {
    return pickClose(p.close, [
        () => `Οι οικογένειες με παιδιά θα εκτιμήσουν την εγγύτητα: ${named(p)} (${kinds(p)}) βρίσκεται ${away(p)}.`,
        () => `Ένα πλεονέκτημα για τις οικογένειες: ${named(p)} (${kinds(p)}) απέχει ${away(p)}.`
    ], [
        () => nearestAway(p)
    ], variant)();
}

function motorways(ms: FactMotorway[], variant: number, close: boolean): string {
    const items = list(ms.map((m) => `${m.name} (${dur(m.minutes)})`));
    return pickClose(close, [
        `Ο ${strong('αυτοκινητόδρομος')} είναι εύκολα προσβάσιμος με το αυτοκίνητο: ${items}.`,
        `Με το αυτοκίνητο φτάνετε γρήγορα στον ${strong('αυτοκινητόδρομο')}: ${items}.`
    ], [
        `Οι πλησιέστερες είσοδοι στον ${strong('αυτοκινητόδρομο')} με το αυτοκίνητο: ${items}.`
    ], variant);
}

function supermarkets(ps: FactPlace[], variant: number): string {
    if (ps.length === 1) {
        const p = ps[0];
        return pickClose(p.close, [
            `Για τα ${strong('ψώνια')} σας, κοντά βρίσκεται το "${p.name}" (${trips(p)}).`
        ], [
            `Το πλησιέστερο ${strong('σούπερ μάρκετ')} είναι το "${p.name}" (${trips(p)}).`
        ], variant);
    }
    const items = list(ps.map((p) => `"${strong(p.name)}" (${trips(p)})`));
    return pickClose(ps.every((p) => p.close), [
        `Για τα ${strong('ψώνια')} σας, έχετε αρκετές επιλογές κοντά: ${items}.`,
        `Κοντά υπάρχουν αρκετά ${strong('σούπερ μάρκετ')}: ${items}.`
    ], [
        `Τα πλησιέστερα ${strong('σούπερ μάρκετ')}: ${items}.`
    ], variant);
}

const toCity = (c: FactCity) => cityTrips(c).map(trip).join(' ή ');

function cities(cs: FactCity[], variant: number): string {
    return eachCity(cs, variant, (c, v) => pick([
        () => `Η πόλη ${strong(c.name)} απέχει ${toCity(c)}.`,
        () => `Για δουλειά ή αναψυχή, μέχρι την πόλη ${strong(c.name)} χρειάζεστε ${toCity(c)}.`
    ], v)());
}

function lines(l: FactLines, variant: number): string {
    const w = LINES[l.kind];
    const one = l.lines.length === 1;
    const names = list(l.lines);
    const walk = `${l.close ? 'μόλις ' : ''}${dur(l.walkMinutes)} με τα πόδια`;
    return pick([
        `Οι χρήστες των μέσων μαζικής μεταφοράς έχουν πρόσβαση ${one ? 'στη γραμμή' : 'στις γραμμές'} ${strong(w.gen)} ${names}, ${w.withStop} ${walk}.`,
        `Η περιοχή εξυπηρετείται από ${one ? 'τη γραμμή' : 'τις γραμμές'} ${strong(w.gen)} ${names}, και ${w.stop} απέχει ${walk}.`
    ], variant);
}

function intro(street: string, variant: number): string {
    return pick([
        `Η ζωή κοντά στη διεύθυνση "${street}" προσφέρει ένα πρακτικό περιβάλλον, με εύκολη πρόσβαση σε καταστήματα, συγκοινωνίες και βασικές υπηρεσίες.`,
        `"${street}": ένα πρακτικό σημείο για να ζει κανείς, με καταστήματα, συγκοινωνίες και βασικές υπηρεσίες σε κοντινή απόσταση.`
    ], variant);
}

function outro(variant: number): string {
    return pick([
        'Η ποικιλία των διαθέσιμων παροχών στη γύρω περιοχή συμβάλλει στην ποιότητα ζωής της γειτονιάς.',
        'Όλα όσα χρειάζεστε για την καθημερινότητα βρίσκονται κοντά.'
    ], variant);
}

const pack: LanguagePack = {
    code: 'EL',
    titles: {tourism: 'Τουρισμός', transports: 'Μεταφορές', education: 'Εκπαίδευση', shopping: 'Αγορές', cities: 'Κοντινές πόλεις', publictransports: 'Μέσα μαζικής μεταφοράς'},
    titleAround: (paragraph, title, street) => (paragraph === 'cities' ? `${title} – ${street}` : `${title} στην περιοχή: ${street}`),
    titleIn: (paragraph, title, city) => (paragraph === 'cities' ? `${title} – ${city}` : `${title} στην πόλη: ${city}`),
    sentence: sentenceWriter({intro, tourism, transport, motorways, education, supermarkets, cities, lines, outro})
};
export default pack;
