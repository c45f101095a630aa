// Arabic. Durations are written with digits and a noun that suits any number: the plural
// ("دقائق", "ساعات") for 3 to 10, the singular ("دقيقة", "ساعة") otherwise, as digits are read
// with the singular tamyiz. Each noun carries its definite form and its gender ("هو"/"هي" after
// "أقرب"); names stay in quotes, after a noun or a preposition, so they never need a case ending.
import type {FactCity, FactLines, FactMotorway, FactPlace, ModeCode, Trip} from '../facts.js';
import type {LanguagePack} from '../pack.js';
import {cityTrips, eachCity, hoursAndMinutes, kindNouns, pick, pickClose, sentenceWriter, strong, type DurationWords} from './common.js';

interface Noun {
    indef: string;
    def: string;
    g: 'm' | 'f';
}

const KINDS: Record<string, Noun> = {
    nursery: {indef: 'حضانة', def: 'الحضانة', g: 'f'},
    preschool: {indef: 'روضة أطفال', def: 'روضة الأطفال', g: 'f'},
    elementarySchool: {indef: 'مدرسة ابتدائية', def: 'المدرسة الابتدائية', g: 'f'},
    secondarySchool: {indef: 'مدرسة ثانوية', def: 'المدرسة الثانوية', g: 'f'},
    trainStation: {indef: 'محطة قطار', def: 'محطة القطار', g: 'f'},
    carSharing: {indef: 'محطة لمشاركة السيارات', def: 'محطة مشاركة السيارات', g: 'f'},
    bikeSharing: {indef: 'محطة لمشاركة الدراجات', def: 'محطة مشاركة الدراجات', g: 'f'},
    airport: {indef: 'مطار', def: 'المطار', g: 'm'},
    chargingStation: {indef: 'محطة شحن للسيارات الكهربائية', def: 'محطة شحن السيارات الكهربائية', g: 'f'},
    supermarket: {indef: 'سوبرماركت', def: 'السوبرماركت', g: 'm'},
    amusementPark: {indef: 'مدينة ملاهٍ', def: 'مدينة الملاهي', g: 'f'},
    museum: {indef: 'متحف', def: 'المتحف', g: 'm'},
    zoo: {indef: 'حديقة حيوانات', def: 'حديقة الحيوانات', g: 'f'},
    activity: {indef: 'نشاط ترفيهي', def: 'النشاط الترفيهي', g: 'm'},
    monument: {indef: 'نصب تذكاري', def: 'النصب التذكاري', g: 'm'},
    attraction: {indef: 'معلم سياحي', def: 'المعلم السياحي', g: 'm'},
    castle: {indef: 'قلعة', def: 'القلعة', g: 'f'},
    theatre: {indef: 'مسرح', def: 'المسرح', g: 'm'},
    cinema: {indef: 'دار سينما', def: 'دار السينما', g: 'f'},
    golfCourse: {indef: 'ملعب غولف', def: 'ملعب الغولف', g: 'm'}
};
const PLACE: Noun = {indef: 'مكان', def: 'المكان', g: 'm'};

const MODES: Record<ModeCode, string> = {1: 'بالسيارة', 2: 'سيرًا على الأقدام', 3: 'بالدراجة الهوائية', 4: 'بوسائل النقل العام'};

/** The vehicle after "خط" (one line) / "خطوط" (several lines). */
const LINES: Record<FactLines['kind'], {one: string; many: string}> = {
    bus: {one: 'الحافلات', many: 'الحافلات'},
    tram: {one: 'الترام', many: 'الترام'},
    lightRail: {one: 'القطار الخفيف', many: 'القطار الخفيف'},
    metro: {one: 'المترو', many: 'المترو'},
    train: {one: 'القطار', many: 'القطارات'}
};

const rules = new Intl.PluralRules('ar');
const few = (x: number) => rules.select(x) === 'few';
const DURATION: DurationWords = {
    minutes: (x) => `${x} ${few(x) ? 'دقائق' : 'دقيقة'}`,
    hours: (x) => `${x} ${few(x) ? 'ساعات' : 'ساعة'}`,
    join: (h, m) => `${h} و${m}`
};
const dur = (n: number) => hoursAndMinutes(n, DURATION);

const list = (items: string[]) => items.join('، ');

const trip = (t: Trip) => `${dur(t.minutes)} ${MODES[t.mode]}`;
const trips = (p: FactPlace) => `${trip(p.trip)}${p.alt ? ` أو ${trip(p.alt)}` : ''}`;
/** "2 دقيقة بالسيارة فقط أو 8 دقائق بوسائل النقل العام" */
const away = (p: FactPlace) => `${trip(p.trip)}${p.close ? ' فقط' : ''}${p.alt ? ` أو ${trip(p.alt)}` : ''}`;

const nouns = (p: FactPlace): Noun[] => kindNouns(p.kinds, KINDS, PLACE);
const kinds = (p: FactPlace) => nouns(p).map((x) => strong(x.indef)).join(' / ');
const kindsDef = (p: FactPlace) => nouns(p).map((x) => strong(x.def)).join(' / ');
/** "أقرب [متحف] هو "X"", or null for a place of several kinds. */
function nearestIs(p: FactPlace): string | null {
    const ns = nouns(p);
    if (ns.length !== 1) return null;
    return `أقرب ${strong(ns[0].indef)} ${ns[0].g === 'm' ? 'هو' : 'هي'} "${p.name}"`;
}
const reach = (p: FactPlace) => `يمكنكم الوصول إلى "${p.name}" (${kinds(p)}) خلال ${trips(p)}.`;
/** The nearest of its kind and how far, or, for a place of several kinds, the place, its kinds and how far. */
function nearestAway(p: FactPlace): string {
    const head = nearestIs(p);
    return head ? `${head}، على بعد ${away(p)}.` : `"${p.name}" (${kinds(p)}) على بعد ${away(p)}.`;
}

function tourism(p: FactPlace, variant: number): string {
    return pick([
        () => nearestAway(p),
        () => reach(p),
        () => {
            const time = p.close ? `لا يستغرق الوصول إلى هناك سوى ${trips(p)}` : `يستغرق الوصول إلى هناك ${trips(p)}`;
            return `هل ترغبون في اكتشاف ${kindsDef(p)} "${p.name}"؟ ${time}.`;
        }
    ], variant)();
}

function transport(p: FactPlace, variant: number): string {
    return pick([
        () => nearestAway(p),
        () => reach(p),
        () => `هل تحتاجون إلى ${kindsDef(p)}؟ "${p.name}" على بعد ${away(p)}.`
    ], variant)();
}

function education(p: FactPlace, variant: number): string {
    return pickClose(p.close, [
        () => `ستقدّر العائلات التي لديها أطفال قرب "${p.name}" (${kinds(p)})، على بعد ${away(p)}.`,
        () => `ميزة للعائلات: "${p.name}" (${kinds(p)}) على بعد ${away(p)}.`
    ], [
        () => {
            const head = nearestIs(p);
            return head ? `${head}، على بعد ${away(p)}.` : reach(p);
        }
    ], variant)();
}

function motorways(ms: FactMotorway[], variant: number, close: boolean): string {
    const items = list(ms.map((m) => `${m.name} (${dur(m.minutes)})`));
    return pickClose(close, [
        `يسهل الوصول إلى ${strong('الطريق السريع')} بالسيارة: ${items}.`,
        `شبكة ${strong('الطرق السريعة')} في المتناول بالسيارة: ${items}.`
    ], [
        `أقرب مداخل ${strong('الطريق السريع')} بالسيارة: ${items}.`
    ], variant);
}

function supermarkets(ps: FactPlace[], variant: number): string {
    if (ps.length === 1) {
        const p = ps[0];
        return pickClose(p.close, [
            `من أجل ${strong('التسوق')}، يوجد بالقرب منكم "${p.name}" (${trips(p)}).`
        ], [
            `أقرب ${strong('سوبرماركت')} هو "${p.name}" (${trips(p)}).`
        ], variant);
    }
    const items = list(ps.map((p) => `"${strong(p.name)}" (${trips(p)})`));
    return pickClose(ps.every((p) => p.close), [
        `من أجل ${strong('التسوق')}، تتوفر عدة خيارات قريبة: ${items}.`,
        `توجد بالقرب منكم عدة ${strong('متاجر سوبرماركت')}: ${items}.`
    ], [
        `أقرب ${strong('متاجر السوبرماركت')}: ${items}.`
    ], variant);
}

const toCity = (c: FactCity) => cityTrips(c).map(trip).join(' أو ');

function cities(cs: FactCity[], variant: number): string {
    return eachCity(cs, variant, (c, v) => pick([
        `تقع مدينة ${strong(c.name)} على بعد ${toCity(c)}.`,
        `هل تحتاجون إلى الذهاب إلى ${strong(c.name)} للعمل أو الترفيه؟ تستغرق الرحلة ${toCity(c)}.`
    ], v));
}

function lines(l: FactLines, variant: number): string {
    const one = l.lines.length === 1;
    const vehicle = strong(one ? LINES[l.kind].one : LINES[l.kind].many);
    const names = list(l.lines);
    const walk = `${dur(l.walkMinutes)} ${MODES[2]}${l.close ? ' فقط' : ''}`;
    return pickClose(l.close, [
        `سيقدّر مستخدمو النقل العام الوصول إلى ${one ? 'خط' : 'خطوط'} ${vehicle} ${names}، مع محطة على بعد ${walk}.`
    ], [
        `يُخدم الحي ${one ? 'بخط' : 'بخطوط'} ${vehicle} ${names}، وتقع أقرب محطة على بعد ${walk}.`
    ], variant);
}

function intro(street: string, variant: number): string {
    return pick([
        `يوفر العيش بالقرب من "${street}" إطارًا عمليًا مع سهولة الوصول إلى المتاجر ووسائل النقل والخدمات الأساسية.`,
        `يتميز محيط "${street}" بطابع عملي: المتاجر ووسائل النقل والخدمات الأساسية قريبة منكم.`
    ], variant);
}

function outro(variant: number): string {
    return pick([
        'يساهم تنوع المرافق القريبة في جودة الحياة في هذا الحي.',
        'كل ما تحتاجونه في حياتكم اليومية قريب منكم.'
    ], variant);
}

const pack: LanguagePack = {
    code: 'AR',
    titles: {tourism: 'السياحة', transports: 'النقل', education: 'التعليم', shopping: 'التسوق', cities: 'المدن القريبة', publictransports: 'النقل العام'},
    titleAround: (paragraph, title, street) => (paragraph === 'cities' ? `المدن القريبة من ${street}` : `${title} بالقرب من ${street}`),
    titleIn: (paragraph, title, city) => (paragraph === 'cities' ? `المدن القريبة من ${city}` : `${title} في ${city}`),
    sentence: sentenceWriter({intro, tourism, transport, motorways, education, supermarkets, cities, lines, outro})
};
export default pack;
