import type { Finding, Severity } from "../../findings";
import { bySeverity, severityAtLeast } from "../../findings";
import { excerptAround } from "../normalize-text";
import type { Discovery, NetworkEvidence, RegistryContext } from "../scan-outcome";
import { analyzeField, type AnalyzedField } from "./analyzed-field";
import { findBase64Text } from "./base64-payloads";
import { collectTextFields } from "./collect-text-fields";
import { detectConcealment } from "./concealment";
import { detectConfigTamper } from "./config-tamper";
import { detectDangerousCapabilities } from "./dangerous-capabilities";
import { detectDeclarationProblems } from "./declaration-rules";
import { detectExfilParams } from "./exfil-params";
import { detectDestinationSwap } from "./destination-swap";
import { detectEmbeddedConfig } from "./embedded-config";
import { detectExfilUrls } from "./exfil-urls";
import { detectLearnedInstructions } from "./learned/learned-instructions";
import { detectHiddenInstructions } from "./hidden-instructions";
import { detectImageBeacons } from "./image-beacons";
import { detectInstructionOverride } from "./instruction-override";
import { detectMalformedText } from "./malformed-text";
import { detectExternalHosts, detectRedirectProblems } from "./network-rules";
import { detectObfuscation } from "./obfuscation";
import { detectOffThemeNamesakes } from "./off-theme-namesake";
import { detectOrderingCoercion } from "./ordering-coercion";
import { detectCodeTransparency, detectPublisherReputation } from "./provenance-rules";
import { detectDirectiveRequests } from "./directives/detect-directive-requests";
import { detectMultilingualRequests } from "./multilingual-requests";
import { detectRecommendationSteering } from "./directives/recommendation-steering";
import { detectRoutingToExposure } from "./directives/routing-to-exposure";
import { detectPrivacyDowngrade } from "./privacy-downgrade";
import { detectPreferenceClaims, detectToolImpersonation } from "./directives/preference-claims";
import { hasTag, RULE_CATALOGUE } from "./rule-catalogue";
import { ownerKeyOf, toFinding, type RuleHit } from "./rule-hit";
import { buildRuleScope, type RuleScope } from "./rule-scope";
import { detectSecrets } from "./secrets";
import { detectSensitiveFileAccess } from "./sensitive-files";
import { detectLiteralRequests } from "./literal-requests";
import { findEncodedRuns } from "./other-encodings";
import { detectSteeringFromOtherTools } from "./steering-from-other-tools";
import { detectToolShadowing } from "./tool-shadowing";
import { detectUserViewControl } from "./user-view";
import { detectToxicCombinations } from "./toxic-combinations";
import { detectTransportProblems } from "./transport-rules";

/**
 * The rule engine: every rule over everything a scan saw, signals combined
 * per tool, findings deduplicated per (id, location). Pure and synchronous.
 */
export interface RuleInput {
  discovery: Discovery | null;
  network: NetworkEvidence | null;
  context: RegistryContext;
  /**
   * A package assessment (docs/package-assessment.md) judges transport and code from the package
   * itself (lib/core/packages), so the remote-only rules about TLS,
   * redirects and a merely declared repository are left out.
   */
  subject?: "remote" | "package";
}

/** Base64 inside base64 is followed once more, no further (decode depth 2). */
const MAX_DECODE_DEPTH = 2;


/** A detector over one text field; the scope tells it about the rest of the server. */
type FieldDetector = (field: AnalyzedField, scope: RuleScope) => RuleHit[];
/** A detector over the whole listing (names, schemas, annotations, how tools relate). */
type ServerDetector = (discovery: Discovery) => RuleHit[];

/**
 * The registered detectors. A new rule is a catalogue entry, a detector
 * added here and its tests; nothing else changes (caps, escalation and
 * summaries read the catalogue's tags).
 */
const TEXT_DETECTORS: readonly FieldDetector[] = [
  detectHiddenInstructions,
  detectInstructionOverride,
  detectOrderingCoercion,
  detectConcealment,
  detectSensitiveFileAccess,
  detectConfigTamper,
  detectExfilParams,
  detectExfilUrls,
  detectImageBeacons,
  detectToolShadowing,
  detectDirectiveRequests,
  detectPreferenceClaims,
  detectMultilingualRequests,
  detectLiteralRequests,
  detectSteeringFromOtherTools,
  detectUserViewControl,
  detectDestinationSwap,
  detectRecommendationSteering,
  detectRoutingToExposure,
  detectPrivacyDowngrade,
  detectEmbeddedConfig,
  detectLearnedInstructions,
];
const URI_DETECTORS: readonly FieldDetector[] = [detectSensitiveFileAccess];
const SERVER_DETECTORS: readonly ServerDetector[] = [detectDeclarationProblems, detectMalformedText, detectDangerousCapabilities, detectToxicCombinations, detectToolImpersonation, detectOffThemeNamesakes];

/** The hand-written detectors alone: what the learned model's trainer localises poison with, so that training never depends on an earlier model. */
const HAND_WRITTEN_TEXT_DETECTORS: readonly FieldDetector[] = TEXT_DETECTORS.filter((d) => d !== detectLearnedInstructions);

/** Which detectors run: all of them, or the hand-written ones only (for training the learned layer). */
export type DetectorSet = "all" | "hand-written";

/** Appends the hits of every field rule (a plain loop: this runs for every field of every scan). */
function textRules(field: AnalyzedField, scope: RuleScope, hits: RuleHit[], set: DetectorSet): void {
  if (field.kind === "name" || field.kind === "param-name") return;
  const detectors = field.kind === "uri" ? URI_DETECTORS : set === "all" ? TEXT_DETECTORS : HAND_WRITTEN_TEXT_DETECTORS;
  for (const detect of detectors) for (const hit of detect(field, scope)) hits.push(hit);
}

function nested(field: AnalyzedField, text: string, decodedFrom: NonNullable<AnalyzedField["decodedFrom"]>): AnalyzedField {
  const kind = field.kind === "name" || field.kind === "param-name" || field.kind === "uri" ? "description" : field.kind;
  const { location, owner, ownerName, paramName } = field;
  return analyzeField({ location, kind, owner, ownerName, text, paramName, describesFlag: false }, decodedFrom, field.depth + 1);
}

function isThreat(hit: RuleHit): boolean {
  return severityAtLeast(hit.severity, "medium") && hit.ruleId !== "NB-EXTERNAL-HOSTS";
}

/** All field-level rules, then the same rules over text decoded from invisible characters, base64, hex and rot13. */
function scanField(field: AnalyzedField, scope: RuleScope, set: DetectorSet): RuleHit[] {
  const hits: RuleHit[] = [];
  textRules(field, scope, hits, set);
  for (const hit of detectSecrets(field)) hits.push(hit);
  const obfuscation = detectObfuscation(field);

  if (field.norm.hiddenText && field.depth < MAX_DECODE_DEPTH) {
    const inner = scanField(nested(field, field.norm.hiddenText, "hidden"), scope, set);
    hits.push(...inner);
    if (inner.some(isThreat)) {
      for (const o of obfuscation) if (o.ruleId === "OB-INVISIBLE-CHARS") {
        o.severity = "critical";
        o.detail += " The hidden text carries instructions to the model.";
      }
    }
  }
  hits.push(...obfuscation);

  if (field.depth < MAX_DECODE_DEPTH) {
    for (const run of findBase64Text(field.norm.clean)) {
      const inner = scanField(nested(field, run.text, "base64"), scope, set);
      hits.push(...inner);
      const threat = inner.some(isThreat);
      hits.push({
        ruleId: "OB-BASE64-PAYLOAD",
        severity: threat ? "critical" : "info",
        location: field.location,
        detail: threat ? "Base64 text decodes to instructions for the model." : `Base64 text decodes to readable text (${run.text.length} characters).`,
        evidence: excerptAround(field.norm.clean, run.start, Math.min(run.end, run.start + 40), 20, 100) + " => " + excerptAround(run.text, 0, 60, 0, 90),
        ownerKey: ownerKeyOf(field),
      });
    }
  }
  const encoded = field.depth < MAX_DECODE_DEPTH ? findEncodedRuns(field.norm.clean) : [];
  if (encoded.length > 0) {
    // Decoded together, in order: an order in rot13 may point at an address written in hex.
    const run = encoded.reduce((first, r) => (r.start < first.start ? r : first));
    const inner = scanField(nested(field, [...encoded].sort((a, b) => a.start - b.start).map((r) => r.text).join("\n"), "encoded"), scope, set);
    hits.push(...inner);
    if (inner.some(isThreat)) {
      hits.push({
        ruleId: "OB-ENCODED-TEXT",
        severity: "critical",
        location: field.location,
        detail: `Text written in ${[...new Set(encoded.map((r) => r.encoding))].join(" and ")} decodes to instructions for the model.`,
        evidence: excerptAround(field.norm.clean, run.start, Math.min(run.end, run.start + 40), 20, 100) + " => " + excerptAround(run.text, 0, 60, 0, 90),
        ownerKey: ownerKeyOf(field),
      });
    }
  }
  return hits;
}

/**
 * Two different instruction-type threats in the same tool (or prompt, or
 * the server instructions) are one attack seen twice: "read ~/.ssh" plus
 * "don't tell the user" is worse than either. Both become critical.
 */
function combineSignals(hits: RuleHit[]): void {
  const byOwner = new Map<string, RuleHit[]>();
  for (const hit of hits) {
    if (!hasTag(hit.ruleId, "instruction")) continue;
    const list = byOwner.get(hit.ownerKey) ?? [];
    list.push(hit);
    byOwner.set(hit.ownerKey, list);
  }
  for (const group of byOwner.values()) {
    const strong = group.filter((h) => severityAtLeast(h.severity, "medium"));
    if (strong.length === 0) continue;
    const amplifiers = group.filter((h) => (h.severity === "low" || h.severity === "info") && hasTag(h.ruleId, "amplifier"));
    const ids = new Set([...strong, ...amplifiers].map((h) => h.ruleId));
    if (ids.size < 2) continue;
    for (const hit of [...strong, ...amplifiers]) {
      if (hit.severity === "critical") continue;
      const others = [...ids].filter((id) => id !== hit.ruleId);
      hit.severity = "critical";
      hit.detail += ` Escalated: combined with ${others.join(", ")} in the same ${hit.ownerKey.split(":")[0]}.`;
    }
  }
}

const CATALOGUE_INDEX = new Map(RULE_CATALOGUE.map((r, i) => [r.id, i]));
function catalogueIndex(id: string): number {
  return CATALOGUE_INDEX.get(id) ?? RULE_CATALOGUE.length;
}

/** One finding per (id, location), the most severe one. */
export function dedupeFindings(findings: Finding[]): Finding[] {
  const best = new Map<string, Finding>();
  for (const f of findings) {
    const key = `${f.id}\u0000${f.location}`;
    const prev = best.get(key);
    if (!prev || bySeverity(f.severity, prev.severity) < 0) best.set(key, f);
  }
  // Worst first; within a severity, catalogue order (instructions before their side effects).
  return [...best.values()].sort(
    (a, b) => bySeverity(a.severity, b.severity) || catalogueIndex(a.id) - catalogueIndex(b.id) || a.location.localeCompare(b.location),
  );
}

/** Rule hits over a Discovery alone (text, declarations, capabilities). */
export function runDiscoveryRules(discovery: Discovery, network: NetworkEvidence | null = null, set: DetectorSet = "all"): RuleHit[] {
  const scope = buildRuleScope(discovery);
  const fields = collectTextFields(discovery).map((f) => analyzeField(f));
  const hits: RuleHit[] = [];
  for (const field of fields) for (const hit of scanField(field, scope, set)) hits.push(hit);
  combineSignals(hits);
  for (const detect of SERVER_DETECTORS) hits.push(...detect(discovery));
  hits.push(...detectExternalHosts(fields, network));
  return hits;
}

/** Every rule over a scan's evidence, as deduplicated findings sorted worst first. */
export function runRules(input: RuleInput): Finding[] {
  const hits: RuleHit[] = [];
  if (input.discovery) hits.push(...runDiscoveryRules(input.discovery, input.network));
  if (input.subject !== "package") {
    hits.push(...detectTransportProblems(input.network), ...detectRedirectProblems(input.network));
    hits.push(...detectCodeTransparency(input.context));
  }
  hits.push(...detectPublisherReputation(input.context));
  return dedupeFindings(hits.map(toFinding));
}
