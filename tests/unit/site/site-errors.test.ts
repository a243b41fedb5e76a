import { describe, expect, it } from "vitest";
import { AppError, isAppError } from "@/lib/core/errors";
import { checkTarget } from "@/lib/core/scanning/target-guard";
import { describeSiteError } from "@/lib/site/site-errors";

async function refusal(url: string): Promise<unknown> {
  return checkTarget(url).then(
    () => {
      throw new Error(`${url} was allowed`);
    },
    (error: unknown) => error,
  );
}

describe("the scan form's words for a refused target", () => {
  it("says why a loopback or private target is refused and how to scan one's own server", async () => {
    for (const url of ["http://127.0.0.1:3000/mcp", "http://[::1]:8080/", "http://10.0.0.5/mcp", "http://192.168.1.2/"]) {
      const words = describeSiteError(await refusal(url));
      expect(words.title, url).toBe("This address cannot be scanned");
      expect(words.message, url).toContain("is not allowed");
      expect(words.message, url).toContain("SCAN_ALLOW_PRIVATE_TARGETS");
      expect(words.message, url).toContain("--allow-private");
      expect(words.field).toBe("server_url");
    }
  });

  it("does not offer the local-server hint for metadata or link-local addresses, which no setting opens", async () => {
    for (const url of ["http://169.254.169.254/", "http://metadata.google.internal/"]) {
      const words = describeSiteError(await refusal(url));
      expect(words.title, url).toBe("This address cannot be scanned");
      expect(words.message, url).not.toContain("SCAN_ALLOW_PRIVATE_TARGETS");
    }
  });

  it("recognises an AppError made by another copy of the module (Next bundles one per layer)", () => {
    // What a second module copy's AppError looks like to this one: a different class with the same brand.
    const brand = Object.getOwnPropertySymbols(new AppError("bad_request", "x")).find((s) => s.description?.includes("AppError"));
    expect(brand).toBeDefined();
    class OtherCopyAppError extends Error {
      constructor(
        readonly code: string,
        message: string,
        readonly details?: Record<string, unknown>,
      ) {
        super(message);
        Object.defineProperty(this, brand!, { value: true });
      }
    }
    const foreign = new OtherCopyAppError("target_forbidden", "The target is not allowed: 127.0.0.1 is a loopback address.", { category: "loopback" });
    expect(foreign instanceof AppError).toBe(false);
    expect(isAppError(foreign)).toBe(true);
    expect(describeSiteError(foreign).title).toBe("This address cannot be scanned");
    expect(isAppError(new Error("plain"))).toBe(false);
    expect(describeSiteError(new Error("SELECT secret FROM x")).message).not.toContain("SELECT");
  });

  it("tells people to retry, without the driver's words, when the database does not answer", () => {
    const driverError = Object.assign(new Error('terminating connection due to administrator command: SELECT * FROM "servers"'), { code: "57P01" });
    const wrapped = new Error("Failed query: select ...", { cause: driverError });
    const words = describeSiteError(wrapped);
    expect(words.title).toBe("Busy");
    expect(words.message).not.toMatch(/select|servers|administrator/i);
  });
});
