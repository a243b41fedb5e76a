import type { Finding } from "../findings";
import { factorResult } from "./factor-result";
import type { FactorResult } from "./factors";

/** permissionMinimality (15): shell, code evaluation, raw SQL, read-and-send combinations. */
export function scorePermissionMinimality(findings: readonly Finding[]): FactorResult {
  return factorResult("permissionMinimality", findings, {
    clean: "No shell, code-evaluation or raw-SQL parameters and no read-and-send tool combination found",
    notVerified: "Judged from tool names and schemas; the permissions of the server process itself are not visible remotely.",
  });
}
