// Chinese (Simplified). No inflection: only word order matters. Full-width punctuation
// (，：；、（）？。) around the text, but names stay in straight ASCII double quotes as everywhere.
// Durations: 5分钟, 1小时15分钟, 1小时.
import type {FactCity, FactLines, FactMotorway, FactPlace, ModeCode, Trip} from '../facts.js';
import type {LanguagePack} from '../pack.js';
import {cityTrips, eachCity, hoursAndMinutes, kindNouns, pick, pickClose, sentenceWriter, strong, type DurationWords} from './common.js';

const KINDS: Record<string, string> = {
    nursery: '托儿所',
    preschool: '幼儿园',
    elementarySchool: '小学',
    secondarySchool: '中学',
    trainStation: '火车站',
    carSharing: '共享汽车站点',
    bikeSharing: '共享单车站点',
    airport: '机场',
    chargingStation: '充电站',
    supermarket: '超市',
    amusementPark: '游乐园',
    museum: '博物馆',
    zoo: '动物园',
    activity: '休闲活动场所',
    monument: '古迹',
    attraction: '景点',
    castle: '城堡',
    theatre: '剧院',
    cinema: '电影院',
    golfCourse: '高尔夫球场'
};
const PLACE = '地点';

const MODES: Record<ModeCode, string> = {1: '开车', 2: '步行', 3: '骑自行车', 4: '乘坐公共交通'};

const LINES: Record<FactLines['kind'], {kind: string; stop: string}> = {
    bus: {kind: '公交', stop: '公交站'},
    tram: {kind: '有轨电车', stop: '电车站'},
    lightRail: {kind: '轻轨', stop: '轻轨站'},
    metro: {kind: '地铁', stop: '地铁站'},
    train: {kind: '火车', stop: '火车站'}
};

const DURATION: DurationWords = {minutes: (n) => `${n}分钟`, hours: (n) => `${n}小时`, join: (h, m) => `${h}${m}`};
const dur = (n: number) => hoursAndMinutes(n, DURATION);

const list = (items: string[]) => items.join('、');

const trip = (t: Trip, only = false) => `${MODES[t.mode]}${only ? '仅需' : ''}${dur(t.minutes)}`;
/** "开车仅需2分钟或乘坐公共交通8分钟" */
const trips = (p: FactPlace, only = true) => `${trip(p.trip, only && p.close === true)}${p.alt ? `或${trip(p.alt)}` : ''}`;

const kindList = (p: FactPlace): string[] => kindNouns(p.kinds, KINDS, PLACE);
const kinds = (p: FactPlace) => kindList(p).map(strong).join('、');
/** "最近的[博物馆]是"X"", or null for a place of several kinds. */
function nearestIs(p: FactPlace): string | null {
    const ks = kindList(p);
    return ks.length === 1 ? `最近的${strong(ks[0])}是"${p.name}"` : null;
}
/** "[博物馆]"X"", or ""X"（[幼儿园]、[小学]）" for a place of several kinds (one place, not two). */
const named = (p: FactPlace) => (kindList(p).length === 1 ? `${kinds(p)}"${p.name}"` : `"${p.name}"（${kinds(p)}）`);
const fromHere = (p: FactPlace) => `从这里出发，${trips(p)}即可到达${named(p)}。`;
/** The nearest of its kind and the trip there, or, for a place of several kinds, the place and its distance. */
function nearestTrip(p: FactPlace): string {
    const head = nearestIs(p);
    return head ? `${head}，${trips(p)}即可到达。` : `${named(p)}距离这里${trips(p, false)}。`;
}

function tourism(p: FactPlace, variant: number): string {
    return pick([
        () => nearestTrip(p),
        () => fromHere(p),
        () => `想去${named(p)}看看吗？${trips(p)}即可到达。`
    ], variant)();
}

function transport(p: FactPlace, variant: number): string {
    return pick([
        () => nearestTrip(p),
        () => fromHere(p),
        () => `需要前往${kinds(p)}吗？"${p.name}"距离这里${trips(p, false)}。`
    ], variant)();
}

function education(p: FactPlace, variant: number): string {
    return pickClose(p.close, [
        () => `有孩子的家庭会喜欢这里的便利：${named(p)}${trips(p)}即可到达。`,
        () => `对家庭来说是一大优势：从这里${trips(p)}就能到达${named(p)}。`
    ], [
        () => nearestTrip(p)
    ], variant)();
}

function motorways(ms: FactMotorway[], variant: number, close: boolean): string {
    const items = list(ms.map((m) => `${m.name}（${dur(m.minutes)}）`));
    return pickClose(close, [
        `开车可以很快驶上${strong('高速公路')}：${items}。`,
        `${strong('高速公路')}网络近在咫尺，开车可达：${items}。`
    ], [
        `开车前往${strong('高速公路')}：${items}。`
    ], variant);
}

function supermarkets(ps: FactPlace[], variant: number): string {
    if (ps.length === 1) {
        const p = ps[0];
        return pickClose(p.close, [
            `在${strong('购物')}方面，附近有"${p.name}"（${trips(p, false)}）。`
        ], [
            `最近的${strong('超市')}是"${p.name}"（${trips(p, false)}）。`
        ], variant);
    }
    const items = list(ps.map((p) => `"${strong(p.name)}"（${trips(p, false)}）`));
    return pickClose(ps.every((p) => p.close), [
        `在${strong('购物')}方面，附近有多个选择：${items}。`,
        `附近有多家${strong('超市')}：${items}。`
    ], [
        `最近的${strong('超市')}：${items}。`
    ], variant);
}

const toCity = (c: FactCity) => cityTrips(c).map((t) => trip(t)).join('或');

function cities(cs: FactCity[], variant: number): string {
    return eachCity(cs, variant, (c, v) => pick([
        `前往${strong(c.name)}需要${toCity(c)}。`,
        `需要去${strong(c.name)}工作或休闲吗？${toCity(c)}即可到达。`
    ], v), '');
}

function lines(l: FactLines, variant: number): string {
    const w = LINES[l.kind];
    const one = l.lines.length === 1;
    const names = list(l.lines);
    const walk = `步行${l.close ? '仅需' : ''}${dur(l.walkMinutes)}`;
    return pickClose(l.close, [
        `公共交通使用者可以方便地乘坐${one ? '' : '多条'}${strong(w.kind)}线路：${names}，最近的${w.stop}${walk}即可到达。`
    ], [
        `本区域有${one ? '一条' : '多条'}${strong(w.kind)}线路经过：${names}；从这里${walk}即可到达最近的${w.stop}。`
    ], variant);
}

function intro(street: string, variant: number): string {
    return pick([
        `住在"${street}"附近，生活便利，商店、交通和各类基本服务都触手可及。`,
        `"${street}"周边环境便利，购物、出行和日常服务都十分方便。`
    ], variant);
}

function outro(variant: number): string {
    return pick([
        '周边丰富多样的便利设施提升了这个街区的生活品质。',
        '日常生活所需的一切都近在咫尺。'
    ], variant);
}

const pack: LanguagePack = {
    code: 'ZH',
    titles: {tourism: '旅游', transports: '交通', education: '教育', shopping: '购物', cities: '附近城市', publictransports: '公共交通'},
    titleAround: (paragraph, title, street) => (paragraph === 'cities' ? `${street}附近的城市` : `${street}附近的${title}`),
    titleIn: (paragraph, title, city) => (paragraph === 'cities' ? `${city}附近的城市` : `${city}的${title}`),
    sentence: sentenceWriter({intro, tourism, transport, motorways, education, supermarkets, cities, lines, outro})
};
export default pack;
