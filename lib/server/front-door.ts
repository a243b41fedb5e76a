/**
 * What the app's own HTTP server refuses before Next.js sees a request.
 *
 * Next's router decodes every path segment with decodeURIComponent and
 * turns the URIError of a malformed one (`%ff`, `%`, `%c0%af`, an encoded
 * lone surrogate) into a bare 500; it throws on methods it does not know
 * (TRACE) and on a request target that is not a path (`GET *`). None of
 * these can reach a route we serve, so they are answered here, in the shape
 * every other error has (docs/http-edge.md): JSON ErrorResponse under the
 * API and discovery paths, a small HTML page elsewhere.
 */

/** The methods our routes answer; anything else is refused with 405 before routing. */
const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const SERVED = new Set<string>(SERVED_METHODS);

export interface Refusal {
  status: 400 | 405 | 417;
  code: "bad_request" | "method_not_allowed";
  message: string;
  headers?: Record<string, string>;
}

/** The refusal for a request line we will not route, or null when Next may have it. */
export function refuseRequestLine(method: string | undefined, target: string | undefined): Refusal | null {
  if (!method || !SERVED.has(method)) {
    return {
      status: 405,
      code: "method_not_allowed",
      message: `The method ${safeForMessage(method ?? "")} is not served here.`,
      headers: { allow: SERVED_METHODS.join(", ") },
    };
  }
  if (!target || !target.startsWith("/") || target.startsWith("//")) {
    return { status: 400, code: "bad_request", message: "The request target must be a path beginning with a single '/'." };
  }
  const queryAt = target.search(/[?#]/);
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  if (!isDecodablePath(path)) {
    return { status: 400, code: "bad_request", message: "The path is not valid percent-encoded UTF-8." };
  }
  return null;
}

/**
 * Every segment decodes to well-formed text with no NUL (the test Next's
 * router applies, without its 500), and none is a dot segment: `/v0.1/%2e%2e`
 * would otherwise reach Next's own bare 400. A server URL in a path is one
 * percent-encoded segment, so it never is `.` or `..`.
 */
export function isDecodablePath(path: string): boolean {
  for (const segment of path.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return false;
    }
    if (!decoded.isWellFormed() || decoded.includes("\0") || decoded === "." || decoded === "..") return false;
  }
  return true;
}

/** The refusal for an Expect header other than 100-continue (node answers that one itself). */
export function refuseExpectation(value: string | undefined): Refusal {
  return {
    status: 417,
    code: "bad_request",
    message: `The expectation ${JSON.stringify(safeForMessage(value ?? ""))} cannot be met; only 100-continue is supported.`,
  };
}

/** Paths whose clients read JSON; everything else is a page, answered in HTML. */
export function wantsJson(target: string | undefined): boolean {
  return !target || /^\/(api|\.well-known|v0\.1)(\/|$|\?)/.test(target) || !target.startsWith("/");
}

/** A client-sent token echoed in a message: printable ASCII only, bounded. */
function safeForMessage(value: string): string {
  return value.replace(/[^\x21-\x7e]/g, "?").slice(0, 40);
}

/** The body and headers of a refusal, JSON or a minimal page with nothing client-controlled in it but escaped text. */
export function renderRefusal(refusal: Refusal, json: boolean): { body: string; headers: Record<string, string> } {
  if (json) {
    return {
      body: JSON.stringify({ error: refusal.code, message: refusal.message }),
      headers: { "content-type": "application/json; charset=utf-8", ...refusal.headers },
    };
  }
  const title = refusal.status === 405 ? "Method not allowed" : refusal.status === 417 ? "Expectation failed" : "Bad request";
  const body = `<!doctype html><html lang="en"><meta charset="utf-8"><title>${title} · MCP Trust Registry</title><h1>${title}</h1><p>${escapeHtml(refusal.message)}</p><p><a href="/">Back to the registry</a></p></html>`;
  return { body, headers: { "content-type": "text/html; charset=utf-8", ...refusal.headers } };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
