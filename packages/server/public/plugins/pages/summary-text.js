// summary-text.js (PLUGINS.md): to be written.
export async function start() {}
