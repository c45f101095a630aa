// Addresses, streets and places of a region, reopened from their section without copying.
// Geocoding and the summaries query them; this module only exposes the stored columns.
import {Section, type AnyBuffer} from '../format/section.js';
import {StringTable} from '../format/strings.js';

export const PLACES_KIND = 'places';
export const PLACES_VERSION = 1;
export const PLACE_TYPES = ['city', 'town', 'village', 'hamlet', 'suburb', 'quarter', 'neighbourhood', 'borough', 'municipality', 'locality', 'isolated_dwelling'] as const;

export class Places {
    readonly section: Section;
    readonly strings: StringTable;
    readonly addressCount: number;
    readonly streetCount: number;
    readonly placeCount: number;

    constructor(section: Section) {
        this.section = section;
        this.strings = new StringTable(section, 'str');
        this.addressCount = section.meta.addresses;
        this.streetCount = section.meta.streets;
        this.placeCount = section.meta.places;
    }

    static from(buffer: AnyBuffer, byteOffset = 0, byteLength?: number): Places {
        return new Places(Section.from(buffer, PLACES_KIND, PLACES_VERSION, byteOffset, byteLength));
    }

    column<T extends Int32Array | Uint32Array | Uint8Array>(name: string, type: {new(b: AnyBuffer, o: number, l: number): T}): T {
        return this.section.array(name, type);
    }
}
