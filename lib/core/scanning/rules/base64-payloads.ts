/**
 * OB-BASE64-PAYLOAD support: finds base64 runs that decode to readable
 * text, so run-rules can scan the decoded text with every rule (to depth 2).
 * Binary (images, hashes, keys) does not decode to text and is ignored, so
 * an image tool's base64 examples do not trip this.
 */
export interface DecodedRun {
  start: number;
  end: number;
  text: string;
}

const CANDIDATE_RE = /[A-Za-z0-9+/_-]{24,}={0,2}/g;
const MAX_RUNS_PER_FIELD = 16;
const MAX_RUN_LENGTH = 20_000;
const decoder = new TextDecoder("utf-8", { fatal: true });

function looksLikeBase64(run: string): boolean {
  const body = run.replace(/=+$/, "");
  if (body.length % 4 === 1) return false;
  // Identifiers and words (snake_case, kebab-case, all-lower) are not base64.
  if (/^[a-z_-]+$/.test(body) || /^[A-Z_-]+$/.test(body)) return false;
  return /[A-Z]/.test(body) && /[a-z]/.test(body);
}

function printableText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return null;
  }
  if (text.length < 12) return null;
  let printable = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    if (cp === 0x09 || cp === 0x0a || cp === 0x0d || (cp >= 0x20 && cp !== 0x7f && (cp < 0x80 || cp > 0x9f))) printable++;
  }
  if (printable / text.length < 0.95) return null;
  return /[A-Za-z]{3,}/.test(text) ? text : null;
}

/** Base64 runs in `text` (case preserved) that decode to readable text. */
export function findBase64Text(text: string): DecodedRun[] {
  const runs: DecodedRun[] = [];
  CANDIDATE_RE.lastIndex = 0;
  for (let m = CANDIDATE_RE.exec(text); m !== null && runs.length < MAX_RUNS_PER_FIELD; m = CANDIDATE_RE.exec(text)) {
    const run = m[0].slice(0, MAX_RUN_LENGTH);
    if (!looksLikeBase64(run)) continue;
    const decoded = printableText(Buffer.from(run.replace(/-/g, "+").replace(/_/g, "/"), "base64"));
    if (decoded) runs.push({ start: m.index, end: m.index + m[0].length, text: decoded });
  }
  return runs;
}
