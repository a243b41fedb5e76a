import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/core/errors";
import { documentProvesToken, verificationUrlFor } from "@/lib/core/certification/verification-document";
import { parseCertificationRequest } from "@/lib/schemas/certify";

function refusal(body: unknown): AppError {
  try {
    parseCertificationRequest(body);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("POST /api/v1/certify payload", () => {
  it("accepts the current payload", () => {
    expect(parseCertificationRequest({ server_url: "https://a.example/mcp", tier: "premium", contact_email: "ops@a.example" })).toEqual({
      serverUrl: "https://a.example/mcp",
      tier: "premium",
      contactEmail: "ops@a.example",
      publisherName: null,
    });
  });

  it("maps the earlier payload (publisher_name, publisher_email)", () => {
    expect(
      parseCertificationRequest({ server_url: "https://a.example/mcp", tier: "standard", publisher_name: " Acme ", publisher_email: "legal@a.example" }),
    ).toEqual({ serverUrl: "https://a.example/mcp", tier: "standard", contactEmail: "legal@a.example", publisherName: "Acme" });
  });

  it("prefers contact_email when both are sent", () => {
    const intake = parseCertificationRequest({ server_url: "https://a.example", tier: "standard", contact_email: "a@a.example", publisher_email: "b@a.example" });
    expect(intake.contactEmail).toBe("a@a.example");
  });

  it("refuses a payload with neither email, naming contact_email", () => {
    const error = refusal({ server_url: "https://a.example/mcp", tier: "standard", publisher_name: "Acme" });
    expect(error.code).toBe("invalid_parameter");
    expect(error.message).toMatch(/^contact_email: required/);
  });

  it.each([
    [{ tier: "standard", contact_email: "a@a.example" }, "invalid_url", "server_url"],
    [{ server_url: "not a url", tier: "standard", contact_email: "a@a.example" }, "invalid_url", "server_url"],
    [{ server_url: "ftp://a.example", tier: "standard", contact_email: "a@a.example" }, "invalid_url", "server_url"],
    [{ server_url: "https://a.example", tier: "gold", contact_email: "a@a.example" }, "invalid_parameter", "tier"],
    [{ server_url: "https://a.example", contact_email: "a@a.example" }, "invalid_parameter", "tier"],
    [{ server_url: "https://a.example", tier: "standard", contact_email: "not-an-email" }, "invalid_parameter", "contact_email"],
    [{ server_url: "https://a.example", tier: "standard", publisher_email: "nope" }, "invalid_parameter", "publisher_email"],
    [["https://a.example"], "invalid_parameter", "request"],
  ])("refuses %j with %s naming %s", (body, code, field) => {
    const error = refusal(body);
    expect(error.code).toBe(code);
    expect(error.message.startsWith(`${field}:`)).toBe(true);
  });
});

describe("verification document", () => {
  it("lives at the origin's well-known path, whatever the endpoint's path", () => {
    expect(verificationUrlFor("https://a.example:8443/v1/mcp?x=1")).toBe("https://a.example:8443/.well-known/mcp-trust-verification");
  });

  it("proves the token when it is the body or a line of its own", () => {
    expect(documentProvesToken("tok\n", "tok")).toBe(true);
    expect(documentProvesToken("  tok  ", "tok")).toBe(true);
    expect(documentProvesToken("other\r\ntok\r\nmore", "tok")).toBe(true);
    expect(documentProvesToken("you asked for tok", "tok")).toBe(false);
    expect(documentProvesToken("tok2", "tok")).toBe(false);
    expect(documentProvesToken("", "tok")).toBe(false);
  });
});
