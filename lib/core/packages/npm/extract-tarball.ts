import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { readTar, TarFormatError, type TarEntry } from "./tar-reader";

/**
 * Unpacks a package tarball into a directory without trusting its paths:
 * the first path component (`package/` in npm tarballs) is dropped as npm
 * does; an absolute path, a drive letter, a NUL or a `..` segment refuses
 * the whole tarball (nothing is written); links and device entries are
 * skipped (a symlink could point the next write outside the directory); and
 * unpacked bytes and file count are capped, the gunzip itself included (a
 * gzip bomb stops at the cap instead of filling memory). Files are written
 * 0644 or 0755, never setuid.
 */

export interface ExtractLimits {
  maxUnpackedBytes: number;
  maxFiles: number;
}

export type ExtractResult =
  | { ok: true; unpackedBytes: number; fileCount: number; skipped: { path: string; type: string }[] }
  | { ok: false; reason: string; unsafePath: string | null };

/** The path relative to the package root, or null when the entry would land outside it. Pure. */
export function safeRelativePath(entryPath: string): string | null {
  if (entryPath.includes("\0")) return null;
  const unified = entryPath.replace(/\\/g, "/");
  if (unified.startsWith("/") || /^[A-Za-z]:/.test(unified)) return null;
  const segments = unified.split("/").filter((s) => s !== "" && s !== ".");
  if (segments.some((s) => s === "..")) return null;
  // npm drops the first component, whatever it is called.
  const rest = segments.slice(1);
  return rest.length === 0 ? "" : rest.join("/");
}

function gunzipCapped(tarball: Buffer, maxBytes: number): Buffer | string {
  try {
    // The tar headers add 512 bytes per entry to the file contents; allow for them.
    return gunzipSync(tarball, { maxOutputLength: maxBytes + 4 * 1024 * 1024 });
  } catch (error) {
    if (error instanceof RangeError || (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") return `unpacks to more than ${maxBytes} bytes`;
    return `not a gzip file: ${(error as Error).message}`;
  }
}

/** Checks every entry before writing any. */
function plan(entries: TarEntry[], limits: ExtractLimits): { files: { rel: string; entry: TarEntry }[]; dirs: string[]; skipped: { path: string; type: string }[]; bytes: number } | Exclude<ExtractResult, { ok: true }> {
  const files: { rel: string; entry: TarEntry }[] = [];
  const dirs: string[] = [];
  const skipped: { path: string; type: string }[] = [];
  let bytes = 0;
  for (const entry of entries) {
    const rel = safeRelativePath(entry.path);
    if (rel === null) return { ok: false, reason: `tarball entry "${entry.path.slice(0, 200)}" escapes the package directory`, unsafePath: entry.path };
    if (entry.type === "symlink" || entry.type === "hardlink" || entry.type === "other") {
      skipped.push({ path: entry.path, type: entry.type });
      continue;
    }
    if (rel === "") continue;
    if (entry.type === "directory") {
      dirs.push(rel);
      continue;
    }
    bytes += entry.data.length;
    files.push({ rel, entry });
    if (files.length > limits.maxFiles) return { ok: false, reason: `tarball holds more than ${limits.maxFiles} files`, unsafePath: null };
    if (bytes > limits.maxUnpackedBytes) return { ok: false, reason: `tarball unpacks to more than ${limits.maxUnpackedBytes} bytes`, unsafePath: null };
  }
  return { files, dirs, skipped, bytes };
}

export async function extractTarball(tarball: Buffer, root: string, limits: ExtractLimits): Promise<ExtractResult> {
  const archive = gunzipCapped(tarball, limits.maxUnpackedBytes);
  if (typeof archive === "string") return { ok: false, reason: `tarball ${archive}`, unsafePath: null };
  let entries: TarEntry[];
  try {
    entries = readTar(archive);
  } catch (error) {
    if (error instanceof TarFormatError) return { ok: false, reason: `tarball is malformed: ${error.message}`, unsafePath: null };
    throw error;
  }
  const planned = plan(entries, limits);
  if ("ok" in planned) return planned;
  const resolvedRoot = path.resolve(root);
  await mkdir(resolvedRoot, { recursive: true });
  for (const dir of planned.dirs) await mkdir(path.join(resolvedRoot, dir), { recursive: true });
  for (const { rel, entry } of planned.files) {
    const target = path.join(resolvedRoot, rel);
    // Belt and braces: safeRelativePath already refused every way out.
    if (!target.startsWith(resolvedRoot + path.sep)) return { ok: false, reason: `tarball entry "${rel}" escapes the package directory`, unsafePath: rel };
    try {
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, entry.data, { mode: entry.mode & 0o111 ? 0o755 : 0o644, flag: "w" });
    } catch (error) {
      return { ok: false, reason: `could not write "${rel}": ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, unsafePath: null };
    }
  }
  return { ok: true, unpackedBytes: planned.bytes, fileCount: planned.files.length, skipped: planned.skipped };
}
