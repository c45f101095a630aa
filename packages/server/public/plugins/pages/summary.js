// summary.js (PLUGINS.md): to be written.
export async function start() {}
