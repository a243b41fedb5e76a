import "server-only";
import { headers } from "next/headers";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import type { Services } from "@/lib/services/open-services";

/**
 * The site's scan and certification forms spend the same per-IP budget as
 * POST /api/v1/scan and /api/v1/certify (docs/api-keys-and-rate-limits.md#rate-limits), through the same gate: the
 * form is not a way around the limit. The client address is the one our own
 * HTTP server wrote into x-registry-client-ip (lib/http/client-ip.ts),
 * never a header the browser chose. The site is anonymous, so the gate gets
 * a request without X-API-Key: a key is for integrations, not for forms.
 * Throws AppError rate_limited (details.retryAfterSeconds) when spent.
 */
export async function admitSiteAction(services: Services, access: "scan" | "certify"): Promise<void> {
  const incoming = await headers();
  const clientIp = incoming.get(CLIENT_IP_HEADER) ?? "unknown";
  const request = new Request(`${services.config.BASE_URL}/`, { method: "POST" });
  await services.gate.admit({ request, clientIp, access });
}
