import { AppError } from "@/lib/core/errors";
import type { GateDecision } from "./request-gate";

/**
 * Operator routes need a key of scope admin (docs/api-keys-and-rate-limits.md#scopes,
 * docs/certification.md#who-may-do-what). No key, or a client
 * key, is answered 401 `unauthorized` (not 403): the route is not part of
 * the public interface, and the reply says no more than that. Answers the
 * actor recorded in the audit.
 */
export function requireAdmin(gate: GateDecision): string {
  if (!gate.apiKey || gate.apiKey.scope !== "admin") {
    throw new AppError("unauthorized", "This endpoint needs an API key of scope admin in X-API-Key.");
  }
  return `key:${gate.apiKey.id}`;
}
