import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { decodeCursor, effectiveMinGrade, encodeCursor, parseServerPath } from "@/lib/core/registry/subregistry/subregistry-api";

describe("subregistry paths, cursors and policy", () => {
  it.each([
    ["io.github.a%2Fb/versions", { name: "io.github.a/b" }],
    ["io.github.a/b/versions", { name: "io.github.a/b" }],
    ["io.github.a%2Fb/versions/1.0.0%2B20130313144700", { name: "io.github.a/b", version: "1.0.0+20130313144700" }],
    ["io.github.a/b/versions/latest", { name: "io.github.a/b", version: "latest" }],
    ["com.x%2Fversions/versions", { name: "com.x/versions" }],
    ["com.x/versions/versions/2", { name: "com.x/versions", version: "2" }],
  ])("reads %s", (path, expected) => expect(parseServerPath(path)).toEqual(expected));

  it.each(["io.github.a%2Fb", "io.github.a%2Fb/", "versions", "a%2Fb/versions/", "%E0%A4%A/versions"])("finds no server in %s", (path) =>
    expect(parseServerPath(path)).toBeNull(),
  );

  it("round-trips its cursor and refuses one it did not give out", () => {
    expect(decodeCursor(encodeCursor("io.github.a/b"))).toBe("io.github.a/b");
    expect(() => decodeCursor("bm90LWpzb24")).toThrow(/^cursor: /);
    expect(() => decodeCursor(Buffer.from(JSON.stringify({ n: 5 })).toString("base64url"))).toThrow(/^cursor: /);
  });

  it("takes the stricter of the instance's and the request's minimum grade", () => {
    expect(effectiveMinGrade(undefined, undefined)).toBeUndefined();
    expect(effectiveMinGrade("B", undefined)).toBe("B");
    expect(effectiveMinGrade(undefined, "C")).toBe("C");
    expect(effectiveMinGrade("B", "D")).toBe("B");
    expect(effectiveMinGrade("C", "A")).toBe("A");
  });
});

describe("SUBREGISTRY_MIN_GRADE", () => {
  it("is unset by default, takes a grade, and names itself when wrong", () => {
    expect(parseConfig({}).SUBREGISTRY_MIN_GRADE).toBeUndefined();
    expect(parseConfig({ SUBREGISTRY_MIN_GRADE: "" }).SUBREGISTRY_MIN_GRADE).toBeUndefined();
    expect(parseConfig({ SUBREGISTRY_MIN_GRADE: "B" }).SUBREGISTRY_MIN_GRADE).toBe("B");
    expect(() => parseConfig({ SUBREGISTRY_MIN_GRADE: "E" })).toThrow("Invalid configuration: SUBREGISTRY_MIN_GRADE: must be one of A, B, C, D, F");
  });
});
