// MapLibre GL JS from the map host itself (our node_modules copy under /vendor), never a CDN: its ES
// module once per page, its style sheet once per document, the right-to-left text plugin when needed.
let loading = null;

export function loadMapLibre(base) {
    if (!document.querySelector('link[data-quartier-maplibre]')) {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = `${base}/vendor/maplibre-gl/maplibre-gl.css`;
        link.dataset.quartierMaplibre = '';
        document.head.append(link);
    }
    loading ??= import(`${base}/vendor/maplibre-gl/maplibre-gl.mjs`).then((maplibregl) => {
        // Arabic and Hebrew labels are shaped by this plugin, loaded by MapLibre on the first such label.
        if (maplibregl.getRTLTextPluginStatus() === 'unavailable') maplibregl.setRTLTextPlugin(`${base}/vendor/rtl-text/mapbox-gl-rtl-text.js`, true);
        return maplibregl;
    });
    return loading;
}
