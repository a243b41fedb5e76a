/** The part of a stream progress needs; process.stdout by default. */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface Progress {
  update(line: string): void;
  /** Ends the progress: the last line stays. */
  done(): void;
}

/**
 * A progress line. On a terminal it is redrawn in place (\r); anywhere else
 * (a log file, CI, a pipe) \r would pile every update into one unreadable
 * line, so it prints whole lines, at most one per `intervalMs`, and the last
 * update always.
 */
export function progressLine(stream: ProgressStream = process.stdout, intervalMs = 5_000): Progress {
  let last = "";
  let shown = "";
  let shownAt = -Infinity;
  return {
    update(line) {
      last = line;
      if (stream.isTTY) {
        // \x1b[K clears what a longer previous line left on the right.
        stream.write(`\r${line}\x1b[K`);
        shown = line;
      } else if (performance.now() - shownAt >= intervalMs) {
        stream.write(`${line}\n`);
        shown = line;
        shownAt = performance.now();
      }
    },
    done() {
      if (stream.isTTY) {
        if (shown) stream.write("\n");
      } else if (last && last !== shown) {
        stream.write(`${last}\n`);
      }
      last = shown = "";
    },
  };
}
