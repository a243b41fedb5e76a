import { open, readdir } from "node:fs/promises";
import path from "node:path";
import { bundledNames, type NpmManifest } from "./manifest";

/**
 * The package's own files, as the static reading sees them: code files
 * (text, capped), every file's first bytes (for native-binary magic) and the
 * README. node_modules is left out, except the dependencies the package
 * bundles (their code ships in the tarball, written by whoever published it).
 * Symlinks are never followed.
 */

export interface PackageFile {
  /** Path relative to the package root, with forward slashes. */
  rel: string;
  size: number;
  head: Buffer;
  /** The text of code and documentation files, the first MAX_TEXT_BYTES of it; null for others. */
  text: string | null;
}

export const READ_LIMITS = { maxFiles: 5000, maxTextBytes: 2 * 1024 * 1024, maxTotalTextBytes: 64 * 1024 * 1024 } as const;

const CODE_EXT = /\.(?:js|mjs|cjs|jsx|ts|mts|cts|tsx|sh|bash|zsh|py|ps1|cmd|bat)$/i;
const DOC_FILE = /^(?:readme(?:\.[a-z]+)?|server\.json)$/i;
const SKIP_TEXT = /\.(?:d\.ts|d\.mts|d\.cts|map)$/i;

export function isCodeFile(rel: string): boolean {
  return CODE_EXT.test(rel) && !SKIP_TEXT.test(rel);
}

async function readHead(file: string, bytes: number): Promise<{ head: Buffer; size: number; text: Buffer | null }> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, bytes);
    const buf = Buffer.alloc(length);
    await handle.read(buf, 0, length, 0);
    return { head: buf.subarray(0, 64), size, text: buf };
  } finally {
    await handle.close();
  }
}

function looksLikeScript(head: Buffer): boolean {
  return head.subarray(0, 2).toString("latin1") === "#!";
}

export async function listPackageFiles(dir: string, manifest: NpmManifest, limits = READ_LIMITS): Promise<PackageFile[]> {
  const bundled = new Set(bundledNames(manifest).map((n) => `node_modules/${n}`));
  const files: PackageFile[] = [];
  let textBytes = 0;
  const walk = async (rel: string): Promise<void> => {
    const entries = await readdir(path.join(dir, rel), { withFileTypes: true }).catch(() => []);
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (files.length >= limits.maxFiles) return;
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (entry.name === ".git") continue;
        if (entry.name === "node_modules") {
          for (const b of bundled) if (b.startsWith(`${childRel}/`)) await walk(b);
          continue;
        }
        await walk(childRel);
      } else if (entry.isFile()) {
        const wantsText = isCodeFile(childRel) || (rel === "" && DOC_FILE.test(entry.name)) || !path.extname(entry.name);
        const budget = wantsText ? Math.min(limits.maxTextBytes, Math.max(0, limits.maxTotalTextBytes - textBytes)) : 64;
        const { head, size, text } = await readHead(path.join(dir, childRel), Math.max(64, budget));
        const keepText = wantsText && (isCodeFile(childRel) || DOC_FILE.test(entry.name) || looksLikeScript(head));
        if (keepText) textBytes += text?.length ?? 0;
        files.push({ rel: childRel, size, head, text: keepText && text ? text.toString("utf8") : null });
      }
    }
  };
  await walk("");
  return files;
}
