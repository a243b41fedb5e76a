import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";

type Handler = (request: Request, context?: never) => Promise<Response>;

/** Calls a route handler in-process as Next would, with the client address our server sets. */
export async function callRoute(
  handler: Handler,
  path: string,
  init: RequestInit & { clientIp?: string } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set(CLIENT_IP_HEADER, init.clientIp ?? "203.0.113.10");
  return handler(new Request(new URL(path, "http://localhost:3000"), { ...init, headers }));
}

/** The {url} segment of /api/v1/server/{url} (docs/findings-and-scans.md#the-profile-and-its-scan-history): the whole server URL, percent-encoded. */
export const encodeServerUrl = (url: string) => encodeURIComponent(url);
