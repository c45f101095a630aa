// A region swapped in (issue 28) takes over the decoded tiles its predecessor shares with it byte for byte, and
// decodes anew as many of those that changed as asked: its first images decode only the tiles that changed, if any.
import path from 'node:path';
import t from 'tap';
import {Region} from '@quartier/engine';
import {carryDecodedTiles, decodedTileBytes, registerFonts, renderJpeg} from '../src/index.js';
import {PLACES, testBuildRoot, testRegion} from './helpers.js';

const valletta = PLACES[2];
const options = {latitude: valletta.latitude, longitude: valletta.longitude, width: 1200, height: 800, zoom: 13, mapStyle: 1, pinColor: '#e0245e'};

t.test('the tiles the same in the new bundle are handed over, not decoded again; the others are left', async (t) => {
    registerFonts();
    const old = testRegion('MT');
    const first = await renderJpeg(old, options);
    const decoded = decodedTileBytes();
    t.ok(decoded > 0, 'the first image decoded tiles');
    // The same bundle opened again: a Region of its own, every tile the same.
    const next = Region.open(path.join(testBuildRoot, 'MT'));
    const {carried, decoded: none} = carryDecodedTiles(old, next, 64);
    t.ok(carried > 0, `${carried} tiles handed over`);
    t.equal(none, 0, 'none decoded: none changed');
    const again = await renderJpeg(next, options);
    t.equal(decodedTileBytes(), decoded, 'the new region drew its first image without decoding a tile');
    t.same(again, first, 'the same image');
    t.same(carryDecodedTiles(old, next), {carried: 0, decoded: 0}, 'handed over once: the old region keeps none of them');
    // Portugal has none of Malta's tiles: of those cached, only the places both lack (the sea) are the same.
    const portugal = testRegion('PT');
    const toPortugal = carryDecodedTiles(next, portugal, 2);
    t.ok(toPortugal.carried < carried, `${toPortugal.carried} of ${carried}: the tiles that differ are not handed over`);
    t.equal(toPortugal.decoded, 2, 'two of those that differ decoded anew, as asked');
});
