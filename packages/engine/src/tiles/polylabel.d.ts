// polylabel 2 ships no types: the one function we call.
declare module 'polylabel' {
    /** The pole of inaccessibility of a polygon (outer ring, then holes) to within `precision`, with its distance to the edge. */
    export default function polylabel(polygon: number[][][], precision?: number, debug?: boolean): number[] & {distance: number};
}
