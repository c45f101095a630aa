// Turkish. Suffixes follow the vowel harmony of the word they attach to, so no suffix is ever
// attached to a name or a number: names stand alone in quotes, with the kind noun before them or
// in parentheses, and durations are followed by fixed words ("2 dakika uzaklıkta", "şehrine" after
// a city). Nouns are never pluralised after a number: 5 dakika, 2 saat.
import type {FactCity, FactLines, FactMotorway, FactPlace, ModeCode, Trip} from '../facts.js';
import type {LanguagePack} from '../pack.js';
import {cityTrips, eachCity, hoursAndMinutes, joinList, kindNouns, pick, pickClose, sentenceWriter, strong, type DurationWords} from './common.js';

const KINDS: Record<string, string> = {
    nursery: 'kreş',
    preschool: 'anaokulu',
    elementarySchool: 'ilkokul',
    secondarySchool: 'lise',
    trainStation: 'tren istasyonu',
    carSharing: 'araç paylaşım noktası',
    bikeSharing: 'bisiklet paylaşım istasyonu',
    airport: 'havalimanı',
    chargingStation: 'şarj istasyonu',
    supermarket: 'süpermarket',
    amusementPark: 'eğlence parkı',
    museum: 'müze',
    zoo: 'hayvanat bahçesi',
    activity: 'aktivite',
    monument: 'anıt',
    attraction: 'turistik yer',
    castle: 'kale',
    theatre: 'tiyatro',
    cinema: 'sinema',
    golfCourse: 'golf sahası'
};
const PLACE = 'yer';

const MODES: Record<ModeCode, string> = {1: 'arabayla', 2: 'yürüyerek', 3: 'bisikletle', 4: 'toplu taşımayla'};

const LINES: Record<FactLines['kind'], {kind: string; stop: string}> = {
    bus: {kind: 'otobüs', stop: 'durak'},
    tram: {kind: 'tramvay', stop: 'durak'},
    lightRail: {kind: 'hafif raylı', stop: 'durak'},
    metro: {kind: 'metro', stop: 'istasyon'},
    train: {kind: 'tren', stop: 'istasyon'}
};

const DURATION: DurationWords = {minutes: (n) => `${n} dakika`, hours: (n) => `${n} saat`, join: (h, m) => `${h} ${m}`};
const dur = (n: number) => hoursAndMinutes(n, DURATION);

const capitalize = (s: string) => s.charAt(0).toLocaleUpperCase('tr') + s.slice(1);
const lower = (s: string) => s.toLocaleLowerCase('tr');
const list = (items: string[]) => joinList(items, ', ', ' ve ');

const trip = (t: Trip, only = false) => `${MODES[t.mode]} ${only ? 'sadece ' : ''}${dur(t.minutes)}`;
/** "arabayla sadece 2 dakika veya toplu taşımayla 8 dakika" */
const trips = (p: FactPlace, only = true) => `${trip(p.trip, only && p.close === true)}${p.alt ? ` veya ${trip(p.alt)}` : ''}`;

const kinds = (p: FactPlace) => kindNouns(p.kinds, KINDS, PLACE).map(strong).join(' / ');

function tourism(p: FactPlace, variant: number): string {
    return pick([
        () => `En yakın ${kinds(p)} "${p.name}", ${trips(p)} uzaklıktadır.`,
        () => `${capitalize(trips(p))} mesafede bir ${kinds(p)} var: "${p.name}".`,
        () => `"${p.name}" (${kinds(p)}) görülmeye değer: ${trips(p)} uzaklıkta.`
    ], variant)();
}

function transport(p: FactPlace, variant: number): string {
    return pick([
        () => `En yakın ${kinds(p)} "${p.name}", ${trips(p)} uzaklıktadır.`,
        () => `${capitalize(trips(p))} mesafede bir ${kinds(p)} bulunuyor: "${p.name}".`,
        () => `"${p.name}" (${kinds(p)}), ${trips(p, false)} içinde ulaşabileceğiniz bir konumda.`
    ], variant)();
}

function education(p: FactPlace, variant: number): string {
    return pickClose(p.close, [
        () => `Çocuklu aileler yakınlığı takdir edecek: "${p.name}" (${kinds(p)}), ${trips(p)} uzaklıkta.`,
        () => `Aileler için bir avantaj: "${p.name}" (${kinds(p)}), ${trips(p, false)} içinde ulaşabileceğiniz bir konumda.`
    ], [
        () => `En yakın ${kinds(p)} "${p.name}", ${trips(p)} uzaklıktadır.`
    ], variant)();
}

function motorways(ms: FactMotorway[], variant: number, close: boolean): string {
    const items = list(ms.map((m) => `${m.name} (${dur(m.minutes)})`));
    return pickClose(close, [
        `${strong('Otoyol')} ağına arabayla kolayca ulaşılır: ${items}.`,
        `Arabayla kısa sürede ${strong('otoyol')} bağlantılarına ulaşabilirsiniz: ${items}.`
    ], [
        `Arabayla ${strong('otoyol')} bağlantıları: ${items}.`
    ], variant);
}

function supermarkets(ps: FactPlace[], variant: number): string {
    if (ps.length === 1) {
        const p = ps[0];
        return pick([
            `${strong('Alışveriş')} için en yakın seçenek: "${p.name}" (${trips(p, false)}).`,
            `En yakın ${strong('süpermarket')}: "${p.name}" (${trips(p, false)}).`
        ], variant);
    }
    const items = list(ps.map((p) => `"${strong(p.name)}" (${trips(p, false)})`));
    return pickClose(ps.every((p) => p.close), [
        `${strong('Alışveriş')} için yakınlarda birçok seçenek var: ${items}.`,
        `Yakınlarda birkaç ${strong('süpermarket')} bulunuyor: ${items}.`
    ], [
        `En yakın ${strong('süpermarketler')}: ${items}.`
    ], variant);
}

const toCity = (c: FactCity) => cityTrips(c).map((t) => trip(t)).join(' veya ');

function cities(cs: FactCity[], variant: number): string {
    return eachCity(cs, variant, (c, v) => pick([
        () => `${strong(c.name)}, ${toCity(c)} uzaklıktadır.`,
        () => `İş ya da eğlence için ${strong(c.name)} şehrine mi gideceksiniz? ${capitalize(toCity(c))} yeterli.`
    ], v)());
}

function lines(l: FactLines, variant: number): string {
    const w = LINES[l.kind];
    const one = l.lines.length === 1;
    const names = list(l.lines);
    const walk = `yürüyerek ${l.close ? 'sadece ' : ''}${dur(l.walkMinutes)} uzaklıktadır`;
    return pickClose(l.close, [
        `Toplu taşıma kullanıcıları ${names} ${strong(w.kind)} ${one ? 'hattına' : 'hatlarına'} kolayca ulaşabilir; en yakın ${w.stop} ${walk}.`
    ], [
        `Bölgeden şu ${strong(w.kind)} ${one ? 'hattı' : 'hatları'} geçiyor: ${names}; en yakın ${w.stop} ${walk}.`
    ], variant);
}

function intro(street: string, variant: number): string {
    return pick([
        `"${street}" çevresinde yaşamak, mağazalara, ulaşıma ve temel hizmetlere kolay erişim sunan pratik bir yaşam alanı sağlar.`,
        `"${street}" pratik bir yaşam sunar: mağazalar, ulaşım ve temel hizmetler hemen yakınınızda.`
    ], variant);
}

function outro(variant: number): string {
    return pick([
        'Yakındaki hizmetlerin çeşitliliği, bu mahallede yaşam kalitesine katkıda bulunur.',
        'Günlük yaşam için ihtiyacınız olan her şey yakınınızda.'
    ], variant);
}

const pack: LanguagePack = {
    code: 'TR',
    titles: {tourism: 'Turizm', transports: 'Ulaşım', education: 'Eğitim', shopping: 'Alışveriş', cities: 'Yakındaki şehirler', publictransports: 'Toplu taşıma'},
    titleAround: (paragraph, title, street) => (paragraph === 'cities' ? `${street} çevresindeki şehirler` : `${street} çevresinde ${lower(title)}`),
    titleIn: (paragraph, title, city) => (paragraph === 'cities' ? `${city} yakınındaki şehirler` : `${city} şehrinde ${lower(title)}`),
    sentence: sentenceWriter({intro, tourism, transport, motorways, education, supermarkets, cities, lines, outro})
};
export default pack;
