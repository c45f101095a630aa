// Progress of long work: a bar redrawn in place on a terminal, plain lines otherwise (CI, logs).
export class Progress {
    private readonly tty: boolean;
    private lastLine = '';
    private lastPercent = -1;
    private lastPlain = 0;

    constructor(private readonly label: string, private readonly stream: NodeJS.WriteStream = process.stderr, private readonly quiet = false) {
        this.tty = Boolean(stream.isTTY) && !process.env.CI;
    }

    /**
     * Reports a stage and its completion share (0..1). `detail` (a count, a rate, an ETA) shows on
     * the bar and in each plain line, but changing it alone prints no new plain line.
     */
    update(stage: string, done: number, detail = ''): void {
        if (this.quiet) return;
        const percent = Math.max(0, Math.min(100, Math.floor(done * 100)));
        if (this.tty) {
            const width = 30;
            const filled = Math.round((percent / 100) * width);
            const line = `${this.label} [${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${String(percent).padStart(3)}% ${stage}${detail && ` ${detail}`}`;
            if (line !== this.lastLine) {
                this.stream.write(`\r${line.padEnd(this.lastLine.length)}`);
                this.lastLine = line;
            }
        } else {
            // Plain output: one line per stage change or every 25%.
            const now = Date.now();
            if (stage !== this.lastLine || percent >= this.lastPercent + 25 || now - this.lastPlain > 10000) {
                this.stream.write(`${this.label}: ${stage} ${percent}%${detail && ` ${detail}`}\n`);
                this.lastLine = stage;
                this.lastPercent = percent;
                this.lastPlain = now;
            }
        }
    }

    /** Ends the bar with a final message. */
    done(message: string): void {
        if (this.quiet) return;
        if (this.tty) this.stream.write(`\r${`${this.label}: ${message}`.padEnd(this.lastLine.length)}\n`);
        else this.stream.write(`${this.label}: ${message}\n`);
    }
}
