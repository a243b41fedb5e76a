import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";

/**
 * Builds .tgz files for tests, including ones `npm pack` would never write
 * (absolute paths, `..`, symlinks, long pax names), so that the extraction
 * rules can be tested on hostile tarballs.
 */
export interface TarInput {
  path: string;
  content?: string | Buffer;
  type?: "file" | "directory" | "symlink" | "hardlink";
  linkTarget?: string;
  mode?: number;
}

function header(name: string, size: number, type: string, linkTarget: string, mode: number): Buffer {
  const h = Buffer.alloc(512);
  h.write(name, 0, 100, "utf8");
  h.write(mode.toString(8).padStart(7, "0") + "\0", 100, 8, "ascii");
  h.write("0000000\0", 108, 8, "ascii");
  h.write("0000000\0", 116, 8, "ascii");
  h.write(size.toString(8).padStart(11, "0") + "\0", 124, 12, "ascii");
  h.write("00000000000\0", 136, 12, "ascii");
  h.write("        ", 148, 8, "ascii");
  h.write(type, 156, 1, "ascii");
  h.write(linkTarget, 157, 100, "utf8");
  h.write("ustar\0", 257, 6, "ascii");
  h.write("00", 263, 2, "ascii");
  let sum = 0;
  for (const b of h) sum += b;
  h.write(sum.toString(8).padStart(6, "0") + "\0 ", 148, 8, "ascii");
  return h;
}

function pad(data: Buffer): Buffer {
  const rest = data.length % 512;
  return rest === 0 ? data : Buffer.concat([data, Buffer.alloc(512 - rest)]);
}

export function makeTar(entries: TarInput[]): Buffer {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const data = e.type && e.type !== "file" ? Buffer.alloc(0) : Buffer.from(e.content ?? "");
    const typeFlag = { file: "0", directory: "5", symlink: "2", hardlink: "1" }[e.type ?? "file"];
    let name = e.path;
    if (Buffer.byteLength(name) > 99) {
      // A pax header carries the long path.
      const record = (len: number) => `${len} path=${e.path}\n`;
      let len = record(0).length;
      while (record(len).length !== len) len = record(len).length;
      const pax = Buffer.from(record(len));
      blocks.push(header("PaxHeader", pax.length, "x", "", 0o644), pad(pax));
      name = name.slice(0, 99);
    }
    blocks.push(header(name, data.length, typeFlag, e.linkTarget ?? "", e.mode ?? 0o644), pad(data));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

export function makeTgz(entries: TarInput[]): Buffer {
  return gzipSync(makeTar(entries));
}

export function sri(data: Buffer, algorithm: "sha512" | "sha1" = "sha512"): string {
  return `${algorithm}-${createHash(algorithm).update(data).digest("base64")}`;
}

export function sha1Hex(data: Buffer): string {
  return createHash("sha1").update(data).digest("hex");
}
