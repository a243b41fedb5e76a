/**
 * Whether a server's last words (stderr, how it failed) say it wanted a
 * credential or setting it was not given: a word for a secret together with
 * a word for "missing", or a variable the package declares named next to
 * one. Only read when the server failed before listing its tools, so a
 * server that logs "token loaded" and works is never taken for one that
 * needs a token (such a scan is `partial`, not a failure of the server:
 * docs/package-assessment.md#the-sandbox).
 */

const SECRET = /api[\s_-]?key|token|credential|secret|password|passphrase|auth|connection\s+string|database\s+url|command[-\s]line\s+argument/i;
const MISSING =
  /\b(?:required|missing|not\s+(?:set|provided|found|configured|defined)|must\s+(?:be\s+)?(?:set|provided?)|unauthori[sz]ed|forbidden|invalid|no\s+\S+\s+(?:provided|found|set)|please\s+(?:provide|set|specify|run))\b/i;

export function seemsToNeedCredentials(text: string, declaredEnvironment: readonly string[]): boolean {
  if (!MISSING.test(text)) return false;
  return SECRET.test(text) || declaredEnvironment.some((name) => name.length > 0 && text.includes(name));
}
