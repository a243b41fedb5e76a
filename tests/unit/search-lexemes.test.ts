import { describe, expect, it } from "vitest";
import { searchTsquery } from "@/lib/data/search-lexemes";

describe("searchTsquery", () => {
  it("keeps a hyphen or underscore compound whole, and splits at other punctuation", () => {
    expect(searchTsquery("publisher-42")).toBe("'publisher-42'");
    expect(searchTsquery("@Acme/Weather_MCP")).toBe("'acme' & 'weather_mcp'");
    expect(searchTsquery("github.com/octo")).toBe("'github' & 'com' & 'octo':*");
  });

  it("lets only a last plain word of two characters or more match as a prefix", () => {
    expect(searchTsquery("acme weath")).toBe("'acme' & 'weath':*");
    expect(searchTsquery("weath acme-x")).toBe("'weath' & 'acme-x'");
    expect(searchTsquery("kubernetes 7")).toBe("'kubernetes' & '7'");
  });

  it("drops leading and trailing joiners, and words with no letter or digit", () => {
    expect(searchTsquery("-lead trail_ --")).toBe("'lead' & 'trail':*");
    expect(searchTsquery("&& || !! ()")).toBeNull();
    expect(searchTsquery("   ")).toBeNull();
  });

  it("never lets query syntax through: every lexeme is quoted and holds word characters only", () => {
    for (const hostile of ["a'b)|(c", "!weather", "weather:* | x", "'", "\\", "x' & 'y", "<-> <2> a:*B", "é'; drop table servers; --", "日本\u00A0語"]) {
      const tsquery = searchTsquery(hostile);
      if (tsquery === null) continue;
      for (const term of tsquery.split(" & ")) expect(term, hostile).toMatch(/^'[0-9a-z_\u0080-\u{10ffff}-]+'(:\*)?$/u);
    }
  });

  it("keeps at most eight lexemes", () => {
    expect(searchTsquery("a b c d e f g h i j k")!.split(" & ")).toHaveLength(8);
  });
});
