import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** What a production build depends on; a change to any of these means the build is stale. */
const BUILD_INPUTS = ["app", "components", "lib", "db", "public", "next.config.ts", "tsconfig.json", "tsconfig.next.json", "package-lock.json"];

/** A hash of every build input's path and content, so `npm start` rebuilds only when sources changed. */
export function sourceFingerprint(root: string): string {
  const hash = createHash("sha256");
  const visit = (relative: string) => {
    const absolute = path.join(root, relative);
    if (!existsSync(absolute)) return;
    if (statSync(absolute).isDirectory()) {
      for (const name of readdirSync(absolute).sort()) visit(path.join(relative, name));
      return;
    }
    hash.update(relative).update("\0").update(readFileSync(absolute)).update("\0");
  };
  for (const input of BUILD_INPUTS) visit(input);
  return hash.digest("hex");
}
