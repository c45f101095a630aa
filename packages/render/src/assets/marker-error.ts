/** Why a custom marker cannot be drawn, in words for the caller (the server answers 400 with it). */
export class MarkerImageError extends Error {
    override name = 'MarkerImageError';
}
