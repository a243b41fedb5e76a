import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sourceFingerprint } from "./source-fingerprint";

/**
 * Builds the app when no build exists or a build input changed since the
 * last build, so `npm start` on a fresh clone just works and a second start
 * is instant.
 */
export function ensureProductionBuild(root: string): void {
  const stampFile = path.join(root, ".next", "source-fingerprint");
  const fingerprint = sourceFingerprint(root);
  const built = existsSync(path.join(root, ".next", "BUILD_ID")) && existsSync(stampFile);
  if (built && readFileSync(stampFile, "utf8") === fingerprint) return;
  console.log(built ? "Sources changed since the last build: rebuilding…" : "No build yet: building…");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error("The build failed; see the output above.");
  writeFileSync(stampFile, fingerprint);
}
