import type { Severity } from "../../findings";
import { excerptAround } from "../normalize-text";
import type { AnalyzedField } from "./analyzed-field";
import { ownerKeyOf, type RuleHit } from "./rule-hit";
import { shannonEntropy } from "../../entropy";

/**
 * SEC-SECRET-IN-METADATA. A credential in a tool description is leaked to
 * every client that lists the tools, and tells us the publisher is careless
 * with secrets. The evidence masks the secret: a report must not republish it.
 */
interface SecretPattern {
  name: string;
  re: RegExp;
  /** Capture group holding the secret value (0 = whole match). */
  group: number;
}

const PATTERNS: SecretPattern[] = [
  { name: "AWS access key id", re: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}\b/g, group: 0 },
  { name: "AWS secret access key", re: /\baws_secret_access_key\b["']?\s*[:=]\s*["']?([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/gi, group: 1 },
  { name: "GitHub token", re: /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,255}\b|\bgithub_pat_[A-Za-z0-9_]{22,255}\b/g, group: 0 },
  { name: "GitLab token", re: /\bglpat-[A-Za-z0-9_-]{20,64}\b/g, group: 0 },
  { name: "Slack token", re: /\bxox[abposre]-[A-Za-z0-9-]{10,200}\b/g, group: 0 },
  { name: "Slack webhook", re: /https:\/\/hooks\.slack\.com\/services\/T[A-Z0-9]{6,12}\/B[A-Z0-9]{6,12}\/[A-Za-z0-9]{16,32}/g, group: 0 },
  { name: "Anthropic API key", re: /\bsk-ant-(?:api|admin)\d{2}-[A-Za-z0-9_-]{32,200}/g, group: 0 },
  { name: "OpenAI API key", re: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,200}T3BlbkFJ[A-Za-z0-9_-]{20,200}|\bsk-[A-Za-z0-9]{48}\b/g, group: 0 },
  { name: "Stripe live key", re: /\b(?:sk|rk)_live_[A-Za-z0-9]{20,100}\b/g, group: 0 },
  { name: "Google API key", re: /\bAIza[0-9A-Za-z_-]{35}\b/g, group: 0 },
  // The header alone is how a secret scanner describes what it looks for; a leak carries the key's body.
  { name: "private key", re: /-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY(?: BLOCK)?-----\s*[A-Za-z0-9+/=]{16,}/g, group: 0 },
  { name: "JSON Web Token", re: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, group: 0 },
  {
    name: "credential assignment",
    re: /\b(?:api[_-]?key|apikey|secret(?:[_-]?key)?|access[_-]?token|auth[_-]?token|client[_-]?secret|password|passwd|bearer)\b["']?\s*[:=]\s*["']?([A-Za-z0-9_\-+/.=]{16,200})/gi,
    group: 1,
  },
];

/** Cheap test before the patterns: every pattern contains one of these. */
const PREFILTER_RE = /AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA|gh[pousr]_|github_pat_|glpat-|xox|hooks\.slack|sk-|_live_|AIza|PRIVATE KEY|eyJ|key|secret|token|passw|pwd|bearer/i;
const PLACEHOLDER_RE = /your|example|xxxx|changeme|placeholder|dummy|sample|redacted|replace|insert|\*{3}|<|\.\.\.|0{8}|1234/i;

function mask(secret: string): string {
  return `${secret.slice(0, 4)}…[${secret.length} chars masked]`;
}

/** Reports credentials published in metadata, with the value masked. */
export function detectSecrets(field: AnalyzedField): RuleHit[] {
  const text = field.norm.clean;
  if (!PREFILTER_RE.test(text)) return [];
  const found: { name: string; start: number; end: number; severity: Severity }[] = [];
  for (const p of PATTERNS) {
    p.re.lastIndex = 0;
    for (let m = p.re.exec(text); m !== null; m = p.re.exec(text)) {
      const value = m[p.group];
      const start = m.index + m[0].lastIndexOf(value);
      if (found.some((f) => start < f.end && start + value.length > f.start)) continue;
      const generic = p.name === "credential assignment";
      if (generic && (PLACEHOLDER_RE.test(value) || shannonEntropy(value) < 3.5 || !/\d/.test(value) || !/[A-Za-z]/.test(value))) continue;
      const example = /EXAMPLE|example/.test(value) || (!generic && PLACEHOLDER_RE.test(value) && p.name !== "private key");
      found.push({ name: p.name, start, end: start + value.length, severity: example ? "low" : "high" });
    }
  }
  if (found.length === 0) return [];
  let masked = text;
  for (const f of [...found].sort((a, b) => b.start - a.start)) masked = masked.slice(0, f.start) + mask(text.slice(f.start, f.end)) + masked.slice(f.end);
  return found.map((f) => {
    const at = masked.indexOf(mask(text.slice(f.start, f.end)));
    return {
      ruleId: "SEC-SECRET-IN-METADATA" as const,
      severity: f.severity,
      location: field.location,
      detail: `${f.name} in metadata${f.severity === "low" ? " (looks like a documented example)" : ""}.`,
      evidence: excerptAround(masked, Math.max(0, at), Math.max(0, at) + 30, 40),
      ownerKey: ownerKeyOf(field),
    };
  });
}
