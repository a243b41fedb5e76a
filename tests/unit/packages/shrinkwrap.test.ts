import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sanitizeShrinkwrap } from "@/lib/core/packages/npm/install-dependencies";

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function withShrinkwrap(content: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "shrinkwrap-"));
  dirs.push(dir);
  await writeFile(path.join(dir, "npm-shrinkwrap.json"), content);
  return dir;
}

describe("a published npm-shrinkwrap.json", () => {
  it("keeps the pinned versions and integrity but no resolved URL, and drops entries outside the registry", async () => {
    const dir = await withShrinkwrap(
      JSON.stringify({
        lockfileVersion: 3,
        packages: {
          "": { name: "srv", version: "1.0.0" },
          "node_modules/zod": { version: "3.23.8", resolved: "https://evil.example/zod.tgz", integrity: "sha512-abc" },
          "node_modules/helper": { version: "git+https://github.com/x/helper.git#abc", resolved: "git+https://github.com/x/helper.git#abc" },
        },
        dependencies: { zod: { version: "3.23.8", resolved: "http://10.0.0.1/zod.tgz", dependencies: { inner: { version: "1.0.0", resolved: "file:../inner" } } } },
      }),
    );
    expect(await sanitizeShrinkwrap(dir)).toBe(true);
    const lock = JSON.parse(await readFile(path.join(dir, "npm-shrinkwrap.json"), "utf8"));
    expect(lock.packages["node_modules/zod"]).toEqual({ version: "3.23.8", integrity: "sha512-abc" });
    expect(lock.packages["node_modules/helper"]).toBeUndefined();
    expect(JSON.stringify(lock)).not.toMatch(/resolved|evil\.example|10\.0\.0\.1|file:/);
  });

  it("removes one that is not JSON, and says there is none", async () => {
    const dir = await withShrinkwrap("{ not json");
    expect(await sanitizeShrinkwrap(dir)).toBe(false);
    await expect(readFile(path.join(dir, "npm-shrinkwrap.json"))).rejects.toThrow();
  });
});
