// The licences of the data each region is built from (data/licences.json), for /health: OSM
// extracts are ODbL; GTFS feeds are matched by file or folder name.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {Region} from '@quartier/engine';

const LICENCES_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../data/licences.json');

interface Licence {
    licence: string;
    attribution?: string;
    url?: string;
}

interface LicencesFile {
    osm: Licence;
    gtfs: Record<string, Licence>;
    unknownGtfs: Licence;
}

export interface SourceLicence extends Licence {
    file: string;
    role: string;
}

let loaded: LicencesFile | undefined;

/** One entry per source file of the region's bundle, in the manifest's order. */
export function regionLicences(region: Region): SourceLicence[] {
    loaded ??= JSON.parse(fs.readFileSync(LICENCES_FILE, 'utf8')) as LicencesFile;
    const table = loaded;
    return region.manifest.sources.map((s) => {
        const file = path.basename(s.path);
        const licence = s.role === 'transit' ? table.gtfs[file] ?? table.unknownGtfs : table.osm;
        return {file, role: s.role, ...licence};
    });
}
