// The geocoder's search that starts from the rare words of a query (a town, a street's own name)
// instead of walking every feature sharing its common words (Geocoder.rankSelective): on the real
// extracts it reads each feature as the postings walk reads it, so with no limit on what it reads it
// answers exactly as the walk does, and with tight limits it still finds what the queries ask for.
import t from 'tap';
import {Geocoder, type GeocodeResult} from '../src/internal.js';
import {testRegion} from './helpers.js';

const QUERIES: Record<string, string[]> = {
    BE: ['Rue de la Loi, 1000 Bruxelles', 'Rue de la Loi 175', '175 Rue de la Loi', 'rue de la loi 175, 1000 bruxelles', 'Rue de la Loi 16',
        'Av. Louise', 'Avenue Louise 54', 'Bd Anspach', 'Chée de Wavre', 'Rue Neu', 'Rue Terre Neuve', 'Grand Place', 'Grand Plcae',
        'Grote Markt', 'Bruxelles', 'Ixelles', 'Rue', 'Rue de la', 'Wetstraat 16', 'Gare du Midi', 'Place Flagey, Ixelles', 'Rue Haute 100 Bruxelles',
        'Boulevard du Jardin Botanique', 'Chaussée de Wavre 1000', 'Rue du Marché aux Herbes, 1000', 'Rue de Flandre Bruxelles'],
    MT: ['Triq il-Merkanti', 'Triq l-Arcisqof 132', 'Archbishop Street, Valletta', 'Gozo', 'Triq il-Kbira', 'Triq San Pawl, Birkirkara'],
    PT: ['Rua de Santa Catarina', 'Avenida dos Aliados, Porto', 'Rua da Boavista 100', 'Praça da Liberdade']
};
const answer = (r: GeocodeResult) => `${r.name} | ${r.city} | ${r.postcode} | ${r.lat.toFixed(7)},${r.lon.toFixed(7)} | ${r.score}`;

t.test('reading every feature a word names, the search answers exactly as the postings walk', async (t) => {
    for (const [cc, queries] of Object.entries(QUERIES)) {
        const region = testRegion(cc);
        const walk = new Geocoder(region.geocoder.places, region.geocoder.country, {fullWalkPostings: Infinity});
        const selective = new Geocoder(region.geocoder.places, region.geocoder.country, {fullWalkPostings: 0, selectivePostings: Infinity, frequentCandidates: Infinity, memberFeatures: Infinity});
        for (const q of queries) {
            for (const language of ['FR', 'EN']) {
                const expected = walk.search(q, {language}).map(answer);
                t.same(selective.search(q, {language}).map(answer), expected, `${cc} '${q}' ${language}: ${expected.length} answers, ${expected[0] ?? 'none'}`);
            }
        }
    }
});

t.test('with tight limits, the best answer stays the walk\'s where a rare word names it', async (t) => {
    const region = testRegion('BE');
    const walk = new Geocoder(region.geocoder.places, region.geocoder.country, {fullWalkPostings: Infinity});
    // "rue", "de", "la" and "bruxelles" are common at 64 postings: only the street's own name starts the search.
    const tight = new Geocoder(region.geocoder.places, region.geocoder.country, {fullWalkPostings: 0, selectivePostings: 64, frequentCandidates: 16});
    for (const q of ['Rue de la Loi 175', 'Rue de la Loi, 1000 Bruxelles', 'Avenue Louise 54', 'Place Flagey, Ixelles', 'Rue du Marché aux Herbes, 1000', 'Gare du Midi']) {
        const expected = walk.search(q, {language: 'FR'});
        const got = tight.search(q, {language: 'FR'});
        t.ok(expected.length > 0, `${q}: the walk answers ${expected[0] && answer(expected[0])}`);
        t.equal(got[0] && answer(got[0]), answer(expected[0]), `${q}: the same best answer`);
        t.ok(tight.candidatesScored < walk.candidatesScored, `${q}: ${tight.candidatesScored} features scored, the walk ${walk.candidatesScored}`);
    }
});
