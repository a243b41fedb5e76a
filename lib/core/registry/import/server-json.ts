import {
  CURRENT_SERVER_JSON_SCHEMA,
  iconSchema,
  packageSchema,
  remoteTransportSchema,
  repositorySchema,
  serverDetailSchema,
  type ServerDetail,
} from "@/lib/core/registry/subregistry/server-json-schema";

/**
 * server.json across its published schema versions. The registry's own
 * files hold entries of every age: the camelCase schema (2025-09-29 on,
 * current 2025-12-11) is read as it is; the snake_case one (2025-07-09 and
 * the pre-release seed of 2025-05-16) is mapped field by field, because its
 * changes were renames (registry_type -> registryType, ...), a wrapper
 * (version_detail.version -> version) and packages named by `name` and
 * `registry_name` before `identifier` and `registryType` existed.
 */

/** Renamed fields of 2025-09-16 (the registry's CHANGELOG), old -> new. */
const RENAMED: Record<string, string> = {
  registry_type: "registryType",
  registry_base_url: "registryBaseUrl",
  file_sha256: "fileSha256",
  runtime_hint: "runtimeHint",
  runtime_arguments: "runtimeArguments",
  package_arguments: "packageArguments",
  environment_variables: "environmentVariables",
  is_required: "isRequired",
  is_secret: "isSecret",
  value_hint: "valueHint",
  is_repeated: "isRepeated",
  website_url: "websiteUrl",
};

/** Objects whose keys are names chosen by the publisher, not schema fields: never renamed. */
const FREE_FORM_KEYS = new Set(["_meta", "variables"]);

const PACKAGE_TYPES = new Set(["npm", "pypi", "nuget", "oci", "mcpb", "docker", "cargo"]);

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The date in a server.json's $schema URL, e.g. "2025-07-09", or null. */
function schemaDateOf(json: Json): string | null {
  const schema = typeof json.$schema === "string" ? json.$schema : "";
  return /\/(\d{4}-\d{2}-\d{2})\//.exec(schema)?.[1] ?? null;
}

function hasOldKeys(value: unknown, depth = 0): boolean {
  if (depth > 6) return false;
  if (Array.isArray(value)) return value.some((v) => hasOldKeys(v, depth + 1));
  if (!isObject(value)) return false;
  for (const [key, inner] of Object.entries(value)) {
    if (key in RENAMED || key === "version_detail" || key === "registry_name" || key === "transport_type") return true;
    if (!FREE_FORM_KEYS.has(key) && hasOldKeys(inner, depth + 1)) return true;
  }
  return false;
}

/** True for a server.json written in the snake_case schema (2025-07-09 or the pre-release seed). */
function isOldSchema(json: Json): boolean {
  const date = schemaDateOf(json);
  if (date !== null) return date < "2025-09-16";
  return hasOldKeys(json);
}

function renameKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(renameKeys);
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [key, inner] of Object.entries(value)) {
    const renamed = RENAMED[key] ?? key;
    if (renamed !== key && renamed in value) continue; // the new field wins when both are there
    out[renamed] = FREE_FORM_KEYS.has(key) ? inner : renameKeys(inner);
  }
  return out;
}

function upgradePackage(raw: unknown): unknown {
  if (!isObject(raw)) return raw;
  const pkg: Json = { ...raw };
  // Pre-release seed: { registry_name: "npm", name: "@a/b" } or { registry_name: "<name>", registry: "npm" }.
  if (pkg.registryType === undefined) {
    const candidates = [pkg.registry, pkg.registry_name].filter((v): v is string => typeof v === "string");
    pkg.registryType = candidates.find((v) => PACKAGE_TYPES.has(v.toLowerCase()))?.toLowerCase() ?? candidates[0];
  }
  if (pkg.identifier === undefined && typeof pkg.name === "string") pkg.identifier = pkg.name;
  if (pkg.registryType !== undefined) delete pkg.registry_name;
  if (pkg.identifier === pkg.name) delete pkg.name;
  delete pkg.registry;
  if (pkg.version === "") delete pkg.version;
  // The old schemas had no package transport: every package ran over stdio.
  if (pkg.transport === undefined) pkg.transport = { type: "stdio" };
  return pkg;
}

function upgradeRemote(raw: unknown): unknown {
  if (!isObject(raw)) return raw;
  const remote: Json = { ...raw };
  if (remote.type === undefined && typeof remote.transport_type === "string") remote.type = remote.transport_type;
  delete remote.transport_type;
  return remote;
}

/** Maps a snake_case server.json to the current field names; a current one is returned as it is. */
export function upgradeServerJson(json: Json): { json: Json; upgraded: boolean } {
  if (!isObject(json) || !isOldSchema(json)) return { json, upgraded: false };
  const renamed = renameKeys(json) as Json;
  const detail = isObject(renamed.version_detail) ? renamed.version_detail : null;
  if (renamed.version === undefined && typeof detail?.version === "string") renamed.version = detail.version;
  delete renamed.version_detail;
  delete renamed.id; // the pre-release seed's own row id
  if (Array.isArray(renamed.packages)) renamed.packages = renamed.packages.map(upgradePackage);
  if (Array.isArray(renamed.remotes)) renamed.remotes = renamed.remotes.map(upgradeRemote);
  return { json: renamed, upgraded: true };
}

export type ServedServerJson = { ok: true; server: ServerDetail; dropped: string[] } | { ok: false; reason: string };

function clip(text: string, max: number): string {
  const trimmed = text.trim().replace(/\s+/g, " ");
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max - 1)}…`;
}

function issueText(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  return `${issue.path.map(String).join(".") || "value"}: ${issue.message}`;
}

/**
 * The server.json the subregistry serves for an imported entry: valid
 * against the v0.1 ServerDetail schema. Parts that do not validate are
 * dropped one by one (and named in `dropped`); a description or title
 * longer than the schema allows is cut with an ellipsis. Only an entry
 * without a version or a description is not served at all.
 */
export function servedServerJson(registryName: string, json: Json): ServedServerJson {
  const out: Json = { ...json, name: registryName };
  const dropped: string[] = [];
  if (typeof out.version !== "string" || out.version.trim() === "") return { ok: false, reason: "it has no version" };
  out.version = out.version.trim().slice(0, 255);
  const description = typeof out.description === "string" ? out.description.trim() : "";
  if (!description) return { ok: false, reason: "it has no description" };
  out.description = clip(description, 100);
  if (typeof out.title === "string" && out.title.trim()) out.title = clip(out.title, 100);
  else delete out.title;
  if (out.status !== undefined) delete out.status; // registry-managed since 2025-09-29: served in _meta instead
  if (isObject(out._meta)) {
    // A publisher may only speak for itself: whatever it wrote under another registry's key is not served.
    const own = out._meta["io.modelcontextprotocol.registry/publisher-provided"];
    if (isObject(own)) out._meta = { "io.modelcontextprotocol.registry/publisher-provided": own };
    else delete out._meta;
  } else delete out._meta;
  if (out.$schema !== undefined && (typeof out.$schema !== "string" || !URL.canParse(out.$schema))) delete out.$schema;
  if (out.repository !== undefined && !repositorySchema.safeParse(out.repository).success) {
    dropped.push("repository");
    delete out.repository;
  }
  if (out.websiteUrl !== undefined && (typeof out.websiteUrl !== "string" || !URL.canParse(out.websiteUrl))) {
    dropped.push("websiteUrl");
    delete out.websiteUrl;
  }
  for (const [field, schema] of [
    ["icons", iconSchema],
    ["packages", packageSchema],
    ["remotes", remoteTransportSchema],
  ] as const) {
    if (out[field] === undefined) continue;
    if (!Array.isArray(out[field])) {
      dropped.push(field);
      delete out[field];
      continue;
    }
    const kept: unknown[] = [];
    (out[field] as unknown[]).forEach((item, i) => {
      const parsed = schema.safeParse(item);
      if (parsed.success) kept.push(item);
      else dropped.push(`${field}.${i} (${issueText(parsed.error)})`);
    });
    if (kept.length > 0) out[field] = kept;
    else delete out[field];
  }
  const parsed = serverDetailSchema.safeParse(out);
  if (!parsed.success) return { ok: false, reason: `it does not fit server.json ${CURRENT_SERVER_JSON_SCHEMA} (${issueText(parsed.error)})` };
  return { ok: true, server: out as ServerDetail, dropped };
}
