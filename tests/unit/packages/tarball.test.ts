import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { extractTarball, safeRelativePath } from "@/lib/core/packages/npm/extract-tarball";
import { readTar } from "@/lib/core/packages/npm/tar-reader";
import { makeTar, makeTgz } from "./make-tarball";

const limits = { maxUnpackedBytes: 1024 * 1024, maxFiles: 100 };
const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const d = await mkdtemp(path.join(os.tmpdir(), "tar-test-"));
  dirs.push(d);
  return d;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

describe("tar reader", () => {
  it("reads files, directories, links and pax long names", () => {
    const long = `package/${"d/".repeat(80)}file.js`;
    const entries = readTar(makeTar([{ path: "package/", type: "directory" }, { path: "package/a.js", content: "x" }, { path: long, content: "long" }, { path: "package/l", type: "symlink", linkTarget: "/etc" }]));
    expect(entries.map((e) => [e.path, e.type])).toEqual([
      ["package/", "directory"],
      ["package/a.js", "file"],
      [long, "file"],
      ["package/l", "symlink"],
    ]);
    expect(entries[2].data.toString()).toBe("long");
    expect(entries[3].linkTarget).toBe("/etc");
  });

  it("refuses a header with a bad checksum", () => {
    const tar = makeTar([{ path: "package/a.js", content: "x" }]);
    tar[0] ^= 1;
    expect(() => readTar(tar)).toThrow(/checksum/);
  });
});

describe("safe paths", () => {
  it.each([
    ["package/index.js", "index.js"],
    ["package/lib/./x.js", "lib/x.js"],
    ["anything/else.js", "else.js"],
    ["package", ""],
    ["/etc/passwd", null],
    ["package/../../x", null],
    ["package/lib/../../x", null],
    ["package\\..\\..\\x", null],
    ["C:/Windows/x", null],
    ["package/a\0b", null],
  ])("%s → %s", (input, expected) => {
    expect(safeRelativePath(input)).toBe(expected);
  });
});

describe("extraction", () => {
  it("writes regular files under the root, strips the first component and skips links", async () => {
    const root = path.join(await tempDir(), "package");
    const result = await extractTarball(
      makeTgz([
        { path: "package/package.json", content: '{"name":"x"}' },
        { path: "package/bin/run.js", content: "#!/usr/bin/env node", mode: 0o4755 },
        { path: "package/evil", type: "symlink", linkTarget: "/etc/passwd" },
        { path: "package/hard", type: "hardlink", linkTarget: "package/package.json" },
      ]),
      root,
      limits,
    );
    expect(result).toMatchObject({ ok: true, fileCount: 2, skipped: [{ path: "package/evil", type: "symlink" }, { path: "package/hard", type: "hardlink" }] });
    expect((await readdir(root)).sort()).toEqual(["bin", "package.json"]);
    const mode = (await stat(path.join(root, "bin/run.js"))).mode & 0o7777;
    expect(mode & 0o4000).toBe(0);
    expect(await readFile(path.join(root, "package.json"), "utf8")).toBe('{"name":"x"}');
  });

  it.each([["package/../../../tmp/pwned"], ["/tmp/pwned-abs"], ["package/lib/../../escape.js"]])("refuses the whole tarball for %s and writes nothing", async (bad) => {
    const parent = await tempDir();
    const root = path.join(parent, "package");
    const result = await extractTarball(makeTgz([{ path: "package/ok.js", content: "1" }, { path: bad, content: "pwned" }]), root, limits);
    expect(result).toMatchObject({ ok: false, unsafePath: bad });
    expect(await readdir(parent)).toEqual([]);
  });

  it("caps the file count and the unpacked bytes, gzip bombs included", async () => {
    const root = path.join(await tempDir(), "package");
    const many = Array.from({ length: 101 }, (_, i) => ({ path: `package/f${i}.js`, content: "x" }));
    expect(await extractTarball(makeTgz(many), root, limits)).toMatchObject({ ok: false, reason: expect.stringMatching(/more than 100 files/) });
    const big = makeTgz([{ path: "package/zeros.bin", content: Buffer.alloc(2 * 1024 * 1024) }]);
    expect(big.length).toBeLessThan(20_000);
    expect(await extractTarball(big, root, limits)).toMatchObject({ ok: false, reason: expect.stringMatching(/more than/) });
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024));
    expect(await extractTarball(bomb, root, limits)).toMatchObject({ ok: false, reason: expect.stringMatching(/unpacks to more than/) });
  });

  it("reports garbage as not a gzip file", async () => {
    const root = path.join(await tempDir(), "package");
    expect(await extractTarball(Buffer.from("<html>not a tarball</html>"), root, limits)).toMatchObject({ ok: false, reason: expect.stringMatching(/not a gzip/) });
  });
});
