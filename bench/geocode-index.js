// Builds only the geocoding section ('places') of a region, in process: the three OSM passes
// feeding PlacesBuilder alone, then its build. Used by bench/geocode.js (index build time and
// size) and handy when working on geocoding without rebuilding road networks.
// Usage as a script: node bench/geocode-index.js CC [--osm FILE]  (prints the timings and stats)
// --osm: any extract read as country CC's (its border, its city level), e.g. the synthetic country of
// bench/country-build.js (`FR --osm DIR/country-J.osm.pbf`); prints besides the index build's CPU seconds and the
// section's SHA-256, to compare two checkouts' builders (bench/checkouts.js's way: the same file, alternating).
import crypto from 'node:crypto';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {
    Geocoder, Places, PlacesBuilder, Section, CountryBorder, buildBorderSection, countryConfig, dataRoot, loadRegionConfigs, readOsmPbf, BORDER_SECTION_KIND, BORDER_SECTION_VERSION, NodeStore
} from '@quartier/engine/internal';

/** Builds the places section of a configured region (or of these extracts, as the country's); returns the geocoder and timings (ms). */
export function buildGeocodeIndex(country, root = dataRoot(), osmFiles = null) {
    const [config] = osmFiles ? [{country, osm: osmFiles}] : loadRegionConfigs([country]);
    if (!config) throw new Error(`no configured region ${country}`);
    const cc = countryConfig(config.country);
    const files = config.osm.map((f) => (path.isAbsolute(f) ? f : path.join(root, f)));
    const started = performance.now();
    const nodes = new NodeStore();
    const builder = new PlacesBuilder(nodes);
    for (const f of files) readOsmPbf(f, {relation: (r) => builder.addRelation(r)});
    for (const f of files) readOsmPbf(f, {way: (w) => builder.addWay(w)});
    nodes.seal();
    for (const f of files) readOsmPbf(f, {node: (n) => { nodes.visit(n); builder.addNode(n); }});
    const read = performance.now();
    const borderBytes = buildBorderSection(cc.borderCode);
    const border = CountryBorder.from(Section.from(borderBytes.buffer, BORDER_SECTION_KIND, BORDER_SECTION_VERSION, borderBytes.byteOffset, borderBytes.byteLength));
    const bordered = performance.now();
    const cpu = process.cpuUsage();
    const {section, stats} = builder.build(border, cc.cityAdminLevel);
    const built = performance.now(), indexCpu = process.cpuUsage(cpu);
    const places = Places.from(section.buffer, section.byteOffset, section.byteLength);
    return {
        geocoder: new Geocoder(places, cc), places, stats, bytes: section.byteLength, section, indexCpuSeconds: (indexCpu.user + indexCpu.system) / 1e6,
        ms: {read: read - started, border: bordered - read, index: built - bordered, total: built - started - (bordered - read)}
    };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
    const cc = (process.argv[2] ?? 'BE').toUpperCase();
    const osm = process.argv.indexOf('--osm') > 0 ? [path.resolve(process.argv[process.argv.indexOf('--osm') + 1])] : null;
    const r = buildGeocodeIndex(cc, dataRoot(), osm);
    console.log(cc, JSON.stringify(r.stats), `${(r.bytes / 1e6).toFixed(2)} MB`, JSON.stringify(Object.fromEntries(Object.entries(r.ms).map(([k, v]) => [k, Math.round(v)]))));
    if (osm) console.log(`index build: ${r.indexCpuSeconds.toFixed(2)} CPU s; section sha256 ${crypto.createHash('sha256').update(r.section).digest('hex')}`);
}
