// @quartier/render: static map images from a region's map data, with @napi-rs/canvas.
export {renderMap, renderJpeg, drawMap, DEFAULT_ZOOM, MIN_ZOOM, MAX_ZOOM, MAX_SIDE, PITCH, ATTRIBUTION} from './render.js';
export type {MapImageOptions} from './render.js';
export {STYLE_NAMES, styleByIndex, loadStyle, compileStyle, valueAt} from './style.js';
export type {Style, StyleSpec, LayerSpec, CompiledLayer, ZoomValue} from './style.js';
export {Camera} from './camera.js';
export {CollisionGrid} from './collision.js';
export {markerImage, markerPng, badgeImage, badgePng, isKnownIcon, iconPriority} from './icons.js';
export {registerFonts, fontString} from './fonts.js';
export {PIN_WIDTH, PIN_HEIGHT, pinBox} from './pin.js';
export type {CustomMarker} from './pin.js';
export {STYLES_DIR, MAPLIBRE_STYLES_DIR} from './assets.js';
export {decodeMarkerImage, sniffMarker, MarkerImageError, MAX_MARKER_BYTES, MAX_MARKER_SIDE} from './marker-image.js';
export type {MarkerType} from './marker-image.js';
export {toMapLibre, localizeStyle, readMapLibreStyle, loadPoiIcons, fontName} from './maplibre-style.js';
export type {PoiIcons} from './maplibre-style.js';
export {glyphRange, checkGlyphRequest, GLYPH_FONTS, MAX_STACK} from './glyphs.js';
export {spriteSheet, SPRITE_ICON_SIZE} from './sprite.js';
export type {Sprite, SpriteEntry} from './sprite.js';
