import type { Finding } from "../../../findings";
import type { StaticEvidence } from "../../package-evidence";
import { fileSignals, languageOf, readsSecrets, type FileSignals } from "../file-signals";
import type { NpmManifest } from "../manifest";
import { packageFinding } from "../package-rules";
import type { PackageFile } from "../source-files";

/**
 * Install-time behaviour: what npm would run on a user's machine when the
 * package is installed (none of it runs here). The command itself is read,
 * and when it runs a file of the package (`node x.js`, `sh x.sh`) that file
 * is read too. Network at install is high; a shell pipe, spawned processes or
 * a credential read is high; credentials plus network is critical. A plain
 * native build is low and `prepare` (not run on registry installs) info.
 */

type Hook = StaticEvidence["installScripts"][number]["script"];
const HOOKS: Hook[] = ["preinstall", "install", "postinstall", "prepare"];

const NATIVE_BUILD = /^(?:node-gyp(?:-build)?(?:\s+rebuild)?|prebuild-install(?:\s+[-\w=.]+)*(?:\s*\|\|\s*node-gyp\s+rebuild(?:\s+[-\w=.]+)*)?|node-gyp-build(?:-optional)?|node-pre-gyp\s+install(?:\s+--fallback-to-build)?|cmake-js\s+compile)$/;

const COMMAND_NETWORK = /\b(?:curl|wget|nc|ncat|netcat|Invoke-WebRequest|iwr|Invoke-RestMethod|irm|scp|ftp|tftp)\b|\b(?:https?|wss?|ftp):\/\/|\/dev\/(?:tcp|udp)\/|\bnslookup\b|\bdig\s/i;
const COMMAND_SHELL = /\|\s*(?:ba|z|da|k)?sh\b|\b(?:ba|z|da)?sh\s+-c\b|\beval\b|\bbase64\s+(?:-d|--decode)\b|\bpowershell(?:\.exe)?\s+.*-(?:e|enc|encodedcommand)\b|\bnode\s+-e\b|\bpython3?\s+-c\b/i;
const COMMAND_SECRETS = /\bprintenv\b|(?:^|[;&|]\s*)env\s*(?:[|>]|$)|\$\{?HOME\}?\/\.(?:ssh|aws|npmrc|netrc|config\/gcloud)|~\/\.(?:ssh|aws|npmrc|netrc|config\/gcloud)|\bid_(?:rsa|ed25519)\b|\$\{?[A-Z_]*(?:TOKEN|SECRET|PASSWORD|API_KEY)\}?/;

/** The package file a hook command runs (`node scripts/x.js`, `sh ./install.sh`), if any. Pure. */
function scriptFileOf(command: string): string | null {
  const m = /(?:^|&&|;|\|\|)\s*(?:node|nodejs|sh|bash|python3?|tsx|ts-node)\s+(?:-{1,2}[\w-]+(?:=\S+)?\s+)*([^\s;&|]+)/.exec(command);
  if (!m) return null;
  const file = m[1].replace(/^['"]|['"]$/g, "").replace(/^\.\//, "");
  return file.includes("..") || file.startsWith("/") ? null : file;
}

function lineOf(packageJson: string, hook: string): number {
  const index = packageJson.indexOf(`"${hook}"`);
  return index === -1 ? 1 : packageJson.slice(0, index).split("\n").length;
}

function resolveScript(files: Map<string, PackageFile>, rel: string): PackageFile | undefined {
  for (const candidate of [rel, `${rel}.js`, `${rel}.cjs`, `${rel}.mjs`, `${rel}/index.js`]) {
    const f = files.get(candidate);
    if (f?.text != null) return f;
  }
  return undefined;
}

export interface InstallScriptResult {
  installScripts: StaticEvidence["installScripts"];
  findings: Finding[];
}

export function readInstallScripts(manifest: NpmManifest, packageJson: string, files: Map<string, PackageFile>): InstallScriptResult {
  const scripts = manifest.scripts ?? {};
  const hooks: { script: Hook; command: string }[] = HOOKS.filter((h) => typeof scripts[h] === "string" && scripts[h].trim() !== "").map((h) => ({ script: h, command: scripts[h] }));
  // npm runs `node-gyp rebuild` by itself when there is a binding.gyp and no install hook.
  if (!hooks.some((h) => h.script === "install" || h.script === "preinstall") && (files.has("binding.gyp") || manifest.gypfile === true)) {
    hooks.push({ script: "install", command: "node-gyp rebuild" });
  }
  const findings: Finding[] = [];
  for (const { script, command } of hooks) {
    const where = `package.json:${lineOf(packageJson, script)}`;
    const evidence = `"${script}": "${command}"`;
    const fileRel = scriptFileOf(command);
    const file = fileRel ? resolveScript(files, fileRel) : undefined;
    const signals: FileSignals | null = file?.text != null ? fileSignals(file.text, languageOf(file.rel)) : null;
    const fileWhere = (line: number) => `${file?.rel}:${line}`;

    const network = COMMAND_NETWORK.test(command) || (signals?.networkSends.length ?? 0) > 0;
    const secrets = COMMAND_SECRETS.test(command) || (signals !== null && readsSecrets(signals));
    const shell = COMMAND_SHELL.test(command) || (signals?.childProcess.length ?? 0) > 0 || (signals?.eval.length ?? 0) > 0;
    const native = NATIVE_BUILD.test(command.trim());

    const baseSeverity = script === "prepare" ? "info" : native ? "low" : "medium";
    findings.push(packageFinding("PKG-INSTALL-SCRIPT", baseSeverity, where, script === "prepare" ? "A prepare script (npm runs it for git and local installs, not registry installs)." : `npm runs this ${script} script on every install.`, evidence));
    if (script === "prepare") continue;

    const sendHit = signals?.networkSends[0];
    const secretHit = signals?.envDumps[0] ?? signals?.envWalks[0] ?? signals?.credentialPaths[0];
    if (network && secrets) {
      findings.push(
        packageFinding(
          "PKG-INSTALL-EXFIL",
          "critical",
          secretHit ? fileWhere(secretHit.line) : where,
          `The ${script} script reads ${secretHit ? `secrets (${secretHit.value})` : "secrets"} and sends data over the network at install time.`,
          secretHit ? secretHit.excerpt : evidence,
        ),
      );
    } else if (network) {
      findings.push(packageFinding("PKG-INSTALL-NETWORK", "high", sendHit ? fileWhere(sendHit.line) : where, `The ${script} script reaches the network at install time.`, sendHit ? sendHit.excerpt : evidence));
    }
    if ((shell || secrets) && !(network && secrets)) {
      const hit = signals?.childProcess[0] ?? signals?.eval[0] ?? secretHit;
      const what = secrets ? "reads the environment or credential files" : "spawns a shell or processes";
      findings.push(packageFinding("PKG-INSTALL-SHELL", "high", hit ? fileWhere(hit.line) : where, `The ${script} script ${what} at install time.`, hit ? hit.excerpt : evidence));
    }
  }
  return { installScripts: hooks, findings };
}
