import { readFile } from "node:fs/promises";
import path from "node:path";
import { bySeverity, type Finding } from "../../findings";
import type { StaticEvidence } from "../package-evidence";
import { dependenciesWithInstallScripts } from "./dependency-scripts";
import { fileSignals, languageOf } from "./file-signals";
import type { NpmManifest } from "./manifest";
import { packageFinding } from "./package-rules";
import { normalizeRepositoryUrl, repositoryField } from "./repository-url";
import { readCodeBehaviour, type AnalysedFile } from "./rules/code-behaviour";
import { declaredEnvironment } from "./rules/declared-environment";
import { readInstallScripts } from "./rules/install-scripts";
import { readNativeBinaries } from "./rules/native-binaries";
import { readObfuscation } from "./rules/obfuscation";
import { isCodeFile, listPackageFiles, READ_LIMITS, type PackageFile } from "./source-files";

/**
 * The static reading of an unpacked npm package
 * (docs/package-assessment.md#static-reading-read-packagets): nothing of it runs.
 * Reads the package's own files (and the dependencies it bundles), not
 * node_modules, except to list installed dependencies that declare install
 * scripts. Every finding names file and line.
 */

export interface ReadNpmOptions {
  limits?: typeof READ_LIMITS;
}

export interface NpmStaticReading {
  staticEvidence: StaticEvidence;
  findings: Finding[];
}

const DEP_SCRIPT_NETWORK = /\b(?:curl|wget|https?:\/\/|Invoke-WebRequest)\b|\|\s*(?:ba)?sh\b/;

function ownUrls(manifest: NpmManifest) {
  let homepageHost: string | null = null;
  try {
    homepageHost = manifest.homepage ? new URL(manifest.homepage).hostname.toLowerCase() : null;
  } catch {
    homepageHost = null;
  }
  return { repository: normalizeRepositoryUrl(repositoryField(manifest.repository)), homepageHost };
}

function isScriptFile(f: PackageFile): boolean {
  return f.text !== null && (isCodeFile(f.rel) || f.head.subarray(0, 2).toString("latin1") === "#!");
}

async function dependencyFindings(dir: string): Promise<{ names: string[]; findings: Finding[] }> {
  const deps = await dependenciesWithInstallScripts(dir);
  if (deps.length === 0) return { names: [], findings: [] };
  const risky = deps.filter((d) => d.commands.some((c) => DEP_SCRIPT_NETWORK.test(c)));
  const list = deps.map((d) => `${d.id} (${d.commands.join("; ")})`);
  const finding = packageFinding(
    "PKG-DEP-INSTALL-SCRIPTS",
    risky.length > 0 ? "medium" : "low",
    "package.json:dependencies",
    `${deps.length} installed dependenc${deps.length === 1 ? "y declares" : "ies declare"} install scripts (not run here)${risky.length > 0 ? `; ${risky.map((d) => d.id).join(", ")} download or pipe to a shell` : ""}.`,
    list.join(", "),
  );
  return { names: deps.map((d) => d.id), findings: [finding] };
}

export async function readNpmPackage(dir: string, manifest: NpmManifest, options: ReadNpmOptions = {}): Promise<NpmStaticReading> {
  const files = await listPackageFiles(dir, manifest, options.limits ?? READ_LIMITS);
  const byRel = new Map(files.map((f) => [f.rel, f]));
  const packageJson = await readFile(path.join(dir, "package.json"), "utf8").catch(() => "");

  const install = readInstallScripts(manifest, packageJson, byRel);
  const code = files.filter(isScriptFile).map((f) => ({ rel: f.rel, text: f.text as string, signals: fileSignals(f.text as string, languageOf(f.rel)) }));
  const analysed: AnalysedFile[] = code.map(({ rel, signals }) => ({ rel, signals }));
  const behaviour = readCodeBehaviour(analysed, ownUrls(manifest));
  const obfuscation = readObfuscation(code.filter((f) => languageOf(f.rel) === "js"));
  const native = readNativeBinaries(files);
  const deps = await dependencyFindings(dir);

  const readme = files.find((f) => /^readme(?:\.[a-z]+)?$/i.test(f.rel))?.text ?? null;
  const serverJson = byRel.get("server.json")?.text ?? null;
  const environment = declaredEnvironment(
    analysed.flatMap((f) => f.signals.envNames.map((e) => e.name)),
    readme,
    serverJson,
  );

  const findings = [...install.findings, ...behaviour.findings, ...obfuscation.findings, ...native.findings, ...deps.findings].sort((a, b) => bySeverity(a.severity, b.severity));
  return {
    staticEvidence: {
      installScripts: install.installScripts,
      dependenciesWithInstallScripts: deps.names,
      nativeBinaries: native.nativeBinaries,
      obfuscatedFiles: obfuscation.obfuscatedFiles,
      networkEndpoints: behaviour.networkEndpoints,
      processAndEvalUse: behaviour.processAndEvalUse,
      credentialPathReads: behaviour.credentialPathReads,
      declaredEnvironment: environment,
    },
    findings,
  };
}
