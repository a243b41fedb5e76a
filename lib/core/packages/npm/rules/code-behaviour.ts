import type { Finding } from "../../../findings";
import type { StaticEvidence } from "../../package-evidence";
import type { FileSignals, Hit } from "../file-signals";
import { packageFinding } from "../package-rules";
import { classifyEndpoint, type EndpointClass, type OwnUrls } from "./endpoints";

/**
 * What the package's code does at run time, read from patterns: processes
 * and eval, network endpoints, credential reads, and the combination that
 * matters most, a file that reads secrets and sends data. Honest servers are
 * not punished for their purpose: child_process (shell and git tools) and
 * talking to a named API are low and info; what is severe is a secret read
 * and a send in the same file, or a send to a collection service or a bare
 * public IP address.
 */

export interface AnalysedFile {
  rel: string;
  signals: FileSignals;
}

const MAX_LISTED = 200;

type ProcessKind = StaticEvidence["processAndEvalUse"][number]["kind"];

function firstHits<T>(items: T[], max = MAX_LISTED): T[] {
  return items.slice(0, max);
}

function filesSummary(files: string[]): string {
  return files.length <= 3 ? files.join(", ") : `${files.slice(0, 3).join(", ")} and ${files.length - 3} more`;
}

export interface CodeBehaviourResult {
  processAndEvalUse: StaticEvidence["processAndEvalUse"];
  networkEndpoints: StaticEvidence["networkEndpoints"];
  credentialPathReads: StaticEvidence["credentialPathReads"];
  findings: Finding[];
}

function processUse(files: AnalysedFile[]): { uses: StaticEvidence["processAndEvalUse"]; findings: Finding[] } {
  const uses: StaticEvidence["processAndEvalUse"] = [];
  const findings: Finding[] = [];
  const kinds: [ProcessKind, (s: FileSignals) => Hit[], string][] = [
    ["child_process", (s) => s.childProcess, "runs other programs (child_process)"],
    ["eval", (s) => s.eval, "evaluates strings as code (eval)"],
    ["Function", (s) => s.functionCtor, "builds functions from strings (new Function)"],
    ["vm", (s) => s.vm, "runs code in node:vm"],
  ];
  for (const [kind, pick, what] of kinds) {
    const withHits = files.filter((f) => pick(f.signals).length > 0);
    for (const f of withHits) for (const h of pick(f.signals)) uses.push({ file: f.rel, line: h.line, kind, excerpt: h.excerpt.slice(0, 200) });
    if (withHits.length === 0) continue;
    const first = withHits[0];
    const hit = pick(first.signals)[0];
    findings.push(packageFinding("PKG-PROCESS-EXEC", "low", `${first.rel}:${hit.line}`, `The code ${what}, in ${filesSummary(withHits.map((f) => f.rel))}.`, hit.excerpt));
  }
  return { uses: firstHits(uses), findings };
}

interface ClassifiedEndpoint {
  file: string;
  line: number;
  value: string;
  cls: EndpointClass;
  host: string;
  excerpt: string;
}

function endpointsOf(files: AnalysedFile[], own: OwnUrls): ClassifiedEndpoint[] {
  const out: ClassifiedEndpoint[] = [];
  const seen = new Set<string>();
  for (const f of files) {
    for (const h of f.signals.urls) {
      const { cls, host } = classifyEndpoint(h.value, own);
      const key = `${f.rel}\0${h.value}`;
      if (cls === "ignored" || seen.has(key)) continue;
      seen.add(key);
      out.push({ file: f.rel, line: h.line, value: h.value.slice(0, 300), cls, host, excerpt: h.excerpt });
    }
  }
  return out;
}

function endpointFindings(endpoints: ClassifiedEndpoint[]): Finding[] {
  const findings: Finding[] = [];
  const flagged = new Set<string>();
  for (const e of endpoints) {
    if (e.cls !== "collection" && e.cls !== "raw-ip") continue;
    if (flagged.has(e.host)) continue;
    flagged.add(e.host);
    findings.push(
      e.cls === "collection"
        ? packageFinding("PKG-NETWORK-ENDPOINT", "high", `${e.file}:${e.line}`, `The code names ${e.host}, a request-collection or tunnelling service, where stolen data is usually sent.`, e.excerpt)
        : packageFinding("PKG-NETWORK-ENDPOINT", "medium", `${e.file}:${e.line}`, `The code talks to a bare public IP address (${e.host}) rather than a named service.`, e.excerpt),
    );
  }
  const named = endpoints.filter((e) => e.cls === "named" || e.cls === "loopback" || e.cls === "private");
  if (named.length > 0) {
    const hosts = [...new Set(named.map((e) => e.host))];
    findings.push(packageFinding("PKG-NETWORK-ENDPOINT", "info", `${named[0].file}:${named[0].line}`, `The code names ${hosts.length} host(s): ${hosts.slice(0, 10).join(", ")}${hosts.length > 10 ? ", …" : ""}.`, hosts.join(" ")));
  }
  return findings;
}

function credentialFindings(files: AnalysedFile[]): { reads: StaticEvidence["credentialPathReads"]; findings: Finding[] } {
  const reads: StaticEvidence["credentialPathReads"] = [];
  const findings: Finding[] = [];
  const byStore = new Map<string, { file: string; hit: Hit }>();
  for (const f of files) {
    for (const h of f.signals.credentialPaths) {
      reads.push({ file: f.rel, line: h.line, path: h.value });
      if (!byStore.has(h.value)) byStore.set(h.value, { file: f.rel, hit: h });
    }
    for (const h of f.signals.envDumps) reads.push({ file: f.rel, line: h.line, path: "process.env (whole)" });
  }
  for (const [store, { file, hit }] of byStore) findings.push(packageFinding("PKG-CREDENTIAL-READ", "medium", `${file}:${hit.line}`, `The code names ${store}, a credential store.`, hit.excerpt));
  const dump = files.find((f) => f.signals.envDumps.length > 0);
  if (dump) findings.push(packageFinding("PKG-CREDENTIAL-READ", "medium", `${dump.rel}:${dump.signals.envDumps[0].line}`, "The code serialises the whole environment (every secret in it).", dump.signals.envDumps[0].excerpt));
  const walk = files.find((f) => f.signals.envWalks.length > 0);
  if (walk && !dump) findings.push(packageFinding("PKG-CREDENTIAL-READ", "low", `${walk.rel}:${walk.signals.envWalks[0].line}`, "The code walks the whole environment.", walk.signals.envWalks[0].excerpt));
  const dotenv = files.find((f) => f.signals.dotenvPaths.length > 0);
  if (dotenv) findings.push(packageFinding("PKG-CREDENTIAL-READ", "info", `${dotenv.rel}:${dotenv.signals.dotenvPaths[0].line}`, "The code loads a .env file (ordinary configuration).", dotenv.signals.dotenvPaths[0].excerpt));
  return { reads: firstHits(reads), findings };
}

/** One file that reads secrets and sends: the exfiltration shape. */
function exfilFindings(files: AnalysedFile[], endpoints: ClassifiedEndpoint[]): Finding[] {
  const findings: Finding[] = [];
  for (const f of files) {
    const s = f.signals;
    if (s.networkSends.length === 0) continue;
    const secret = s.envDumps[0] ?? s.credentialPaths[0] ?? s.envWalks[0];
    if (!secret) continue;
    const suspiciousEndpoint = endpoints.some((e) => e.file === f.rel && (e.cls === "collection" || e.cls === "raw-ip"));
    const severity = s.envDumps.length > 0 || suspiciousEndpoint ? "critical" : s.credentialPaths.length > 0 ? "high" : "medium";
    const what = s.envDumps.length > 0 ? "serialises the whole environment" : s.credentialPaths.length > 0 ? `reads ${s.credentialPaths[0].value}` : "walks the whole environment";
    const send = s.networkSends[0];
    findings.push(
      packageFinding(
        "PKG-ENV-EXFIL",
        severity,
        `${f.rel}:${secret.line}`,
        `${f.rel} ${what} and sends data over the network (line ${send.line})${suspiciousEndpoint ? " to a collection service or bare IP address" : ""}.`,
        `${secret.excerpt.slice(0, 95)} … ${send.excerpt.slice(0, 95)}`,
      ),
    );
  }
  return findings;
}

export function readCodeBehaviour(files: AnalysedFile[], own: OwnUrls): CodeBehaviourResult {
  const processes = processUse(files);
  const endpoints = endpointsOf(files, own);
  const credentials = credentialFindings(files);
  return {
    processAndEvalUse: processes.uses,
    networkEndpoints: firstHits(endpoints.map((e) => ({ file: e.file, line: e.line, value: e.value }))),
    credentialPathReads: credentials.reads,
    findings: [...exfilFindings(files, endpoints), ...endpointFindings(endpoints), ...credentials.findings, ...processes.findings],
  };
}
