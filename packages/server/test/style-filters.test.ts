// The MapLibre styles read OpenMapTiles features as the schema writes them: each sample feature (a
// primary road, a bridge, a pedestrian street, a tram line, a border, a town, a park, a school...) is
// drawn by the layers that should draw it and by no layer that should not, in every style, evaluated
// with the style-spec package's own filter and expression code.
import t from 'tap';
import {createExpression, featureFilter} from '@maplibre/maplibre-gl-style-spec';
import {STYLE_NAMES, loadStyle, readMapLibreStyle} from '@quartier/render';

type Layer = {id: string; type: string; 'source-layer'?: string; filter?: unknown; minzoom?: number; maxzoom?: number; layout?: Record<string, unknown>};

const LINE = [[{x: 0, y: 0}, {x: 100, y: 100}]];
const AREA = [[{x: 0, y: 0}, {x: 100, y: 0}, {x: 100, y: 100}, {x: 0, y: 0}]];
const POINT = [[{x: 50, y: 50}]];

interface Sample {
    what: string;
    layer: string;
    type: 1 | 2 | 3;
    properties: Record<string, string | number>;
    zoom: number;
    drawnBy: string[];
    notBy: string[];
}

const SAMPLES: Sample[] = [
    {what: 'a primary road', layer: 'transportation', type: 2, properties: {class: 'primary'}, zoom: 15, drawnBy: ['road-primary'], notBy: ['bridge-primary', 'tunnel-fill', 'road-secondary']},
    {what: 'a motorway bridge', layer: 'transportation', type: 2, properties: {class: 'motorway', brunnel: 'bridge'}, zoom: 15, drawnBy: ['bridge-motorway'], notBy: ['road-motorway']},
    {what: 'a pedestrian street', layer: 'transportation', type: 2, properties: {class: 'path', subclass: 'pedestrian'}, zoom: 16, drawnBy: ['road-pedestrian'], notBy: ['road-path', 'road-minor']},
    {what: 'a footway', layer: 'transportation', type: 2, properties: {class: 'path', subclass: 'footway'}, zoom: 16, drawnBy: ['road-path'], notBy: ['road-pedestrian']},
    {what: 'a tram line', layer: 'transportation', type: 2, properties: {class: 'transit', subclass: 'tram'}, zoom: 15, drawnBy: ['rail-tram'], notBy: ['rail', 'road-minor']},
    {what: 'a railway', layer: 'transportation', type: 2, properties: {class: 'rail', subclass: 'rail'}, zoom: 15, drawnBy: ['rail'], notBy: ['rail-tram']},
    {what: 'a national border', layer: 'boundary', type: 2, properties: {admin_level: 2, maritime: 0}, zoom: 10, drawnBy: ['boundary-national'], notBy: ['boundary-state']},
    {what: 'a maritime border', layer: 'boundary', type: 2, properties: {admin_level: 2, maritime: 1}, zoom: 10, drawnBy: [], notBy: ['boundary-national']},
    {what: 'a town', layer: 'place', type: 1, properties: {class: 'town', name: 'Waterloo'}, zoom: 12, drawnBy: ['place-city'], notBy: ['place-suburb']},
    {what: 'a park (landcover grass/park)', layer: 'landcover', type: 3, properties: {class: 'grass', subclass: 'park'}, zoom: 15, drawnBy: ['park-landcover'], notBy: []},
    {what: 'a park (park layer, OpenMapTiles class park)', layer: 'park', type: 3, properties: {class: 'park', name: 'Parc de Bruxelles'}, zoom: 15, drawnBy: ['park'], notBy: ['park-label']},
    {what: "a park's label point", layer: 'park', type: 1, properties: {class: 'park', name: 'Parc de Bruxelles'}, zoom: 15, drawnBy: ['park-label'], notBy: []},
    {what: 'a locality', layer: 'place', type: 1, properties: {class: 'locality', name: 'Vogelzang'}, zoom: 14, drawnBy: ['place-neighbourhood'], notBy: ['place-city', 'place-suburb']},
    {what: 'a peak', layer: 'mountain_peak', type: 1, properties: {class: 'peak', name: 'Karlshöhe', ele: 331, rank: 1}, zoom: 13, drawnBy: ['mountain-peak'], notBy: []},
    {what: 'a lake', layer: 'water', type: 3, properties: {class: 'lake'}, zoom: 14, drawnBy: ['water'], notBy: []},
    {what: 'a building', layer: 'building', type: 3, properties: {render_height: 20, render_min_height: 0}, zoom: 15, drawnBy: ['building'], notBy: []},
    {what: 'a named primary road', layer: 'transportation_name', type: 2, properties: {class: 'primary', name: 'Rue de la Loi'}, zoom: 15, drawnBy: ['road-label'], notBy: []},
    {what: 'a school', layer: 'poi', type: 1, properties: {class: 'school', name: 'Athénée', rank: 1}, zoom: 16, drawnBy: ['poi'], notBy: []},
    {what: 'a house number', layer: 'housenumber', type: 1, properties: {housenumber: '16'}, zoom: 17, drawnBy: ['housenumber'], notBy: []}
];

function drawnBy(layers: Layer[], s: Sample): string[] {
    const feature = {type: s.type, properties: s.properties, geometry: s.type === 1 ? POINT : s.type === 2 ? LINE : AREA};
    return layers.filter((l) => l['source-layer'] === s.layer && (l.minzoom ?? 0) <= s.zoom && s.zoom < (l.maxzoom ?? 24)
        && (!l.filter || featureFilter(l.filter as never, 'filter').filter({zoom: s.zoom}, feature as never))).map((l) => l.id);
}

for (const name of STYLE_NAMES) {
    t.test(name, async (t) => {
        const style = readMapLibreStyle(loadStyle(name).file) as {layers: Layer[]};
        const ids = new Set(style.layers.map((l) => l.id));
        for (const s of SAMPLES) {
            const layers = drawnBy(style.layers, s);
            for (const id of s.drawnBy) {
                t.ok(ids.has(id), `${name} has the layer ${id}`);
                t.ok(layers.includes(id), `${s.what} is drawn by ${id} (drawn by: ${layers.join(', ') || 'none'})`);
            }
            for (const id of s.notBy) t.notOk(layers.includes(id), `${s.what} is not drawn by ${id}`);
            if (s.drawnBy.length === 0) t.same(layers, [], `${s.what} is not drawn`);
        }
        const poi = style.layers.find((l) => l.id === 'poi')!;
        const image = createExpression(poi.layout!['icon-image'], 'layout');
        t.equal(image.result, 'success');
        const icon = (properties: Record<string, string>) => (image.value as {evaluate: (g: object, f: object) => string}).evaluate({zoom: 16}, {type: 1, properties});
        t.equal(icon({class: 'school'}), 'school');
        t.equal(icon({class: 'railway', subclass: 'subway'}), 'subway', 'the subclass first');
        t.equal(icon({class: 'railway', subclass: 'station'}), 'station');
        t.equal(icon({class: 'hairdresser'}), '', 'classes without an icon of ours: no icon, the name alone');
    });
}
