import type { Finding } from "../../../findings";
import { packageFinding } from "../package-rules";
import type { PackageFile } from "../source-files";

/**
 * Native code shipped in the package: executables and libraries recognised
 * by their header (ELF, Mach-O, PE), whatever their name, and `.node`
 * addons. Native code cannot be read like JavaScript, and the sandbox is the
 * only evidence of what it does. Pure.
 */

type BinaryKind = "ELF" | "Mach-O" | "PE" | "node addon";

function binaryKind(rel: string, head: Buffer): BinaryKind | null {
  if (head.length >= 4 && head[0] === 0x7f && head[1] === 0x45 && head[2] === 0x4c && head[3] === 0x46) return "ELF";
  if (head.length >= 4) {
    const magic = head.readUInt32BE(0);
    if ([0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe].includes(magic)) return "Mach-O";
    // 0xCAFEBABE is also a Java class file; a universal binary says how many architectures follow (few).
    if (magic === 0xcafebabe && !rel.endsWith(".class") && head.length >= 8 && head.readUInt32BE(4) < 20) return "Mach-O";
  }
  if (head.length >= 64 && head[0] === 0x4d && head[1] === 0x5a) {
    const peOffset = head.readUInt32LE(60);
    // The PE signature lies past the 64-byte head we read; MZ plus a plausible offset and a binary-looking header is enough.
    if (peOffset >= 64 && peOffset < 4096 && head.subarray(2, 64).some((b) => b === 0)) return "PE";
  }
  if (rel.endsWith(".node")) return "node addon";
  return null;
}

export function readNativeBinaries(files: PackageFile[]): { nativeBinaries: string[]; findings: Finding[] } {
  const found = files.map((f) => ({ rel: f.rel, kind: binaryKind(f.rel, f.head) })).filter((f): f is { rel: string; kind: BinaryKind } => f.kind !== null);
  if (found.length === 0) return { nativeBinaries: [], findings: [] };
  const executables = found.filter((f) => f.kind !== "node addon" && !f.rel.endsWith(".node"));
  const severity = executables.length > 0 ? "medium" : "low";
  const first = executables[0] ?? found[0];
  const list = found.map((f) => `${f.rel} (${f.kind})`);
  return {
    nativeBinaries: found.map((f) => f.rel),
    findings: [packageFinding("PKG-NATIVE-BINARY", severity, `${first.rel}:1`, `${found.length} native binar${found.length === 1 ? "y" : "ies"}: ${list.slice(0, 5).join(", ")}${list.length > 5 ? ", …" : ""}.`, list.join(", "))],
  };
}
