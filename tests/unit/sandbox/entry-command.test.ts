import { describe, expect, it } from "vitest";
import { resolveEntryCommand } from "@/lib/core/packages/sandbox/run-in-sandbox";

describe("resolveEntryCommand", () => {
  it("runs a single bin, given as a string or as the only entry", () => {
    expect(resolveEntryCommand({ name: "x", bin: "./dist/cli.js", main: "index.js" })).toEqual(["node", "/pkg/dist/cli.js"]);
    expect(resolveEntryCommand({ name: "x", bin: { whatever: "bin/server.js" } })).toEqual(["node", "/pkg/bin/server.js"]);
  });

  it("picks the bin named like the package, scope left out", () => {
    const bin = { "mcp-helper": "helper.js", "server-github": "dist/index.js" };
    expect(resolveEntryCommand({ name: "@modelcontextprotocol/server-github", bin })).toEqual(["node", "/pkg/dist/index.js"]);
  });

  it("falls back to main when the bin is ambiguous or absent", () => {
    expect(resolveEntryCommand({ name: "x", bin: { a: "a.js", b: "b.js" }, main: "lib/main.js" })).toEqual(["node", "/pkg/lib/main.js"]);
    expect(resolveEntryCommand({ name: "x", main: "./index.js" })).toEqual(["node", "/pkg/index.js"]);
  });

  it("never leaves the package and gives null when nothing is runnable", () => {
    expect(resolveEntryCommand({ name: "x", bin: "../../etc/passwd" })).toBeNull();
    expect(resolveEntryCommand({ name: "x", bin: "/usr/bin/env" })).toEqual(["node", "/pkg/usr/bin/env"]);
    expect(resolveEntryCommand({ name: "x", bin: { a: "a.js", b: "b.js" } })).toBeNull();
    expect(resolveEntryCommand({ name: "x", bin: 42, main: ["x"] })).toBeNull();
    expect(resolveEntryCommand({})).toBeNull();
  });
});
