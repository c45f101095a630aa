// One-off generator of data/styles/*.json (kept out of the repo; the JSON files are the source).
import fs from 'fs';
const out = '/work/main/data/styles';

const W = {
  motorway: [[8, 1], [12, 2.5], [14, 5], [16, 10], [18, 24]],
  motorwayCasing: [[8, 1.5], [12, 3.5], [14, 7], [16, 12.5], [18, 28]],
  primary: [[8, 0.5], [12, 2], [14, 4.5], [16, 9], [18, 21]],
  primaryCasing: [[8, 1], [12, 3], [14, 6.5], [16, 11.5], [18, 25]],
  secondary: [[10, 0.5], [13, 2.5], [14, 3.5], [16, 7.5], [18, 17]],
  secondaryCasing: [[10, 1], [13, 3.5], [14, 5], [16, 9.5], [18, 20]],
  minor: [[13, 0.5], [14, 2], [16, 5.5], [18, 13]],
  minorCasing: [[13, 1], [14, 3], [16, 7], [18, 15.5]],
  service: [[14, 0.5], [16, 2.5], [18, 7]],
  serviceCasing: [[14, 1], [16, 3.5], [18, 8.5]],
  path: [[14, 0.5], [16, 1], [18, 2]],
  rail: [[12, 0.6], [16, 1.4], [18, 2.5]],
  railHatch: [[14, 3], [16, 5], [18, 9]],
  tram: [[14, 0.6], [16, 1], [18, 1.6]],
  river: [[10, 1], [14, 3], [16, 6], [18, 12]],
  stream: [[13, 0.5], [16, 1.5], [18, 3]]
};
const scale = (stops, k) => stops.map(([z, v]) => [z, Math.round(v * k * 100) / 100]);

function build(p) {
  const L = [];
  const k = p.roadScale ?? 1;
  L.push({id: 'land', type: 'fill', kind: 'land', color: p.bg});
  L.push({id: 'landuse-residential', type: 'fill', kind: 'landuse', classes: ['residential'], color: p.residential});
  L.push({id: 'landuse-commercial', type: 'fill', kind: 'landuse', classes: ['commercial', 'retail'], color: p.commercial});
  L.push({id: 'landuse-industrial', type: 'fill', kind: 'landuse', classes: ['industrial', 'garages', 'railway', 'construction', 'brownfield', 'military'], color: p.industrial});
  L.push({id: 'landuse-cemetery', type: 'fill', kind: 'landuse', classes: ['cemetery'], color: p.cemetery});
  L.push({id: 'landuse-hospital', type: 'fill', kind: 'landuse', classes: ['hospital'], color: p.hospital});
  L.push({id: 'landuse-school', type: 'fill', kind: 'landuse', classes: ['school', 'university', 'religious'], color: p.school});
  L.push({id: 'landuse-parking', type: 'fill', kind: 'landuse', classes: ['parking'], color: p.parking, minzoom: 14});
  L.push({id: 'landcover-farmland', type: 'fill', kind: 'landcover', classes: ['farmland', 'farmyard', 'orchard', 'vineyard', 'allotments'], color: p.farmland});
  L.push({id: 'landcover-grass', type: 'fill', kind: 'landcover', classes: ['grass', 'meadow', 'heath', 'scrub'], color: p.grass});
  L.push({id: 'landcover-wood', type: 'fill', kind: 'landcover', classes: ['wood', 'forest'], color: p.wood});
  L.push({id: 'landcover-wetland', type: 'fill', kind: 'landcover', classes: ['wetland'], color: p.wetland});
  L.push({id: 'landcover-sand', type: 'fill', kind: 'landcover', classes: ['sand', 'beach', 'rock'], color: p.sand});
  L.push({id: 'park', type: 'fill', kind: 'park', classes: ['park', 'garden', 'nature_reserve', 'recreation_ground', 'dog_park', 'zoo', 'golf_course'], color: p.park, ...(p.parkOutline ? {outline: p.parkOutline, width: 0.5} : {})});
  L.push({id: 'park-pitch', type: 'fill', kind: 'park', classes: ['pitch', 'sports', 'playground'], color: p.pitch, ...(p.pitchOutline ? {outline: p.pitchOutline, width: 0.5} : {})});
  L.push({id: 'water', type: 'fill', kind: 'water', color: p.water});
  L.push({id: 'waterway-river', type: 'line', kind: 'waterway', classes: ['river', 'canal'], color: p.water, width: W.river, base: 1.3, tunnel: false});
  L.push({id: 'waterway-stream', type: 'line', kind: 'waterway', classes: ['stream', 'ditch'], color: p.water, width: W.stream, base: 1.3, tunnel: false, minzoom: 13});
  L.push({id: 'pier', type: 'fill', kind: 'road_area', classes: ['pedestrian'], color: p.pedestrianArea, outline: p.pedestrianAreaOutline, width: 0.5, minzoom: 14});
  L.push({id: 'building', type: 'building', kind: 'building', color: p.building, outline: p.buildingOutline, width: 0.5, minzoom: 13});
  // Tunnels: one dashed casing and a pale fill.
  L.push({id: 'tunnel-casing', type: 'line', kind: 'road', classes: ['motorway', 'trunk', 'primary', 'secondary', 'tertiary', 'minor'], tunnel: true, color: p.tunnelCasing, width: scale(W.minorCasing, k), base: 1.2, dash: [3, 2], cap: 'butt', minzoom: 14});
  L.push({id: 'tunnel-fill', type: 'line', kind: 'road', classes: ['motorway', 'trunk', 'primary', 'secondary', 'tertiary', 'minor'], tunnel: true, color: p.tunnelFill, width: scale(W.minor, k), base: 1.2, minzoom: 14});
  // Piers drawn as land.
  L.push({id: 'pier-line', type: 'line', kind: 'pier', color: p.bg, width: [[14, 1.5], [16, 4], [18, 10]], base: 1.3, minzoom: 14});
  const casing = (id, classes, color, width, extra = {}) => L.push({id, type: 'line', kind: 'road', classes, tunnel: false, bridge: false, color, width: scale(width, k), base: 1.2, cap: 'round', ...extra});
  if (p.casings) {
    casing('road-casing-service', ['service', 'track'], p.minorCasing, W.serviceCasing, {minzoom: 14});
    casing('road-casing-pedestrian', ['pedestrian'], p.minorCasing, W.minorCasing, {minzoom: 14});
    casing('road-casing-minor', ['minor'], p.minorCasing, W.minorCasing, {minzoom: 13});
    casing('road-casing-secondary', ['secondary', 'tertiary'], p.secondaryCasing, W.secondaryCasing);
    casing('road-casing-primary', ['primary', 'trunk'], p.primaryCasing, W.primaryCasing);
    casing('road-casing-motorway', ['motorway'], p.motorwayCasing, W.motorwayCasing);
  }
  L.push({id: 'road-path', type: 'line', kind: 'road', classes: ['path'], tunnel: false, color: p.path, width: W.path, base: 1.2, dash: p.pathDash ?? [2, 1.5], cap: 'butt', minzoom: 14});
  casing('road-service', ['service', 'track'], p.service, W.service, {minzoom: 14});
  casing('road-pedestrian', ['pedestrian'], p.pedestrian, W.minor, {minzoom: 14});
  casing('road-minor', ['minor'], p.minor, W.minor, {minzoom: 13});
  casing('road-secondary', ['secondary', 'tertiary'], p.secondary, W.secondary);
  casing('road-primary', ['primary', 'trunk'], p.primary, W.primary);
  casing('road-motorway', ['motorway'], p.motorway, W.motorway);
  L.push({id: 'rail', type: 'line', kind: 'rail', classes: ['rail', 'light_rail', 'narrow_gauge', 'funicular', 'monorail'], tunnel: false, color: p.rail, width: W.rail, base: 1.3, cap: 'butt'});
  L.push({id: 'rail-hatching', type: 'line', kind: 'rail', classes: ['rail', 'light_rail', 'narrow_gauge', 'funicular', 'monorail'], tunnel: false, color: p.rail, width: W.railHatch, base: 1.3, dash: [0.8, 8], cap: 'butt', minzoom: 14});
  L.push({id: 'rail-tram', type: 'line', kind: 'rail', classes: ['tram'], tunnel: false, color: p.tram ?? p.rail, width: W.tram, base: 1.3, cap: 'butt', minzoom: 14});
  // Bridges: casing and fill over everything below.
  if (p.casings) {
    casing('bridge-casing-minor', ['minor', 'service', 'track', 'pedestrian'], p.minorCasing, W.minorCasing, {bridge: true, minzoom: 13});
    casing('bridge-casing-major', ['secondary', 'tertiary', 'primary', 'trunk', 'motorway'], p.primaryCasing, W.primaryCasing, {bridge: true});
  }
  casing('bridge-minor', ['minor', 'service', 'track', 'pedestrian'], p.minor, W.minor, {bridge: true, minzoom: 13});
  casing('bridge-secondary', ['secondary', 'tertiary'], p.secondary, W.secondary, {bridge: true});
  casing('bridge-primary', ['primary', 'trunk'], p.primary, W.primary, {bridge: true});
  casing('bridge-motorway', ['motorway'], p.motorway, W.motorway, {bridge: true});
  for (const l of L) if (l.bridge === true) delete l.tunnel;
  L.push({id: 'boundary-national', type: 'line', kind: 'boundary', classes: ['2'], color: p.boundary, width: [[4, 1], [10, 2], [16, 3]], dash: [6, 3], cap: 'butt', opacity: 0.8});
  L.push({id: 'boundary-state', type: 'line', kind: 'boundary', classes: ['3', '4'], color: p.boundary, width: [[4, 0.6], [10, 1.2], [16, 2]], dash: [5, 3], cap: 'butt', opacity: 0.7});
  L.push({id: 'boundary-multi', type: 'line', kind: 'boundary', classes: ['5', '6', '7', '8', '9', '10'], multiborders: true, color: p.boundaryMinor, width: [[10, 0.8], [16, 1.6]], dash: [4, 2.5], cap: 'butt', opacity: 0.8});
  const halo = p.halo, hw = p.haloWidth ?? 1.5;
  L.push({id: 'place-city', type: 'label-point', kind: 'place', classes: ['city', 'town'], font: 'bold', size: [[10, 14], [16, 18]], color: p.placeText, halo, haloWidth: hw});
  L.push({id: 'place-suburb', type: 'label-point', kind: 'place', classes: ['suburb', 'village', 'quarter'], font: 'medium', size: [[12, 11], [16, 14]], color: p.suburbText ?? p.placeText, halo, haloWidth: hw, uppercase: p.upperSuburbs ?? true});
  L.push({id: 'place-neighbourhood', type: 'label-point', kind: 'place', classes: ['neighbourhood', 'hamlet', 'locality'], font: 'regular', size: [[13, 10], [16, 12]], color: p.suburbText ?? p.placeText, halo, haloWidth: hw, minzoom: 13, uppercase: p.upperSuburbs ?? true});
  L.push({id: 'pois', type: 'pois', opacity: p.poiOpacity ?? 1});
  L.push({id: 'road-label', type: 'label-line', kind: 'road', classes: ['motorway', 'trunk', 'primary', 'secondary', 'tertiary', 'minor', 'service', 'pedestrian'], font: 'regular', size: [[13, 10], [16, 12], [18, 14]], color: p.roadText, halo, haloWidth: hw, minzoom: 13});
  L.push({id: 'waterway-label', type: 'label-line', kind: 'waterway', classes: ['river', 'canal'], font: 'italic', size: [[13, 11], [16, 13]], color: p.waterText, halo: p.waterHalo ?? halo, haloWidth: hw});
  return {
    name: p.name, mapStyle: p.mapStyle, file: p.file, description: p.description, font: p.font,
    background: p.bg, sea: p.water, extrude: p.extrude ?? false,
    extrusion: p.extrusion, attribution: p.attribution,
    layers: L
  };
}

const liberty = {
  name: 'liberty', mapStyle: 1, file: 'osm_liberty.json', font: 'Roboto',
  description: 'OSM Liberty: warm light background, green parks, blue water, orange and yellow major roads with casings.',
  bg: '#f8f4f0', residential: 'hsla(30, 19%, 90%, 0.6)', commercial: 'hsla(0, 60%, 87%, 0.3)', industrial: 'hsla(49, 100%, 88%, 0.4)',
  cemetery: '#e0e4dd', hospital: '#fde8ea', school: '#f0f0d8', parking: '#eeeeee', farmland: '#eef0d5', grass: '#d8e8c8', wood: '#c5dcae',
  wetland: '#e0ece0', sand: '#f5eebc', park: '#d8e8c8', parkOutline: '#c7dcb0', pitch: '#c4e4cf', pitchOutline: '#aad4b8', water: '#a0c8f0',
  pedestrianArea: '#fafafa', pedestrianAreaOutline: '#dcd8d4',
  building: '#dfdbd7', buildingOutline: '#cfc9c3',
  tunnelCasing: '#cfcdca', tunnelFill: '#f7f6f4',
  casings: true, motorway: '#fc8', motorwayCasing: '#e9ac77', primary: '#fea', primaryCasing: '#e9ac77', secondary: '#fea', secondaryCasing: '#e9ac77',
  minor: '#ffffff', minorCasing: '#cfcdca', service: '#ffffff', pedestrian: '#fafafa', path: '#c4a992',
  rail: '#b8b3ad', tram: '#a8a29c', boundary: '#9e9cab', boundaryMinor: '#b0a8c0',
  placeText: '#333333', suburbText: '#5c5650', roadText: '#6b6158', waterText: '#4a7bb0', halo: 'rgba(255,255,255,0.9)',
  extrusion: {roof: '#e2ddd8', wall: '#cfc8c0', shade: '#bdb5ad', defaultHeight: 10},
  attribution: {color: '#333333', background: 'rgba(255,255,255,0.75)'}
};
const styles = {
  liberty,
  basic: {
    name: 'basic', mapStyle: 2, file: 'osm_basic.json', font: 'Noto Sans',
    description: 'OSM Basic: a plain beige base, soft green parks, white roads without casings, light labels.',
    bg: 'hsl(47, 26%, 88%)', residential: 'hsla(47, 13%, 86%, 0.7)', commercial: 'hsla(40, 30%, 85%, 0.5)', industrial: 'hsla(49, 30%, 82%, 0.5)',
    cemetery: 'hsl(75, 37%, 81%)', hospital: '#f0e6e0', school: 'hsl(47, 40%, 86%)', parking: 'hsl(47, 20%, 84%)', farmland: 'hsl(60, 30%, 84%)',
    grass: 'hsl(82, 46%, 72%)', wood: 'hsl(82, 40%, 66%)', wetland: 'hsl(100, 20%, 80%)', sand: 'hsl(47, 60%, 85%)',
    park: 'hsl(82, 46%, 75%)', pitch: 'hsl(82, 40%, 70%)', water: 'hsl(205, 56%, 73%)',
    pedestrianArea: 'hsl(47, 20%, 93%)', pedestrianAreaOutline: 'hsl(47, 10%, 82%)',
    building: 'hsl(39, 41%, 83%)', buildingOutline: 'hsl(36, 30%, 76%)',
    tunnelCasing: 'hsl(47, 10%, 80%)', tunnelFill: 'hsl(47, 20%, 94%)',
    casings: false, motorway: 'hsl(28, 72%, 69%)', primary: '#ffffff', secondary: '#ffffff', minor: 'hsl(0, 0%, 97%)', service: 'hsl(0, 0%, 97%)',
    pedestrian: 'hsl(0, 0%, 97%)', path: 'hsl(0, 0%, 97%)', pathDash: [1.5, 1], roadScale: 0.85,
    rail: 'hsl(34, 12%, 66%)', boundary: 'hsl(248, 7%, 66%)', boundaryMinor: 'hsl(248, 7%, 70%)',
    placeText: '#333333', suburbText: '#666666', roadText: '#765', waterText: '#495e91', halo: 'rgba(255,255,255,0.8)',
    extrusion: {roof: 'hsl(39, 41%, 86%)', wall: 'hsl(36, 25%, 74%)', shade: 'hsl(36, 20%, 66%)', defaultHeight: 10},
    attribution: {color: '#333333', background: 'rgba(255,255,255,0.7)'}
  },
  bright: {
    name: 'bright', mapStyle: 3, file: 'osm_bright.json', font: 'Noto Sans',
    description: 'OSM Bright: light warm base, saturated parks and water, orange motorways, yellow main roads, Noto Sans labels.',
    bg: '#f8f4f0', residential: 'hsla(30, 19%, 90%, 0.6)', commercial: 'hsla(0, 60%, 87%, 0.35)', industrial: 'hsla(49, 100%, 88%, 0.5)',
    cemetery: '#e0e4dd', hospital: '#fde', school: 'rgb(236, 238, 204)', parking: '#f0ede9', farmland: '#eef0d5', grass: '#d8e8c8', wood: '#b7d79c',
    wetland: '#dbeadb', sand: 'rgba(247, 239, 195, 1)', park: '#c8df9f', parkOutline: '#b4d08a', pitch: '#b7e3c8', pitchOutline: '#9bd2b0', water: '#a0c8f0',
    pedestrianArea: '#ffffff', pedestrianAreaOutline: '#d5d1cc',
    building: '#f2eae2', buildingOutline: '#dfd5cb',
    tunnelCasing: '#cfcdca', tunnelFill: '#fff4c6',
    casings: true, motorway: '#fc8', motorwayCasing: '#e9ac77', primary: '#fea', primaryCasing: '#e9ac77', secondary: '#fea', secondaryCasing: '#e9ac77',
    minor: '#ffffff', minorCasing: '#cfcdca', service: '#ffffff', pedestrian: '#ffffff', path: '#cba',
    rail: '#bbbbbb', tram: '#aaaaaa', boundary: '#9e9cab', boundaryMinor: '#a79fb8',
    placeText: '#333333', suburbText: '#444444', roadText: '#765', waterText: '#74aee9', halo: 'rgba(255,255,255,0.85)', waterHalo: 'rgba(255,255,255,0.7)',
    extrusion: {roof: '#f2eae2', wall: '#ddd2c6', shade: '#cbbfb3', defaultHeight: 10},
    attribution: {color: '#333333', background: 'rgba(255,255,255,0.75)'}
  },
  '3d': {
    ...liberty, name: '3d', mapStyle: 4, file: 'osm_3d.json', extrude: true,
    description: 'OSM 3D: Liberty colours with every building extruded to its height (levels × 3 m, else 10 m), lit from the north-west.',
    building: '#dedad6', buildingOutline: '#c9c3bd',
    extrusion: {roof: '#ebe7e3', wall: '#d2cbc4', shade: '#b9b1a9', defaultHeight: 10}
  },
  positron: {
    name: 'positron', mapStyle: 5, file: 'osm_positron.json', font: 'Noto Sans',
    description: 'Positron: light grey, quiet, for data on top: near-white roads with grey casings, pale parks and water, grey labels.',
    bg: 'rgb(242, 243, 240)', residential: 'rgba(235, 236, 232, 0.6)', commercial: 'rgba(236, 236, 233, 0.6)', industrial: 'rgba(234, 234, 230, 0.6)',
    cemetery: 'rgb(230, 233, 229)', hospital: 'rgb(238, 236, 236)', school: 'rgb(236, 237, 233)', parking: 'rgb(236, 237, 233)', farmland: 'rgb(238, 240, 234)',
    grass: 'rgb(230, 233, 229)', wood: 'rgb(220, 226, 220)', wetland: 'rgb(228, 233, 229)', sand: 'rgb(240, 240, 233)',
    park: 'rgb(230, 233, 229)', pitch: 'rgb(226, 230, 225)', water: 'rgb(194, 200, 202)',
    pedestrianArea: 'rgb(250, 250, 248)', pedestrianAreaOutline: 'rgb(225, 225, 222)',
    building: 'rgb(234, 234, 229)', buildingOutline: 'rgb(219, 219, 218)',
    tunnelCasing: 'rgb(220, 220, 218)', tunnelFill: 'rgb(246, 246, 244)',
    casings: true, motorway: '#ffffff', motorwayCasing: 'rgb(213, 213, 213)', primary: '#ffffff', primaryCasing: 'rgb(213, 213, 213)',
    secondary: '#ffffff', secondaryCasing: 'rgb(218, 218, 218)', minor: '#ffffff', minorCasing: 'rgb(224, 224, 224)', service: '#ffffff',
    pedestrian: '#ffffff', path: 'rgb(214, 214, 212)', roadScale: 0.85,
    rail: 'rgb(210, 210, 210)', boundary: 'rgb(180, 180, 190)', boundaryMinor: 'rgb(196, 196, 204)',
    placeText: 'rgb(102, 110, 122)', suburbText: 'rgb(131, 138, 148)', roadText: 'rgb(117, 129, 145)', waterText: 'rgb(145, 155, 160)', halo: 'rgba(255,255,255,0.9)',
    poiOpacity: 0.92,
    extrusion: {roof: 'rgb(238, 238, 234)', wall: 'rgb(222, 222, 218)', shade: 'rgb(208, 208, 204)', defaultHeight: 10},
    attribution: {color: 'rgb(102, 110, 122)', background: 'rgba(255,255,255,0.7)'}
  },
  dark: {
    name: 'dark', mapStyle: 6, file: 'osm_dark.json', font: 'Noto Sans',
    description: 'Dark Matter: near-black base, dark grey roads and buildings, black water, grey labels with dark halos.',
    bg: 'rgb(12, 12, 12)', residential: 'rgba(22, 22, 22, 0.8)', commercial: 'rgba(24, 24, 24, 0.8)', industrial: 'rgba(22, 22, 22, 0.8)',
    cemetery: 'rgb(24, 26, 24)', hospital: 'rgb(26, 22, 22)', school: 'rgb(24, 24, 22)', parking: 'rgb(22, 22, 22)', farmland: 'rgb(20, 22, 20)',
    grass: 'rgb(22, 26, 22)', wood: 'rgb(24, 30, 24)', wetland: 'rgb(20, 24, 24)', sand: 'rgb(26, 26, 22)',
    park: 'rgb(22, 28, 22)', pitch: 'rgb(26, 30, 26)', water: 'rgb(35, 37, 45)',
    pedestrianArea: 'rgb(28, 28, 28)', pedestrianAreaOutline: 'rgb(40, 40, 40)',
    building: 'rgb(24, 24, 26)', buildingOutline: 'rgb(36, 36, 40)',
    tunnelCasing: 'rgb(40, 40, 40)', tunnelFill: 'rgb(24, 24, 24)',
    casings: true, motorway: 'rgb(58, 58, 58)', motorwayCasing: 'rgb(22, 22, 22)', primary: 'rgb(52, 52, 52)', primaryCasing: 'rgb(22, 22, 22)',
    secondary: 'rgb(46, 46, 46)', secondaryCasing: 'rgb(20, 20, 20)', minor: 'rgb(40, 40, 40)', minorCasing: 'rgb(18, 18, 18)', service: 'rgb(36, 36, 36)',
    pedestrian: 'rgb(36, 36, 36)', path: 'rgb(48, 48, 48)', roadScale: 0.85,
    rail: 'rgb(56, 56, 56)', boundary: 'rgb(90, 90, 100)', boundaryMinor: 'rgb(75, 75, 85)',
    placeText: 'rgb(170, 170, 170)', suburbText: 'rgb(130, 130, 130)', roadText: 'rgb(125, 125, 125)', waterText: 'rgb(90, 100, 120)', halo: 'rgba(0,0,0,0.8)',
    poiOpacity: 0.9,
    extrusion: {roof: 'rgb(34, 34, 38)', wall: 'rgb(26, 26, 30)', shade: 'rgb(18, 18, 22)', defaultHeight: 10},
    attribution: {color: 'rgb(170, 170, 170)', background: 'rgba(0,0,0,0.6)'}
  },
  liberty_stonehedge: {
    ...liberty, name: 'liberty_stonehedge', mapStyle: 7, file: 'osm_liberty_stonehedge.json',
    description: 'Liberty Stonehedge: Liberty in stone and sage tones: sandstone base, grey-green parks, slate water, stone buildings, muted roads.',
    bg: '#eee8dc', residential: 'rgba(226, 218, 204, 0.55)', commercial: 'rgba(224, 210, 200, 0.5)', industrial: 'rgba(220, 214, 196, 0.5)',
    cemetery: '#d9dccf', hospital: '#eddcd6', school: '#e8e2cc', parking: '#e4ded3', farmland: '#e6e3cc', grass: '#cfd6bd', wood: '#b9c4a4',
    wetland: '#d3dccd', sand: '#eadfc0', park: '#cbd4b6', parkOutline: '#b5c09c', pitch: '#c2cfb4', pitchOutline: '#aab99a', water: '#9fb6c3',
    pedestrianArea: '#f3efe7', pedestrianAreaOutline: '#d2c9ba',
    building: '#d5ccbe', buildingOutline: '#bfb4a4',
    tunnelCasing: '#c9bfb0', tunnelFill: '#f2ede4',
    motorway: '#e6b98a', motorwayCasing: '#b98f6a', primary: '#efd9a7', primaryCasing: '#c2a77f', secondary: '#f3e6c2', secondaryCasing: '#c9b799',
    minor: '#fbf8f2', minorCasing: '#c9bfb0', service: '#fbf8f2', pedestrian: '#f6f2ea', path: '#a89480',
    rail: '#a39a8f', tram: '#958b80', boundary: '#8c8377', boundaryMinor: '#a0978a',
    placeText: '#3d3830', suburbText: '#5e564b', roadText: '#5f5548', waterText: '#4f6d7d', halo: 'rgba(248,244,236,0.9)',
    extrusion: {roof: '#ddd5c8', wall: '#c4b8a6', shade: '#ab9f8d', defaultHeight: 10},
    attribution: {color: '#3d3830', background: 'rgba(248,244,236,0.75)'}
  }
};
for (const [name, p] of Object.entries(styles)) {
  const st = build(p);
  const head = {...st};
  delete head.layers;
  let json = JSON.stringify(head, null, 2).replace(/\n}$/, ',\n  "layers": [\n');
  json += st.layers.map((l) => '    ' + JSON.stringify(l).replace(/":/g, '": ').replace(/,"/g, ', "')).join(',\n');
  json += '\n  ]\n}';
  fs.writeFileSync(`${out}/${name}.json`, json + '\n');
}
