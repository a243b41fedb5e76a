import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** What a production build depends on; a change to any of these means the build is stale. */
const BUILD_INPUTS = ["app", "components", "lib", "db", "public", "next.config.mjs", "tsconfig.json", "tsconfig.next.json", "package-lock.json"];

/**
 * A hash of every build input's path and content, and of how the build is
 * made (`recipe`, e.g. the build command's arguments), so `npm start`
 * rebuilds only when sources or the way of building changed.
 */
export function sourceFingerprint(root: string, recipe = ""): string {
  const hash = createHash("sha256");
  hash.update("recipe\0").update(recipe).update("\0");
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
