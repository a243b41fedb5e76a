import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/lib/config";

describe("parseConfig", () => {
  it("has working defaults for the embedded set-up", () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.BASE_URL).toBe("http://localhost:3000");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PGLITE_DIR).toBe("./.data/pglite");
    expect(config.SCAN_ALLOW_PRIVATE_TARGETS).toBe(false);
    expect(config.TRUSTED_PROXY_COUNT).toBe(0);
  });

  it("derives BASE_URL from PORT and trims a trailing slash from a given one", () => {
    expect(parseConfig({ PORT: "8080" }).BASE_URL).toBe("http://localhost:8080");
    expect(parseConfig({ BASE_URL: "https://trust.example.org/" }).BASE_URL).toBe("https://trust.example.org");
  });

  it("reads booleans strictly", () => {
    expect(parseConfig({ SCAN_ALLOW_PRIVATE_TARGETS: "true" }).SCAN_ALLOW_PRIVATE_TARGETS).toBe(true);
    expect(parseConfig({ SCAN_ALLOW_PRIVATE_TARGETS: "false" }).SCAN_ALLOW_PRIVATE_TARGETS).toBe(false);
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ BASE_URL: "not a url" }, "BASE_URL"],
    [{ BASE_URL: "ftp://x.example" }, "BASE_URL"],
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL"],
    [{ REDIS_URL: "http://localhost:6379" }, "REDIS_URL"],
    [{ SCAN_ALLOW_PRIVATE_TARGETS: "yes" }, "SCAN_ALLOW_PRIVATE_TARGETS"],
    [{ TRUSTED_PROXY_COUNT: "-1" }, "TRUSTED_PROXY_COUNT"],
    [{ UPSTASH_REDIS_REST_URL: "https://up.example" }, "UPSTASH_REDIS_REST_TOKEN"],
  ])("names the bad variable in %o", (env, variable) => {
    expect(() => parseConfig(env)).toThrowError(ConfigError);
    expect(() => parseConfig(env)).toThrowError(new RegExp(`\\b${variable}\\b`));
  });

  it("lists every bad variable at once", () => {
    try {
      parseConfig({ PORT: "x", DATABASE_URL: "sqlite://x" });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL/);
    }
  });
});
