// Our layers added to the map now and again after any style change. map.isStyleLoaded() is false
// while any source is still loading (the POIs' first answer, say), though layers can be added then.

export function withStyle(map, addLayers) {
    map.on('style.load', addLayers);
    if (map.getStyle()?.layers) addLayers();
}
