// The value after `--name` on the command line, or `fallback` when the option is not given.
export function arg(name, fallback) {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : fallback;
}
