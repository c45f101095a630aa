// Golden images: every style for Brussels (Rue de la Loi), central Porto and Valletta, plus the
// tilted threeDMode view, rendered at 400 × 225 and compared with the committed JPEGs under
// test/golden with a perceptual tolerance. QUARTIER_UPDATE_GOLDEN=1 rewrites them (look at them first).
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import {renderMap} from '../src/index.js';
import {PLACES, difference, goldenDir, testRegion} from './helpers.js';

const update = process.env.QUARTIER_UPDATE_GOLDEN === '1';
/** Mean RGB difference (0-255) and share of changed pixels tolerated after the 100 × 56 reduction. */
const MAX_MEAN = 6;
const MAX_CHANGED = 0.03;

const cases: {place: typeof PLACES[number]; style: number; threeD: boolean}[] = [];
for (const place of PLACES) {
    for (let style = 1; style <= 7; style++) cases.push({place, style, threeD: false});
    cases.push({place, style: 1, threeD: true});
}

for (const {place, style, threeD} of cases) {
    const name = `${place.name}-${style}${threeD ? '-3d' : ''}.jpg`;
    t.test(name, async (t) => {
        const canvas = renderMap(testRegion(place.country), {
            latitude: place.latitude, longitude: place.longitude, width: 400, height: 225, mapStyle: style,
            pinColor: '#428bff', threeDMode: threeD
        });
        const jpeg = await canvas.encode('jpeg', 85);
        const file = path.join(goldenDir, name);
        if (update || !fs.existsSync(file)) {
            if (!update) t.fail(`no golden image ${file}: run with QUARTIER_UPDATE_GOLDEN=1 and look at it`);
            fs.writeFileSync(file, jpeg);
            return;
        }
        const d = difference(jpeg, fs.readFileSync(file));
        t.ok(d.mean <= MAX_MEAN && d.changed <= MAX_CHANGED, `${name}: mean difference ${d.mean.toFixed(2)}, ${(d.changed * 100).toFixed(2)}% changed`);
    });
}

t.test('the comparison tells styles and places apart', async (t) => {
    const read = (n: string) => fs.readFileSync(path.join(goldenDir, n));
    if (!fs.existsSync(path.join(goldenDir, 'brussels-1.jpg'))) return;
    const self = difference(read('brussels-1.jpg'), read('brussels-1.jpg'));
    t.equal(self.mean, 0);
    const otherStyle = difference(read('brussels-1.jpg'), read('brussels-6.jpg'));
    t.ok(otherStyle.mean > MAX_MEAN * 3, `liberty vs dark: ${otherStyle.mean.toFixed(1)}`);
    const otherPlace = difference(read('brussels-1.jpg'), read('porto-1.jpg'));
    t.ok(otherPlace.changed > MAX_CHANGED * 2, `Brussels vs Porto: ${(otherPlace.changed * 100).toFixed(1)}% changed`);
});
