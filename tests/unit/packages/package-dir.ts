import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Finding, Severity } from "@/lib/core/findings";
import { parseManifest } from "@/lib/core/packages/npm/manifest";
import { readNpmPackage, type NpmStaticReading } from "@/lib/core/packages/npm/read-package";

/** Writes a package (files by relative path; package.json from `manifest`) to a temp dir and reads it. */
export async function readFiles(files: Record<string, string | Buffer>, manifest: Record<string, unknown> = {}): Promise<NpmStaticReading> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "read-pkg-"));
  try {
    const pkg = JSON.stringify({ name: "subject", version: "1.0.0", license: "MIT", repository: "github:owner/subject", ...manifest }, null, 2);
    await writeFile(path.join(dir, "package.json"), pkg);
    for (const [rel, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
      await writeFile(path.join(dir, rel), content);
    }
    return await readNpmPackage(dir, parseManifest(pkg));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const ORDER: Severity[] = ["info", "low", "medium", "high", "critical"];

/** The highest severity among findings with this id (or any id), or null. */
export function worst(findings: Finding[], id?: string): Severity | null {
  const pick = findings.filter((f) => id === undefined || f.id === id);
  if (pick.length === 0) return null;
  return pick.map((f) => f.severity).sort((a, b) => ORDER.indexOf(b) - ORDER.indexOf(a))[0];
}

export function atLeast(severity: Severity | null, floor: Severity): boolean {
  return severity !== null && ORDER.indexOf(severity) >= ORDER.indexOf(floor);
}
