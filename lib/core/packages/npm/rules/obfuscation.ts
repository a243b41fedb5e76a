import type { Finding } from "../../../findings";
import type { StaticEvidence } from "../../package-evidence";
import { codeText, lineAt, lineExcerpt } from "../code-text";
import type { FileSignals } from "../file-signals";
import { packageFinding } from "../package-rules";
import { shannonEntropy } from "../../../entropy";

/**
 * Obfuscated and minified code. Minified bundles are common and honest
 * (info). Obfuscation is scored by what it hides: obfuscator signatures
 * (`_0x` identifiers, dense `\x` escapes) are medium; an encoded string
 * literal (base64, hex, `\x` runs, char-code lists) that decodes to code is
 * high, and so is a decode handed straight to eval; decoded code meeting
 * eval, Function or vm in the same file, or a direct decode-to-eval with
 * decoded code or obfuscator signatures, is the classic loader and critical.
 * Entropy is measured on string literals, not lines: minified code and
 * base64 overlap on whole lines (about 5.5 versus 6 bits per character).
 */

const MIN_ENCODED = 80;
const STRING_LITERAL_RE = /(['"`])((?:\\.|(?!\1)[^\\\n]){40,})\1/g;
const CODE_LIKE_RE = /require\s*\(|child_process|process\.env|\beval\s*\(|\bexec(?:Sync)?\s*\(|new Function|\bfunction\s*\(|=>\s*\{|\bfetch\s*\(|https?:\/\/|\.ssh\/|\bcurl\s|\bwget\s|\/bin\/(?:ba)?sh|powershell|\bimport\s*\(|spawn\s*\(/;
const FROM_CHAR_CODE_RE = /String\.fromCharCode\s*\(\s*((?:\d{1,5}\s*,\s*){15,}\d{1,5})\s*\)/g;

function printableRatio(s: string): number {
  if (s.length === 0) return 0;
  let ok = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 0x20 && c < 0x7f) || c === 9 || c === 10 || c === 13) ok++;
  }
  return ok / s.length;
}

/** The text an encoded literal stands for, when it is one (base64, hex or \x escapes). Pure. */
function decodeLiteral(body: string): { encoding: "base64" | "hex" | "escapes"; text: string } | null {
  if (/^(?:\\x[0-9a-fA-F]{2}|\\u[0-9a-fA-F]{4}){20,}$/.test(body)) {
    return { encoding: "escapes", text: body.replace(/\\x([0-9a-fA-F]{2})|\\u([0-9a-fA-F]{4})/g, (_, x, u) => String.fromCharCode(parseInt(x ?? u, 16))) };
  }
  if (body.length < MIN_ENCODED) return null;
  if (/^(?:[0-9a-fA-F]{2})+$/.test(body)) return { encoding: "hex", text: Buffer.from(body, "hex").toString("latin1") };
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(body) && shannonEntropy(body) >= 4.5 && /[0-9]/.test(body) && /[A-Z]/.test(body) && /[a-z]/.test(body)) {
    return { encoding: "base64", text: Buffer.from(body, "base64").toString("latin1") };
  }
  return null;
}

function looksLikeCode(text: string): boolean {
  return printableRatio(text) >= 0.9 && CODE_LIKE_RE.test(text);
}

interface HiddenCode {
  line: number;
  how: string;
  excerpt: string;
}

function hiddenCode(raw: string): HiddenCode[] {
  const t = codeText(raw);
  const found: HiddenCode[] = [];
  STRING_LITERAL_RE.lastIndex = 0;
  for (let m = STRING_LITERAL_RE.exec(t.code); m !== null && found.length < 10; m = STRING_LITERAL_RE.exec(t.code)) {
    const decoded = decodeLiteral(m[2]);
    if (!decoded) continue;
    // One more layer: base64 of base64 is a common wrapper.
    const inner = decodeLiteral(decoded.text.trim());
    const text = inner && looksLikeCode(inner.text) ? inner.text : decoded.text;
    if (!looksLikeCode(text)) continue;
    const line = lineAt(t, m.index);
    found.push({ line, how: `a ${decoded.encoding} string that decodes to code`, excerpt: `[decoded] ${text.replace(/\s+/g, " ").slice(0, 150)}` });
  }
  FROM_CHAR_CODE_RE.lastIndex = 0;
  for (let m = FROM_CHAR_CODE_RE.exec(t.code); m !== null && found.length < 10; m = FROM_CHAR_CODE_RE.exec(t.code)) {
    const text = String.fromCharCode(...m[1].split(",").map((n) => Number(n.trim()) & 0xffff));
    if (!looksLikeCode(text)) continue;
    found.push({ line: lineAt(t, m.index), how: "a String.fromCharCode list that decodes to code", excerpt: `[decoded] ${text.slice(0, 150)}` });
  }
  return found;
}

function signature(raw: string): { reason: string; line: number; excerpt: string } | null {
  const t = codeText(raw);
  const ids = t.code.match(/\b_0x[0-9a-f]{4,}\b/gi) ?? [];
  if (ids.length >= 8) {
    const at = t.code.search(/\b_0x[0-9a-f]{4,}\b/i);
    const line = lineAt(t, at);
    return { reason: `${ids.length} obfuscator identifiers (_0x…)`, line, excerpt: lineExcerpt(t, line, at) };
  }
  const escapes = t.code.match(/\\x[0-9a-fA-F]{2}/g) ?? [];
  if (escapes.length >= 200 && (escapes.length * 4) / t.code.length >= 0.15) {
    const at = t.code.search(/\\x[0-9a-fA-F]{2}/);
    const line = lineAt(t, at);
    return { reason: `dense \\x escapes (${escapes.length})`, line, excerpt: lineExcerpt(t, line, at) };
  }
  return null;
}

/** Minified: some line of 1,000+ characters and long lines hold most of the file. */
function isMinified(raw: string): boolean {
  let longBytes = 0;
  let longest = 0;
  for (const line of raw.split("\n")) {
    longest = Math.max(longest, line.length);
    if (line.length >= 500) longBytes += line.length;
  }
  return longest >= 1000 && longBytes >= raw.length * 0.5;
}

export interface ObfuscationInput {
  rel: string;
  text: string;
  signals: FileSignals;
}

export function readObfuscation(files: ObfuscationInput[]): { obfuscatedFiles: StaticEvidence["obfuscatedFiles"]; findings: Finding[] } {
  const obfuscatedFiles: StaticEvidence["obfuscatedFiles"] = [];
  const findings: Finding[] = [];
  const minified: string[] = [];
  for (const f of files) {
    const hidden = hiddenCode(f.text);
    const sig = signature(f.text);
    const evalHit = f.signals.eval[0] ?? f.signals.functionCtor[0] ?? f.signals.vm[0];
    const direct = f.signals.decodedEval[0];
    if (hidden.length === 0 && !sig && !direct) {
      if (isMinified(f.text)) minified.push(f.rel);
      continue;
    }
    const reasons = [...(sig ? [sig.reason] : []), ...hidden.slice(0, 2).map((h) => h.how), ...(direct ? ["a decoded string passed to eval/Function/vm"] : [])];
    obfuscatedFiles.push({ file: f.rel, reason: reasons.join("; ") });
    const severity = (hidden.length > 0 && evalHit) || (direct && (hidden.length > 0 || sig)) ? "critical" : hidden.length > 0 || direct || (sig && evalHit) ? "high" : "medium";
    const lead = hidden[0] ?? (direct ? { line: direct.line, excerpt: direct.excerpt } : sig ? { line: sig.line, excerpt: sig.excerpt } : { line: 1, excerpt: "" });
    const evalNote = evalHit ? ` The same file evaluates code (line ${evalHit.line}).` : "";
    findings.push(packageFinding("PKG-OBFUSCATED", severity, `${f.rel}:${lead.line}`, `Obfuscated code: ${reasons.join("; ")}.${evalNote}`, lead.excerpt));
  }
  if (minified.length > 0) {
    findings.push(packageFinding("PKG-MINIFIED", "info", `${minified[0]}:1`, `${minified.length} minified or bundled file(s): ${minified.slice(0, 5).join(", ")}${minified.length > 5 ? ", …" : ""}.`, minified.slice(0, 10).join(" ")));
  }
  return { obfuscatedFiles, findings };
}
