import { describe, expect, it } from "vitest";
import { launchFromServerJson, NO_LAUNCH, SANDBOX_FILEPATH } from "@/lib/core/packages/launch-arguments";
import { PLACEHOLDER_VALUE } from "@/lib/core/packages/sandbox/bubblewrap";

function entry(pkg: Record<string, unknown>, identifier = "@acme/mcp-server"): unknown {
  return {
    name: "io.github.acme/server",
    packages: [
      { registryType: "pypi", identifier, packageArguments: [{ type: "positional", value: "wrong-ecosystem" }], transport: { type: "stdio" } },
      { registryType: "npm", identifier, transport: { type: "stdio" }, ...pkg },
    ],
  };
}

describe("launchFromServerJson", () => {
  it("starts the filesystem-style server on the sandbox's own writable directory", () => {
    const launch = launchFromServerJson(entry({ packageArguments: [{ type: "positional", valueHint: "allowed_directory", format: "filepath", isRequired: true }] }), "@acme/mcp-server");
    expect(launch.arguments).toEqual([SANDBOX_FILEPATH]);
  });

  it("takes fixed values, defaults and first choices in the entry's order, and leaves out optional flags with nothing to give", () => {
    const launch = launchFromServerJson(
      entry({
        packageArguments: [
          { type: "positional", value: "stdio" },
          { type: "named", name: "--mode", choices: ["readonly", "readwrite"] },
          { type: "named", name: "--log-level", description: "optional, no value" },
          { type: "named", name: "--port", default: "3000" },
          { type: "named", name: "--verbose", format: "boolean", isRequired: true },
          { type: "positional", valueHint: "database_url" },
          { type: "positional", valueHint: "connection", placeholder: "postgresql://localhost/mydb" },
          { type: "named", name: "--proxy", placeholder: "http://proxy:8080" },
        ],
      }),
      "@acme/mcp-server",
    );
    // The example a publisher shows fills a positional argument; an optional flag with only an example is left out.
    expect(launch.arguments).toEqual(["stdio", "--mode", "readonly", "--port", "3000", "--verbose", PLACEHOLDER_VALUE, "postgresql://localhost/mydb"]);
  });

  it("fills {variables} in a value, and never passes a secret's own value, only its example", () => {
    const launch = launchFromServerJson(
      entry({
        packageArguments: [
          { type: "named", name: "--db", value: "postgres://{host}:{port}/app", variables: { host: { default: "localhost" }, port: { format: "number" } } },
          { type: "named", name: "--token", value: "ghp_realLookingToken", isSecret: true },
          { type: "named", name: "--key", value: "key={api_key}", variables: { api_key: { isSecret: true, default: "sk-live-123" } } },
          { type: "named", name: "--stripe-key", value: "{k}", variables: { k: { isSecret: true, value: "sk_live_real", placeholder: "sk_test_example" } } },
        ],
      }),
      "@acme/mcp-server",
    );
    // A secret's example passes a format check; its value never does.
    expect(launch.arguments).toEqual(["--db", "postgres://localhost:1/app", "--token", PLACEHOLDER_VALUE, "--key", `key=${PLACEHOLDER_VALUE}`, "--stripe-key", "sk_test_example"]);
  });

  it("sets required and valued variables, and leaves optional ones without a value unset", () => {
    const launch = launchFromServerJson(
      entry({
        environmentVariables: [
          { name: "GITHUB_TOKEN", isSecret: true, isRequired: true },
          { name: "API_BASE_URL", default: "https://api.example.com" },
          { name: "WORKSPACE_DIR", isRequired: true, format: "filepath" },
          { name: "HTTPS_PROXY", description: "optional proxy", placeholder: "http://proxy:8080" },
        ],
      }),
      "@acme/mcp-server",
    );
    expect(launch.environment).toEqual({ GITHUB_TOKEN: PLACEHOLDER_VALUE, API_BASE_URL: "https://api.example.com", WORKSPACE_DIR: SANDBOX_FILEPATH });
  });

  it("answers nothing for another package, another ecosystem or an entry that is not server.json", () => {
    expect(launchFromServerJson(entry({ packageArguments: [{ type: "positional", value: "x" }] }), "@other/pkg")).toEqual(NO_LAUNCH);
    expect(launchFromServerJson({ packages: [{ registryType: "pypi", identifier: "x", packageArguments: [{ type: "positional", value: "y" }] }] }, "x")).toEqual(NO_LAUNCH);
    expect(launchFromServerJson("not json", "x")).toEqual(NO_LAUNCH);
    expect(launchFromServerJson({ packages: "nope" }, "x")).toEqual(NO_LAUNCH);
  });

  it("skips malformed arguments and flag names that are not flags, and bounds what it passes", () => {
    const launch = launchFromServerJson(
      entry({
        packageArguments: [
          "not an object",
          { type: "named", name: "; rm -rf /", value: "x" },
          { type: "named", name: "--ok", value: `a\0b${"c".repeat(5000)}` },
          ...Array.from({ length: 100 }, (_v, i) => ({ type: "positional", value: String(i) })),
        ],
      }),
      "@acme/mcp-server",
    );
    expect(launch.arguments[0]).toBe("--ok");
    expect(launch.arguments[1]).toMatch(/^abc+$/);
    expect(launch.arguments[1]!.length).toBe(1000);
    expect(launch.arguments.length).toBe(32);
  });
});
