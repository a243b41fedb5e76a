/**
 * A minimal reader of (uncompressed) tar archives as `npm pack` writes them:
 * ustar headers with the prefix field, pax extended headers (`x`: path,
 * linkpath, size) and GNU long names (`L`, `K`). No file is written here:
 * the caller decides what to keep (see extract-tarball.ts). Pure.
 */

type TarEntryType = "file" | "directory" | "symlink" | "hardlink" | "other";

export interface TarEntry {
  path: string;
  type: TarEntryType;
  mode: number;
  linkTarget: string;
  data: Buffer;
}

export class TarFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TarFormatError";
  }
}

const BLOCK = 512;

function cString(buf: Buffer, start: number, length: number): string {
  const slice = buf.subarray(start, start + length);
  const nul = slice.indexOf(0);
  return slice.subarray(0, nul === -1 ? slice.length : nul).toString("utf8");
}

/** Octal text, or GNU base-256 (high bit set on the first byte) for large values. */
function numberField(buf: Buffer, start: number, length: number): number {
  if (buf[start] & 0x80) {
    let value = buf[start] & 0x7f;
    for (let i = start + 1; i < start + length; i++) value = value * 256 + buf[i];
    return value;
  }
  const text = cString(buf, start, length).trim();
  if (text === "") return 0;
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError(`bad number field "${text.slice(0, 20)}"`);
  return parseInt(text, 8);
}

function checksumOk(header: Buffer): boolean {
  const stored = numberField(header, 148, 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i];
  return sum === stored;
}

/** pax records: "<len> <key>=<value>\n" repeated. */
function parsePax(data: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let pos = 0;
  while (pos < data.length) {
    const space = data.indexOf(0x20, pos);
    if (space === -1) break;
    const len = parseInt(data.subarray(pos, space).toString("ascii"), 10);
    if (!Number.isFinite(len) || len <= 0 || pos + len > data.length) break;
    const record = data.subarray(space + 1, pos + len - 1).toString("utf8");
    const eq = record.indexOf("=");
    if (eq > 0) out[record.slice(0, eq)] = record.slice(eq + 1);
    pos += len;
  }
  return out;
}

function entryType(flag: string): TarEntryType {
  if (flag === "0" || flag === "\0" || flag === "" || flag === "7") return "file";
  if (flag === "5") return "directory";
  if (flag === "2") return "symlink";
  if (flag === "1") return "hardlink";
  return "other";
}

export function readTar(archive: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let pos = 0;
  let pending: { path?: string; linkTarget?: string; size?: number } = {};
  while (pos + BLOCK <= archive.length) {
    const header = archive.subarray(pos, pos + BLOCK);
    if (header.every((b) => b === 0)) break;
    if (!checksumOk(header)) throw new TarFormatError(`bad header checksum at byte ${pos}`);
    const flag = String.fromCharCode(header[156]);
    const size = pending.size ?? numberField(header, 124, 12);
    const dataStart = pos + BLOCK;
    if (dataStart + size > archive.length) throw new TarFormatError("archive ends inside an entry");
    const data = archive.subarray(dataStart, dataStart + size);
    pos = dataStart + Math.ceil(size / BLOCK) * BLOCK;

    if (flag === "x") {
      const pax = parsePax(data);
      pending = { path: pax.path, linkTarget: pax.linkpath, size: pax.size !== undefined ? Number(pax.size) : undefined };
      if (pending.size !== undefined && !Number.isSafeInteger(pending.size)) throw new TarFormatError("bad pax size");
      continue;
    }
    if (flag === "g") continue;
    if (flag === "L" || flag === "K") {
      const text = data.toString("utf8").replace(/\0.*$/s, "");
      pending = flag === "L" ? { ...pending, path: text } : { ...pending, linkTarget: text };
      continue;
    }
    const magic = cString(header, 257, 6);
    const prefix = magic.startsWith("ustar") ? cString(header, 345, 155) : "";
    const name = cString(header, 0, 100);
    entries.push({
      path: pending.path ?? (prefix ? `${prefix}/${name}` : name),
      type: entryType(flag),
      mode: numberField(header, 100, 8) & 0o7777,
      linkTarget: pending.linkTarget ?? cString(header, 157, 100),
      data,
    });
    pending = {};
  }
  return entries;
}
