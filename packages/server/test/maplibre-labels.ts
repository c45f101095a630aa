// The labels MapLibre places in Chromium beside the labels /image places, for one view: the same
// style document (served at /{cc}/styles), tiles, centre, zoom (MapLibre's is the image's minus one:
// 512-pixel tiles) and size. The image's pin takes its place first in both: on the MapLibre page as a
// blank icon of the pin's box in a symbol layer above the style's. MapLibre's placed labels come from
// queryRenderedFeatures on the symbol layers; those crossing the frame's edge are told apart (the image
// does not draw a label its frame cuts). /image's come from the renderer's `placed` list.
import path from 'node:path';
import type {Browser} from 'playwright-core';
import {createCanvas, loadImage, type Canvas} from '@napi-rs/canvas';
import {Region} from '@quartier/engine';
import {STYLE_NAMES, pinBox, renderMap, styleByIndex, type PlacedSymbol} from '@quartier/render';
import {testBuildRoot} from './helpers.js';

export interface LabelView {cc: string; latitude: number; longitude: number; zoom: number; mapStyle: number; width: number; height: number}

/** A placed label: its style layer, its source layer, its text (as drawn, upper case when the style says). */
export interface Label {layer: string; sourceLayer: string; text: string; edge: boolean}

export interface LabelComparison {
    /** MapLibre's street and place labels inside the frame, and how many of them /image shows. */
    streetsAndPlaces: string[];
    shared: string[];
    /** Texts /image shows that MapLibre shows nowhere in the view, and how many texts /image shows. */
    extra: string[];
    drawn: number;
    agreement: number;
    /** Side-by-side picture: /image on the left, MapLibre on the right (PNG). */
    picture: Buffer;
}

const regions = new Map<string, Region>();
const key = (text: string) => text.replace(/\s+/g, ' ').trim().toUpperCase();

/** The labels MapLibre places for a view, and its screenshot. */
export async function maplibreLabels(browser: Browser, base: string, v: LabelView): Promise<{labels: Label[]; png: Buffer}> {
    const page = await browser.newPage({viewport: {width: v.width, height: v.height}});
    try {
        const url = `${base}/image-labels-test.html`;
        const style = `/${v.cc}/styles/${styleByIndex(v.mapStyle).file}`;
        const pin = pinBox(null, 1), pad = 4;
        await page.route(url, (route) => route.fulfill({contentType: 'text/html', body: `<!doctype html><html><head>
<link rel="stylesheet" href="/vendor/maplibre-gl/maplibre-gl.css">
<style>html,body,#map{margin:0;width:${v.width}px;height:${v.height}px}</style></head><body><div id="map"></div>
<script type="module">
import * as maplibregl from '/vendor/maplibre-gl/maplibre-gl.mjs';
const map = new maplibregl.Map({container: 'map', style: ${JSON.stringify(style)}, center: [${v.longitude}, ${v.latitude}], zoom: ${v.zoom - 1},
    attributionControl: false, fadeDuration: 0, pixelRatio: 1, interactive: false});
map.once('load', () => {
    const w = ${pin[2] - pin[0] + 2 * pad}, h = ${pin[3] - pin[1] + 2 * pad};
    map.addImage('quartier-pin', {width: w, height: h, data: new Uint8Array(w * h * 4)});
    map.addSource('quartier-pin', {type: 'geojson', data: {type: 'Point', coordinates: [${v.longitude}, ${v.latitude}]}});
    map.addLayer({id: 'quartier-pin', type: 'symbol', source: 'quartier-pin', layout: {'icon-image': 'quartier-pin', 'icon-anchor': 'top-left',
        'icon-offset': [${pin[0] - pad}, ${pin[1] - pad}], 'icon-padding': 0}});
    window.pinned = true;
});
window.map = map;
</script></body></html>`}));
        await page.goto(url);
        await page.waitForFunction('window.pinned && window.map.loaded() && window.map.areTilesLoaded() && !window.map.isMoving()', undefined, {timeout: 60000});
        // The pin's layer added, placement runs again: wait for the map to settle.
        await page.evaluate('new Promise((resolve) => { window.map.once("idle", resolve); window.map.triggerRepaint(); })');
        const labels = await page.evaluate(([width, height]) => {
            type F = {layer: {id: string; 'source-layer'?: string; layout?: Record<string, unknown>}; sourceLayer?: string};
            const map = (globalThis as unknown as {map: {getStyle(): {layers: {id: string; type: string}[]}; queryRenderedFeatures(a?: unknown, b?: unknown): F[]}}).map;
            const ids = map.getStyle().layers.filter((l) => l.type === 'symbol' && l.id !== 'quartier-pin').map((l) => l.id);
            const text = (f: F): string => {
                const field = f.layer.layout?.['text-field'] as {sections?: {text: string}[]} | string | undefined;
                const s = typeof field === 'string' ? field : (field?.sections ?? []).map((x) => x.text).join('');
                return f.layer.layout?.['text-transform'] === 'uppercase' ? s.toUpperCase() : s;
            };
            const edge = new Set<string>();
            const strips = [[[0, 0], [width, 1]], [[0, height - 1], [width, height]], [[0, 0], [1, height]], [[width - 1, 0], [width, height]]];
            for (const box of strips) for (const f of map.queryRenderedFeatures(box, {layers: ids})) edge.add(`${f.layer.id}|${text(f)}`);
            return map.queryRenderedFeatures(undefined, {layers: ids}).map((f) => ({
                layer: f.layer.id, sourceLayer: f.sourceLayer ?? f.layer['source-layer'] ?? '', text: text(f), edge: edge.has(`${f.layer.id}|${text(f)}`)
            })).filter((l) => l.text !== '');
        }, [v.width, v.height]);
        return {labels, png: await page.screenshot()};
    } finally {
        await page.close();
    }
}

/** The labels /image draws for a view (the renderer's placed list), and the image. */
export function imageLabels(v: LabelView): {labels: PlacedSymbol[]; canvas: Canvas} {
    let region = regions.get(v.cc);
    if (!region) {
        region = Region.open(path.join(testBuildRoot, v.cc.toUpperCase()));
        regions.set(v.cc, region);
    }
    const placed: PlacedSymbol[] = [];
    const canvas = renderMap(region, {latitude: v.latitude, longitude: v.longitude, width: v.width, height: v.height, zoom: v.zoom, mapStyle: v.mapStyle, pinColor: '#428bff', placed});
    return {labels: placed.filter((p) => p.text !== ''), canvas};
}

/** Compares the two for a view; the picture shows both side by side. */
export async function compareLabels(browser: Browser, base: string, v: LabelView): Promise<LabelComparison> {
    const maplibre = await maplibreLabels(browser, base, v);
    const image = imageLabels(v);
    const ours = new Set(image.labels.map((l) => key(l.text)));
    const theirs = new Set(maplibre.labels.map((l) => key(l.text)));
    const wanted = maplibre.labels.filter((l) => !l.edge && (l.sourceLayer === 'transportation_name' || l.sourceLayer === 'place'));
    const streetsAndPlaces = [...new Set(wanted.map((l) => key(l.text)))];
    const shared = streetsAndPlaces.filter((t) => ours.has(t));
    const extra = [...ours].filter((t) => !theirs.has(t));
    const agreement = streetsAndPlaces.length === 0 ? 1 : shared.length / streetsAndPlaces.length;
    const side = createCanvas(2 * v.width + 8, v.height);
    const ctx = side.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, side.width, side.height);
    ctx.drawImage(image.canvas, 0, 0);
    ctx.drawImage(await loadImage(maplibre.png), v.width + 8, 0);
    return {streetsAndPlaces, shared, extra, drawn: ours.size, agreement, picture: side.toBuffer('image/png')};
}

/** A view's name for files and test titles: be-liberty-16-50.8467-4.3525. */
export function viewName(v: LabelView): string {
    return `${v.cc}-${STYLE_NAMES[v.mapStyle - 1]}-${v.zoom}-${v.latitude}-${v.longitude}`;
}
