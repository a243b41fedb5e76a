import type { Finding } from "../findings";
import { packageFinding } from "./npm/package-rules";
import type { DistributionEvidence, SandboxRunResult } from "./package-evidence";

/**
 * Findings from what the sandboxed run showed (docs/package-assessment.md,
 * "From evidence to a verdict"). The monitor's lines come from inside the
 * sandbox, so a hostile package could silence them: these findings record
 * attempts that were seen, and their absence proves nothing.
 */

/** Files whose change runs code or grants access later: a server writing them while it starts is planting something. */
const PERSISTENCE_PATH =
  /(?:^|\/)(?:\.(?:bashrc|bash_profile|bash_login|profile|zshrc|zprofile|zshenv|zlogin|cshrc|tcshrc|kshrc|inputrc|npmrc|yarnrc|pypirc|netrc|gitconfig|xinitrc|xprofile)|\.ssh\/|\.config\/(?:autostart|systemd|fish\/config\.fish)|\.local\/share\/systemd|\/etc\/(?:cron|profile|bash\.bashrc|rc\.local|systemd|ld\.so\.preload|sudoers)|\/var\/spool\/cron|crontab)/i;

const LIMIT_TEXT = /\b(memory|CPU|file size|output) limit\b|^output limit/i;
const PROCESS_LIMIT_TEXT = /process limit/i;
/** Share of the process limit that counts as reaching it (samples miss processes that live briefly). */
const FORK_BOMB_SHARE = 0.9;

function listed(items: readonly string[], max = 4): string {
  return items.length <= max ? items.join(", ") : `${items.slice(0, max).join(", ")} and ${items.length - max} more`;
}

export function sandboxFindings(run: SandboxRunResult): Finding[] {
  const findings: Finding[] = [];
  const { refusedConnections, refusedWrites, stopReason } = run.observations;

  if (refusedConnections.length > 0) {
    const targets = refusedConnections.map((c) => (c.port === null ? c.host : `${c.host}:${c.port}`));
    findings.push(
      packageFinding(
        "PKG-SANDBOX-NETWORK",
        "medium",
        "sandbox/network",
        `While starting and listing its tools the server tried to reach ${listed(targets)}; the sandbox has no network, so nothing was sent.`,
        listed(targets),
      ),
    );
  }

  const persistence = refusedWrites.filter((path) => PERSISTENCE_PATH.test(path));
  const otherWrites = refusedWrites.filter((path) => !PERSISTENCE_PATH.test(path));
  if (persistence.length > 0) {
    findings.push(
      packageFinding(
        "PKG-SANDBOX-PERSISTENCE",
        "critical",
        "sandbox/filesystem",
        `While starting, the server tried to write ${listed(persistence)}: files that run code or grant access later. The sandbox refused.`,
        listed(persistence),
      ),
    );
  }
  if (otherWrites.length > 0) {
    findings.push(
      packageFinding("PKG-SANDBOX-WRITE", "low", "sandbox/filesystem", `While starting, the server tried to write ${listed(otherWrites)}; the sandbox refused.`, listed(otherWrites)),
    );
  }

  const { peakProcesses, processLimit } = run.observations;
  // The limit counts the sandbox's own bwrap and init too; reaching most of it while starting is no accident.
  const nearLimit = peakProcesses >= Math.floor(processLimit * FORK_BOMB_SHARE);
  if ((stopReason && PROCESS_LIMIT_TEXT.test(stopReason)) || nearLimit) {
    const seen = `${peakProcesses} processes at once (limit ${processLimit})`;
    findings.push(
      packageFinding("PKG-SANDBOX-RESOURCE-ABUSE", "critical", "sandbox/processes", `While starting, the server ran up to the sandbox's process limit: ${seen}${stopReason ? `; ${stopReason}` : ""}.`, seen),
    );
  } else if (stopReason && LIMIT_TEXT.test(stopReason)) {
    findings.push(packageFinding("PKG-SANDBOX-LIMIT", "low", "sandbox/limits", `The run ended at a limit of the sandbox: ${stopReason}.`, stopReason));
  }

  const noTools = run.discovery === null;
  if (noTools && run.neededNetworkOrCredentials) {
    findings.push(
      packageFinding(
        "PKG-NEEDS-CREDENTIALS",
        "info",
        "sandbox/stdio",
        `The server stopped before listing its tools and appears to need network access or credentials: ${run.failure ?? "no handshake"}.`,
        run.stderrTail.split("\n").filter(Boolean).slice(-1)[0] ?? run.failure ?? "",
      ),
    );
  } else if (noTools) {
    findings.push(
      packageFinding(
        "PKG-NO-HANDSHAKE",
        "low",
        "sandbox/stdio",
        `The server did not complete an MCP handshake in the sandbox: ${run.failure ?? stopReason ?? "no answer"}. The verdict rests on the static reading.`,
        run.failure ?? stopReason ?? "",
      ),
    );
  }
  return findings;
}

/** Transport security of a package is how it was distributed: the registry's TLS (integrity findings come from the fetch). */
export function distributionTransportFindings(distribution: DistributionEvidence): Finding[] {
  if (distribution.registryTls) return [];
  return [
    packageFinding(
      "PKG-REGISTRY-PLAINTEXT",
      "medium",
      "distribution/registry",
      `The package was fetched from ${distribution.registryUrl}, which is not served over https.`,
      distribution.registryUrl,
    ),
  ];
}
