import { describe, expect, it } from "vitest";
import { progressLine } from "../../../scripts/lib/progress";

function capture(isTTY: boolean) {
  const writes: string[] = [];
  return { stream: { isTTY, write: (text: string) => writes.push(text) }, writes };
}

describe("progress lines", () => {
  it("redraw in place with \\r on a terminal and end with a newline", () => {
    const { stream, writes } = capture(true);
    const progress = progressLine(stream);
    progress.update("[1/2] done 1");
    progress.update("[2/2] done 2");
    progress.done();
    expect(writes).toEqual(["\r[1/2] done 1\x1b[K", "\r[2/2] done 2\x1b[K", "\n"]);
  });

  it("are whole lines, throttled, without \\r when the output is not a terminal (a log, CI, a pipe)", () => {
    const { stream, writes } = capture(false);
    const progress = progressLine(stream, 60_000);
    for (let i = 1; i <= 100; i++) progress.update(`[${i}/100]`);
    progress.done();
    // The first at once, the last always, nothing in between within the interval.
    expect(writes).toEqual(["[1/100]\n", "[100/100]\n"]);
    expect(writes.join("")).not.toContain("\r");
  });

  it("print nothing when there was no progress", () => {
    for (const isTTY of [true, false]) {
      const { stream, writes } = capture(isTTY);
      progressLine(stream).done();
      expect(writes).toEqual([]);
    }
  });
});
