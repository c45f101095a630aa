// The golden images: every style for Brussels (Rue de la Loi), central Porto and Valletta, plus the
// tilted threeDMode view, at 400 × 225. golden.test.ts compares them with the committed JPEGs;
// update-golden.ts (npm run update-golden) rewrites the committed JPEGs, and nothing else does.
import {renderMap} from '../src/index.js';
import {PLACES, testRegion} from './helpers.js';

export interface GoldenCase {
    /** The file under test/golden. */
    name: string;
    place: typeof PLACES[number];
    style: number;
    threeD: boolean;
}

export const GOLDEN_CASES: GoldenCase[] = [];
for (const place of PLACES) {
    for (let style = 1; style <= 7; style++) GOLDEN_CASES.push({name: `${place.name}-${style}.jpg`, place, style, threeD: false});
    GOLDEN_CASES.push({name: `${place.name}-1-3d.jpg`, place, style: 1, threeD: true});
}

/** The JPEG a case draws today. */
export async function renderGolden({place, style, threeD}: GoldenCase): Promise<Buffer> {
    const canvas = renderMap(testRegion(place.country), {
        latitude: place.latitude, longitude: place.longitude, width: 400, height: 225, mapStyle: style,
        pinColor: '#428bff', threeDMode: threeD
    });
    return canvas.encode('jpeg', 85);
}
