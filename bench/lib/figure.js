// A bench's headline figures as JSON lines that bench/check.js reads (`npm run bench:check`):
//   FIGURE {"id":"route-http.car.kept-alive","value":3211,"baseline":5120}
// `baseline`: the bench's own reference measured in the same run (e.g. /health's rate), when it has one;
// the check prints value / baseline beside the figure, which the machine's load moves far less than the value.

/** Prints one figure line (numbers rounded to 4 significant digits). */
export function printFigure(id, value, baseline) {
    const round = (x) => (Number.isFinite(x) ? Number(x.toPrecision(4)) : null);
    console.log(`FIGURE ${JSON.stringify(baseline === undefined ? {id, value: round(value)} : {id, value: round(value), baseline: round(baseline)})}`);
}
