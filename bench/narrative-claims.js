// The narrative claim checker (packages/engine/test/claims-checker.ts) as a table: contradictions
// between a sentence's proximity words and its figures, per region and language, at the test's
// 300 seeded positions per region ("-": a place within a 10-minute walk not given on foot).
// Regions: the bundles the test setup builds (build/test-regions).
// With --all-languages: Brussels only, in every language pack (PACK_LANGUAGES), 100 positions.
// Usage: npx tsc -b && node packages/engine/dist/test/setup/build-regions.js && node bench/narrative-claims.js [positions=300] [--all-languages]
import path from 'node:path';
import {Region} from '@quartier/engine';
import {PACK_LANGUAGES} from '@quartier/engine/internal';
import {regionContradictions} from '../packages/engine/dist/test/claims-checker.js';
import {testBuildRoot} from '../packages/engine/dist/test/helpers.js';

const allLanguages = process.argv.includes('--all-languages');
const numbers = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const positions = Number(numbers[0] ?? (allLanguages ? 100 : 300));
console.log(`| Region | Positions | Sentences | Contradictions per language | Time (s) |`);
console.log(`|---|---:|---:|---|---:|`);
for (const country of allLanguages ? ['BE'] : ['BE', 'PT', 'MT', 'IT', 'DE']) {
    const region = Region.open(path.join(testBuildRoot, country));
    const languages = allLanguages ? PACK_LANGUAGES : region.country.languages;
    const started = performance.now();
    const {contradictions, sentences} = regionContradictions(region, positions, languages);
    const seconds = (performance.now() - started) / 1000;
    const byLanguage = {};
    for (const language of [...languages, '-']) byLanguage[language] = 0;
    for (const c of contradictions) byLanguage[c.language]++;
    const cells = Object.entries(byLanguage).map(([l, n]) => `${l} ${n}`).join(', ');
    console.log(`| ${country} | ${positions} | ${sentences} | ${cells} | ${seconds.toFixed(1)} |`);
}
