import type { Finding, Severity } from "../../findings";
import { excerptAround, escapeEvidence } from "../normalize-text";
import type { AnalyzedField } from "./analyzed-field";
import { getRule, type RuleId } from "./rule-catalogue";

/**
 * What a rule reports before it becomes a Finding. Rules never build
 * findings themselves: titles, factors and remediation come only from the
 * catalogue, so every finding references a catalogue id by construction.
 */
export interface RuleHit {
  ruleId: RuleId;
  severity: Severity;
  location: string;
  detail: string;
  evidence: string;
  /** Groups hits of one tool, prompt, resource or the server, for combining signals. */
  ownerKey: string;
}

const DECODED_PREFIX: Record<NonNullable<AnalyzedField["decodedFrom"]>, string> = {
  base64: "[decoded from base64] ",
  hidden: "[hidden in invisible characters] ",
  encoded: "[decoded from hex or rot13] ",
};

const DECODED_SUFFIX: Record<NonNullable<AnalyzedField["decodedFrom"]>, string> = {
  base64: " (found in base64-decoded text)",
  hidden: " (found in text hidden in invisible characters)",
  encoded: " (found in text decoded from hex or rot13)",
};

/** Evidence comes from the case-preserving text when offsets line up with the lower-cased one. */
function fieldEvidence(field: AnalyzedField, start: number, end: number): string {
  const source = field.norm.clean.length === field.norm.lower.length ? field.norm.clean : field.norm.lower;
  const prefix = field.decodedFrom ? DECODED_PREFIX[field.decodedFrom] : "";
  return prefix + excerptAround(source, start, end, 60, 200 - prefix.length);
}

/** The owner a field belongs to, e.g. "tool:send_email". */
export function ownerKeyOf(field: { owner: string; ownerName: string }): string {
  return `${field.owner}:${field.ownerName}`;
}

/** A hit at a match inside a field. */
export function fieldHit(
  field: AnalyzedField,
  ruleId: RuleId,
  severity: Severity,
  start: number,
  end: number,
  detail: string,
): RuleHit {
  const suffix = field.decodedFrom ? DECODED_SUFFIX[field.decodedFrom] : "";
  return { ruleId, severity, location: field.location, detail: detail + suffix, evidence: fieldEvidence(field, start, end), ownerKey: ownerKeyOf(field) };
}

/** A hit that is not tied to a text match (transport, context, server-level combinations). */
export function plainHit(ruleId: RuleId, severity: Severity, location: string, detail: string, evidence: string, ownerKey = "server:server"): RuleHit {
  return { ruleId, severity, location, detail, evidence: escapeEvidence(evidence), ownerKey };
}

/** Catalogue entry + hit = finding. */
export function toFinding(hit: RuleHit): Finding {
  const rule = getRule(hit.ruleId);
  return {
    id: rule.id,
    factor: rule.factor,
    severity: hit.severity,
    title: rule.title,
    detail: hit.detail,
    location: hit.location,
    evidence: hit.evidence,
    remediation: rule.remediation,
  };
}
