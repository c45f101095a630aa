// Every error's body (SPEC §7, COMPAT.md): {"Error": message}, a message that says why and what to do. One
// writer for Express's error handler, the route lane, malformed HTTP and the metrics port.

export function errorBody(message: string): string {
    return JSON.stringify({Error: message});
}
