/**
 * Where the publisher proves control of a server's origin (docs/certification.md#verification), and what
 * counts as proof. Like ACME's http-01 challenge, the path is fixed under
 * /.well-known on the origin, not on the MCP endpoint's path: whoever
 * controls that path controls the origin.
 */
const VERIFICATION_PATH = "/.well-known/mcp-trust-verification";

/** `<origin>/.well-known/mcp-trust-verification` of a normalized server URL. */
export function verificationUrlFor(serverUrl: string): string {
  return `${new URL(serverUrl).origin}${VERIFICATION_PATH}`;
}

/**
 * True when the document is the token, or has it on a line of its own, so a
 * publisher can keep several tokens (several tiers or registries) in one file.
 * A token merely contained in a longer line does not count: a page that
 * echoes its query string must not verify itself.
 */
export function documentProvesToken(body: string, token: string): boolean {
  if (body.trim() === token) return true;
  return body.split(/\r?\n/).some((line) => line.trim() === token);
}
