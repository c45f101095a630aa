// The /points answer's layout (SPEC §4.5): one object per point with SPEC's short keys, numbers as
// strings where SPEC has them so, icons of grouped points joined by commas.
import type {PointItem} from '@quartier/engine';
import {round6} from '@quartier/engine/internal';

export interface PointAnswer {
    n: string;
    t: string;
    la: number;
    ln: number;
    p: string;
    i: string;
    si: string;
    g: boolean;
    sd: string;
    fid: string;
    rpt: string;
}

export function pointsAnswer(items: PointItem[]): PointAnswer[] {
    return items.map((item) => ({
        n: item.name || item.typeLabel,
        t: item.typeLabel,
        la: round6(item.lat),
        ln: round6(item.lon),
        p: String(item.typeId),
        i: item.icons.join(','),
        si: item.subIcons.join(','),
        g: item.grouped,
        sd: item.sd,
        fid: String(item.familyId),
        rpt: item.repeatedPlace >= 0 ? String(item.repeatedPlace) : ''
    }));
}
