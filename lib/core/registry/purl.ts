/**
 * Package URLs (purl, ECMA-427): the identity of a server known only by a
 * package (docs/identity.md#what-a-server-is-keyed-by), e.g. `pkg:npm/%40scope/name`. formatPurl builds the
 * canonical form from a package's coordinates; parsePurl reads any purl
 * strictly (null on anything that is not one) and canonicalPurl prints it
 * back, so two spellings of one package are one registry key.
 *
 * Canonical encoding (ECMA-427 "Character encoding"): letters, digits,
 * `.-_~` and `:` stay as they are, everything else inside a component is
 * percent-encoded with upper-case hex, `/` and `@` included.
 */

/** The package ecosystems the registry assesses (docs/package-assessment.md). */
export const PURL_ECOSYSTEMS = ["npm", "pypi", "oci"] as const;
export type PurlEcosystem = (typeof PURL_ECOSYSTEMS)[number];

export interface PackageCoordinates {
  ecosystem: PurlEcosystem;
  /**
   * The package's plain name as its ecosystem writes it: `@scope/name` (npm),
   * `Foo_Bar` (PyPI), or an image reference without tag or digest,
   * `ghcr.io/acme/weather` or `acme/weather` for Docker Hub (OCI).
   */
  name: string;
  version?: string | null;
}

export interface Purl {
  type: string;
  namespace: string[];
  name: string;
  version: string | null;
  /** Sorted by key, empty values left out. */
  qualifiers: [string, string][];
  subpath: string[];
}

const MAX_PURL_LENGTH = 2048;
const TYPE_PATTERN = /^[a-z][a-z0-9.-]*$/;
const QUALIFIER_KEY_PATTERN = /^[a-z][a-z0-9._-]*$/;
// C0 and C1 controls: never part of a package's name, and never shown on a page.
const CONTROL = /[\x00-\x1f\x7f-\x9f]/;

/** npm: an optional `@scope/` and a URL-safe name (legacy names may hold upper case and !'()*). */
const NPM_NAME = /^(?:@([a-z0-9~-][a-z0-9._~-]*)\/)?([a-z0-9~-][a-z0-9._~!'()*-]*)$/i;
const NPM_MAX_LENGTH = 214;
/** PyPI: a PEP 508 project name. */
const PYPI_NAME = /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/i;
/** OCI: a registry host (with a dot or a port, or localhost), then lower-case path components. */
const OCI_HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)+|localhost)(?::\d{1,5})?$/;
const OCI_COMPONENT = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
const DOCKER_HUB = "docker.io";

/** Percent-encodes one component the canonical way. */
function encode(text: string): string {
  return Array.from(new TextEncoder().encode(text), (byte) => {
    const char = String.fromCharCode(byte);
    return /[A-Za-z0-9.\-_~:]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }).join("");
}

/** Decodes one component; null on a broken escape, invalid UTF-8 or a control character. */
function decode(text: string): string | null {
  if (/%(?![0-9a-f]{2})/i.test(text)) return null;
  try {
    const decoded = decodeURIComponent(text);
    return CONTROL.test(decoded) ? null : decoded;
  } catch {
    return null;
  }
}

/** PEP 503: runs of `-`, `_` and `.` become one `-`, lower case. */
function normalizePypiName(name: string): string {
  return name.replace(/[-_.]+/g, "-").toLowerCase();
}

/** An OCI image reference without tag or digest as [registry host, path components], or null. */
function ociRepository(reference: string): [string, string[]] | null {
  const parts = reference.toLowerCase().split("/");
  const host = parts.length > 1 && (parts[0].includes(".") || parts[0].includes(":") || parts[0] === "localhost") ? parts.shift()! : DOCKER_HUB;
  // Docker Hub's official images live under library/.
  if (host === DOCKER_HUB && parts.length === 1) parts.unshift("library");
  if (!OCI_HOST.test(host) || parts.length === 0 || !parts.every((p) => OCI_COMPONENT.test(p))) return null;
  return [host, parts];
}

/** The purl of a package, or null when the name is not a valid name in its ecosystem. */
function toPurl({ ecosystem, name, version }: PackageCoordinates): Purl | null {
  const base = { version: version?.trim() || null, subpath: [] };
  if (CONTROL.test(name) || (base.version && CONTROL.test(base.version))) return null;
  switch (ecosystem) {
    case "npm": {
      const match = name.length <= NPM_MAX_LENGTH ? NPM_NAME.exec(name) : null;
      if (!match) return null;
      return { ...base, type: "npm", namespace: match[1] ? [`@${match[1]}`] : [], name: match[2], qualifiers: [] };
    }
    case "pypi":
      return PYPI_NAME.test(name) ? { ...base, type: "pypi", namespace: [], name: normalizePypiName(name), qualifiers: [] } : null;
    case "oci": {
      const repository = ociRepository(name);
      if (!repository) return null;
      const [host, path] = repository;
      return { ...base, type: "oci", namespace: [], name: path.at(-1)!, qualifiers: [["repository_url", [host, ...path].join("/")]] };
    }
  }
}

/** The canonical purl of a package, or null when the name is not valid in its ecosystem. */
export function formatPurl(coordinates: PackageCoordinates): string | null {
  const purl = toPurl(coordinates);
  return purl ? canonicalPurl(purl) : null;
}

/** Prints a parsed purl in canonical form. */
export function canonicalPurl(purl: Purl): string {
  const path = [...purl.namespace, purl.name].map(encode).join("/");
  const version = purl.version ? `@${encode(purl.version)}` : "";
  const qualifiers = purl.qualifiers.length ? `?${purl.qualifiers.map(([k, v]) => `${k}=${encode(v)}`).join("&")}` : "";
  const subpath = purl.subpath.length ? `#${purl.subpath.map(encode).join("/")}` : "";
  return `pkg:${purl.type}/${path}${version}${qualifiers}${subpath}`;
}

/** Type rules of the ecosystems we know (purl-spec types/*.json); other types are read generically. */
function applyTypeRules(purl: Purl): Purl | null {
  switch (purl.type) {
    case "npm":
      if (purl.namespace.length > 1 || (purl.namespace.length === 1 && !purl.namespace[0].startsWith("@"))) return null;
      return toPurl({ ecosystem: "npm", name: [...purl.namespace, purl.name].join("/"), version: purl.version }) && purl;
    case "pypi":
      if (purl.namespace.length > 0 || !PYPI_NAME.test(purl.name)) return null;
      return { ...purl, name: normalizePypiName(purl.name) };
    case "oci":
      if (purl.namespace.length > 0 || !OCI_COMPONENT.test(purl.name.toLowerCase())) return null;
      return { ...purl, name: purl.name.toLowerCase() };
    default:
      return purl;
  }
}

/**
 * Reads a purl (ECMA-427 "How to parse"), or null. Strict: a broken
 * escape, a control character, a bad type or qualifier key, a repeated
 * qualifier or an empty name is not a purl. One leniency, for {url} path
 * segments a proxy decoded once too often: a literal `@` that starts the
 * namespace (`pkg:npm/@scope/name`) is the scope, not a version separator;
 * only an `@` in the last segment separates the version.
 */
export function parsePurl(text: string): Purl | null {
  const input = text.trim();
  if (input.length === 0 || input.length > MAX_PURL_LENGTH || CONTROL.test(input)) return null;
  const scheme = /^pkg:\/*/i.exec(input);
  if (!scheme) return null;
  let rest = input.slice(scheme[0].length);

  let subpath: string[] = [];
  const hash = rest.lastIndexOf("#");
  if (hash >= 0) {
    const segments = rest.slice(hash + 1).split("/").filter((s) => s !== "");
    const decoded = segments.map(decode);
    if (decoded.some((s) => s === null || s.includes("/"))) return null;
    subpath = (decoded as string[]).filter((s) => s !== "." && s !== "..");
    rest = rest.slice(0, hash);
  }

  const qualifiers = new Map<string, string>();
  const question = rest.lastIndexOf("?");
  if (question >= 0) {
    for (const pair of rest.slice(question + 1).split("&")) {
      if (pair === "") continue;
      const equals = pair.indexOf("=");
      if (equals <= 0) return null;
      const key = pair.slice(0, equals).toLowerCase();
      const value = decode(pair.slice(equals + 1));
      if (!QUALIFIER_KEY_PATTERN.test(key) || value === null || qualifiers.has(key)) return null;
      if (value !== "") qualifiers.set(key, value);
    }
    rest = rest.slice(0, question);
  }

  const segments = rest.split("/").filter((s) => s !== "");
  if (segments.length < 2) return null;
  const type = segments.shift()!.toLowerCase();
  if (!TYPE_PATTERN.test(type)) return null;
  const last = segments.pop()!;
  const at = last.indexOf("@");
  const rawName = at >= 0 ? last.slice(0, at) : last;
  const rawVersion = at >= 0 ? last.slice(at + 1) : null;
  const name = decode(rawName);
  const version = rawVersion === null ? null : decode(rawVersion);
  const namespace = segments.map(decode);
  if (!name || name.includes("/") || (rawVersion !== null && !version)) return null;
  if (namespace.some((s) => s === null || s === "" || s.includes("/"))) return null;

  return applyTypeRules({
    type,
    namespace: namespace as string[],
    name,
    version,
    qualifiers: [...qualifiers.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    subpath,
  });
}

/** The package a purl names, as its ecosystem writes it (`@scope/name`), for one of our ecosystems; else null. */
export function packageOfPurl(purl: Purl): { ecosystem: PurlEcosystem; name: string } | null {
  if (purl.type === "npm") return { ecosystem: "npm", name: [...purl.namespace, purl.name].join("/") };
  if (purl.type === "pypi") return { ecosystem: "pypi", name: purl.name };
  if (purl.type === "oci") {
    const repository = purl.qualifiers.find(([k]) => k === "repository_url")?.[1];
    return { ecosystem: "oci", name: repository ?? purl.name };
  }
  return null;
}
