import { createHash } from "node:crypto";
import type { Finding } from "../findings";
import { INSTRUCTION_RULE_IDS } from "./rules/rule-catalogue";
import { plainHit, toFinding } from "./rules/rule-hit";
import type { DiscoveredTool, ToolChanges } from "./scan-outcome";

/**
 * Rug-pull detection (docs/findings-and-scans.md#tool-hashes-and-rug-pulls): a server that was approved with innocent tools
 * and later changes them. Each tool carries a hash of its name, description,
 * schema and annotations (computed by the MCP session); here we compare
 * them with the last completed scan and say what changed. A changed tool
 * whose text now instructs the model is the rug pull itself: high.
 */

/** Tool hashes by name, as stored with each scan. */
function toolHashMap(tools: readonly DiscoveredTool[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const tool of tools) map[tool.name] = tool.hash;
  return map;
}

/** sha256 over the sorted "name:hash" lines: one value that changes when any tool does; null without tools. */
export function computeToolsHash(toolHashes: Record<string, string>): string | null {
  const names = Object.keys(toolHashes).sort();
  if (names.length === 0) return null;
  return createHash("sha256")
    .update(names.map((n) => `${n}:${toolHashes[n]}`).join("\n"))
    .digest("hex");
}

/** Added, removed and changed tool names (each sorted); null when there is nothing to compare with. */
export function diffToolHashes(current: Record<string, string>, previous: Record<string, string> | null): ToolChanges | null {
  if (!previous) return null;
  const added = Object.keys(current).filter((n) => !(n in previous)).sort();
  const removed = Object.keys(previous).filter((n) => !(n in current)).sort();
  const changed = Object.keys(current).filter((n) => n in previous && previous[n] !== current[n]).sort();
  return { added, removed, changed };
}

export interface RugPullInput {
  tools: readonly DiscoveredTool[];
  previousToolHashes: Record<string, string> | null;
  /** Findings of this scan: a changed tool with an instruction-type finding at medium+ is a rug pull. */
  findings: readonly Finding[];
  /** False when the tools listing failed or was cut: unseen tools are not reported as removed. */
  toolsListingComplete: boolean;
}

export interface RugPullResult {
  toolHashes: Record<string, string>;
  toolsHash: string | null;
  changes: ToolChanges | null;
  findings: Finding[];
}

const INSTRUCTING_SEVERITIES = new Set(["critical", "high", "medium"]);

/** Hashes, the diff against the last completed scan, and RP-* findings. */
export function detectRugPull(input: RugPullInput): RugPullResult {
  const toolHashes = toolHashMap(input.tools);
  const toolsHash = computeToolsHash(toolHashes);
  const diff = diffToolHashes(toolHashes, input.previousToolHashes);
  if (!diff) return { toolHashes, toolsHash, changes: null, findings: [] };
  const changes: ToolChanges = input.toolsListingComplete ? diff : { ...diff, removed: [] };
  const hits = [];
  for (const name of changes.added) {
    hits.push(plainHit("RP-TOOL-ADDED", "low", `tools/${name}`, `The tool "${name}" is new since the last completed scan.`, name, `tool:${name}`));
  }
  for (const name of changes.removed) {
    hits.push(plainHit("RP-TOOL-REMOVED", "info", `tools/${name}`, `The tool "${name}" is no longer listed.`, name, `tool:${name}`));
  }
  for (const name of changes.changed) {
    const prefix = `tools/${name}/`;
    const instructing = input.findings.find(
      (f) => f.location.startsWith(prefix) && (INSTRUCTION_RULE_IDS as ReadonlySet<string>).has(f.id) && INSTRUCTING_SEVERITIES.has(f.severity),
    );
    hits.push(
      plainHit("RP-TOOL-CHANGED", "medium", `tools/${name}`, `The definition of "${name}" changed since the last completed scan.`, `${(input.previousToolHashes ?? {})[name]?.slice(0, 12)}… -> ${toolHashes[name].slice(0, 12)}…`, `tool:${name}`),
    );
    if (instructing) {
      hits.push(
        plainHit("RP-DESCRIPTION-NOW-INSTRUCTS", "high", instructing.location, `"${name}" changed since the last completed scan and now carries instructions to the model (${instructing.id}).`, instructing.evidence, `tool:${name}`),
      );
    }
  }
  return { toolHashes, toolsHash, changes, findings: hits.map(toFinding) };
}
