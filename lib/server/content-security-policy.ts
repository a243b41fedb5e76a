/**
 * The Content-Security-Policy of every reply (docs/http-edge.md).
 *
 * Pages: scripts only from us and only with this request's nonce (Next puts
 * it on its own inline scripts; 'strict-dynamic' lets those load their
 * chunks), no plugins, no framing, forms post only to us. Styles allow
 * inline because React and next/font emit style attributes; text written
 * by strangers (server names, descriptions, evidence) is rendered as text
 * by React, so the script policy is the one that matters.
 *
 * Everything else (JSON, SVG badges, the OpenGraph image): nothing may load
 * or run at all, and the reply cannot be framed. A badge opened directly
 * still draws: its styling is presentation attributes, not style sheets.
 */
export function contentSecurityPolicy(target: string, nonce: string): string {
  if (/^\/(api|\.well-known|v0\.1|_next\/static)(\/|$|\?)/.test(target) || /\/opengraph-image/.test(target)) {
    return "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";
  }
  return [
    "default-src 'self'",
    // Development only: Next's hot reloader evaluates code.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${process.env.NODE_ENV === "production" ? "" : " 'unsafe-eval'"}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
