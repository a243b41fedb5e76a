import { createHash } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { isAppError } from "../errors";
import { describeNetworkError, ResponseTooLargeError, type ScanFetch } from "./guarded-fetch";
import { raceAbort, ScanDeadlineError, type ScanLimits } from "./scan-limits";
import type {
  DiscoveredPrompt,
  DiscoveredResource,
  DiscoveredResourceTemplate,
  DiscoveredTool,
  Discovery,
} from "./scan-outcome";
import { createTextKeeper, keepText, type TextKeeper } from "./untrusted-text";

/**
 * The MCP half of a scan: handshake and read-only listings, nothing else.
 * The scanner NEVER calls a tool, reads a resource or gets a prompt: a scan
 * must not trigger side effects on someone else's server. Every request has
 * its own timeout, the whole session sits under the scan's deadline, and the
 * listings are capped in pages and items
 * (docs/findings-and-scans.md#bounds-target-guard-and-transport), so a hostile server
 * can slow a scan down to its deadline but not beyond. The same session runs over
 * HTTP (discoverServer) and over the stdio of a sandboxed package
 * (discoverOverTransport, docs/package-assessment.md#the-sandbox).
 */

export interface McpSessionOptions {
  url: URL;
  /** The guarded fetch: every byte the SDK sends goes through it. */
  fetch: ScanFetch;
  limits: ScanLimits;
  /** The scan's deadline. */
  signal: AbortSignal;
  /** Subscription to body cuts of the guarded fetch (a streamed reply cut at the byte cap). */
  onBodyCut?: (listener: (error: Error) => void) => () => void;
}

export type McpSessionResult = { ok: true; discovery: Discovery } | { ok: false; failure: string };

/** The discovery over a transport someone else built (stdio of a sandboxed package: docs/package-assessment.md#the-sandbox). */
export interface DiscoveryOptions {
  limits: ScanLimits;
  /** The deadline of the whole discovery. */
  signal: AbortSignal;
  /** Recorded as Discovery.transport. */
  transportName: Discovery["transport"];
}

/** What the listings need of either kind of session: the bounds and the deadline. */
type SessionBounds = Pick<DiscoveryOptions, "limits" | "signal">;

type Listing = Discovery["listingProblems"][number]["listing"];
type JsonRecord = Record<string, unknown>;

const CLIENT_INFO = { name: "mcp-trust-registry-scanner", version: "1.0.0" };
const MAX_REASON_LENGTH = 300;
/** Any JSON object: listings are parsed leniently here, one item at a time, so one odd tool does not hide the rest. */
const AnyResult = z.record(z.string(), z.unknown());

/** JSON with object keys sorted at every level: the same definition always gives the same bytes. */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? "null" : canonicalJson(v))).join(",")}]`;
  const entries = Object.entries(value as JsonRecord)
    .filter(([, v]) => v !== undefined && typeof v !== "function")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/**
 * The per-tool hashes for rug-pull detection
 * (docs/findings-and-scans.md#tool-hashes-and-rug-pulls): `hash` covers what a model
 * reads and what the tool accepts, so a silently changed description or
 * schema shows up as a change between scans.
 */
export function hashTool(tool: Pick<DiscoveredTool, "name" | "description" | "inputSchema" | "annotations">): { schemaHash: string; hash: string } {
  return {
    schemaHash: sha256(canonicalJson(tool.inputSchema)),
    hash: sha256(canonicalJson({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema, annotations: tool.annotations })),
  };
}

function asRecord(value: unknown): JsonRecord | null {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as JsonRecord) : null;
}

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** A failure reason fit for a finding: one line, bounded, no control characters, valid Unicode. */
function clean(text: string): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ").trim();
  return keepText(flat, MAX_REASON_LENGTH).text;
}

/** Why a request failed, in words; untrusted server text is bounded by `clean`. */
function describeSessionError(error: unknown, what: string): string {
  if (error instanceof ScanDeadlineError) return `${what}: ${error.message}`;
  if (isAppError(error)) return `${what}: refused by the target guard: ${error.message}`;
  if (error instanceof ResponseTooLargeError) return `${what}: ${error.message}`;
  if (error instanceof McpError) {
    if (error.code === ErrorCode.RequestTimeout) {
      const ms = (error.data as { timeout?: unknown } | undefined)?.timeout;
      return `${what}: no answer ${typeof ms === "number" ? `within ${ms} ms` : "in time"}`;
    }
    return clean(`${what}: server answered with JSON-RPC error ${error.code}: ${error.message}`);
  }
  if (error instanceof StreamableHTTPError) {
    const detail = error.message.replace(/^Streamable HTTP error: /, "").replace(/^Error POSTing to endpoint:\s*/, "");
    if (error.code === -1) return clean(`${what}: ${detail} (not an MCP endpoint)`);
    return clean(`${what}: HTTP ${error.code ?? "error"}${detail ? ` (${detail})` : ""}`);
  }
  if (error instanceof SyntaxError) return clean(`${what}: the reply is not JSON (${error.message})`);
  if (error instanceof z.ZodError || (error instanceof Error && error.name === "ZodError")) return `${what}: the reply is not a valid JSON-RPC message`;
  return clean(`${what}: ${describeNetworkError(error)}`);
}

/** The MCP spec's backwards-compatibility rule: a 4xx on the initial POST means "try the old HTTP+SSE transport". */
function shouldFallBackToSse(error: unknown): boolean {
  return error instanceof StreamableHTTPError && typeof error.code === "number" && error.code >= 400 && error.code < 500;
}

interface Connected {
  client: Client;
  transport: Transport;
  kind: Discovery["transport"];
  protocolVersion: () => string | null;
}

/** The operation in flight, aborted when the guarded fetch cuts a body (its reply will never arrive whole). */
interface CutHolder {
  current: AbortController | null;
}

function httpTransport(kind: "streamable-http" | "sse", options: McpSessionOptions): Transport {
  return kind === "streamable-http"
    ? new StreamableHTTPClientTransport(options.url, {
        fetch: options.fetch,
        // Redirects are the guarded fetch's job: it checks every hop.
        redirectPolicy: "follow",
        reconnectionOptions: { maxRetries: 0, initialReconnectionDelay: 1000, maxReconnectionDelay: 1000, reconnectionDelayGrowFactor: 1 },
      })
    : new SSEClientTransport(options.url, { fetch: options.fetch, redirectPolicy: "follow" });
}

/** Initializes over `transport` within one request timeout; throws why it could not. */
async function connectOver(transport: Transport, kind: Discovery["transport"], bounds: SessionBounds, cut: CutHolder): Promise<Connected> {
  let negotiated: string | null = null;
  const setVersion = transport.setProtocolVersion?.bind(transport);
  transport.setProtocolVersion = (version: string) => {
    negotiated = version;
    setVersion?.(version);
  };
  const client = new Client(CLIENT_INFO, { capabilities: {} });
  const controller = new AbortController();
  cut.current = controller;
  const signal = AbortSignal.any([bounds.signal, controller.signal]);
  try {
    await raceAbort(client.connect(transport, { timeout: bounds.limits.perRequestMs, signal }), signal);
  } catch (error) {
    await closeQuietly(client);
    throw controller.signal.aborted && controller.signal.reason instanceof Error ? controller.signal.reason : error;
  } finally {
    cut.current = null;
  }
  return { client, transport, kind, protocolVersion: () => negotiated };
}

async function closeQuietly(client: Client): Promise<void> {
  await raceAbort(client.close(), AbortSignal.timeout(1000)).catch(() => undefined);
}

interface ListingResult<T> {
  items: T[];
  problem: string | null;
}

/**
 * Follows nextCursor under the page and item caps. A failure after some
 * pages keeps what was listed and says why the rest is missing.
 */
async function listAll<T>(
  connected: Connected,
  method: "tools/list" | "resources/list" | "resources/templates/list" | "prompts/list",
  key: string,
  parse: (item: unknown) => T | null,
  options: SessionBounds,
  cut: CutHolder,
): Promise<ListingResult<T>> {
  const { limits } = options;
  const items: T[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  let ignored = 0;
  const withIgnored = (problem: string | null) =>
    problem ?? (ignored > 0 ? `${ignored} malformed ${key} entr${ignored === 1 ? "y was" : "ies were"} ignored` : null);

  for (let page = 0; page < limits.maxPagesPerListing; page++) {
    const controller = new AbortController();
    cut.current = controller;
    let result: JsonRecord;
    try {
      result = await raceAbort(
        connected.client.request({ method, params: cursor === undefined ? {} : { cursor } }, AnyResult, {
          timeout: limits.perRequestMs,
          signal: AbortSignal.any([options.signal, controller.signal]),
        }),
        options.signal,
      );
    } catch (error) {
      if (method === "resources/templates/list" && page === 0 && error instanceof McpError && error.code === ErrorCode.MethodNotFound) {
        return { items, problem: null };
      }
      const reason = controller.signal.aborted && controller.signal.reason instanceof Error ? controller.signal.reason : error;
      const listed = items.length > 0 ? ` after ${items.length} ${key}` : "";
      return { items, problem: describeSessionError(reason, `${method} failed${listed}`) };
    } finally {
      cut.current = null;
    }
    const list = Array.isArray(result[key]) ? (result[key] as unknown[]) : [];
    for (const raw of list) {
      const parsed = parse(raw);
      if (parsed === null) {
        ignored++;
        continue;
      }
      if (items.length >= limits.maxItemsPerListing) {
        return { items, problem: `${method} was cut at ${limits.maxItemsPerListing} ${key} (item limit)` };
      }
      items.push(parsed);
    }
    const next = str(result.nextCursor);
    if (!next) return { items, problem: withIgnored(null) };
    if (seenCursors.has(next)) return { items, problem: `${method} repeated a cursor; stopped after ${page + 1} pages` };
    seenCursors.add(next);
    cursor = next;
  }
  return { items, problem: `${method} was cut at ${limits.maxPagesPerListing} pages (page limit)` };
}

/*
 * The parsers keep every string through `keep` (untrusted-text.ts) before
 * anything else reads it: the hashes, the rules and the database see only
 * the kept text.
 */
function parseTool(raw: unknown, keep: TextKeeper): DiscoveredTool | null {
  const t = asRecord(raw);
  const sentName = str(t?.name);
  if (!t || !sentName) return null;
  const name = keep.name(sentName, (kept) => `tools/${kept}/name`);
  const at = `tools/${name}`;
  const annotations = asRecord(t.annotations);
  const base = {
    name,
    description: keep.text(str(t.description), `${at}/description`),
    inputSchema: keep.json(t.inputSchema ?? null, `${at}/inputSchema`),
    annotations: annotations ? (keep.json(annotations, `${at}/annotations`) as JsonRecord) : undefined,
  };
  const title = keep.name(str(t.title), `${at}/title`);
  return { ...base, ...(title !== undefined ? { title } : {}), ...hashTool(base) };
}

function parseResource(raw: unknown, keep: TextKeeper): DiscoveredResource | null {
  const r = asRecord(raw);
  const sentUri = str(r?.uri);
  if (!r || !sentUri) return null;
  const uri = keep.uri(sentUri, (kept) => `resources/${kept}`);
  const at = `resources/${uri}`;
  return { uri, name: keep.name(str(r.name), `${at}/name`), description: keep.text(str(r.description), `${at}/description`), mimeType: keep.name(str(r.mimeType), at) };
}

function parseTemplate(raw: unknown, keep: TextKeeper): DiscoveredResourceTemplate | null {
  const r = asRecord(raw);
  const sentTemplate = str(r?.uriTemplate);
  if (!r || !sentTemplate) return null;
  const uriTemplate = keep.uri(sentTemplate, (kept) => `resourceTemplates/${kept}`);
  const at = `resourceTemplates/${uriTemplate}`;
  return { uriTemplate, name: keep.name(str(r.name), `${at}/name`), description: keep.text(str(r.description), `${at}/description`), mimeType: keep.name(str(r.mimeType), at) };
}

function parsePrompt(raw: unknown, keep: TextKeeper): DiscoveredPrompt | null {
  const p = asRecord(raw);
  const sentName = str(p?.name);
  if (!p || !sentName) return null;
  const name = keep.name(sentName, (kept) => `prompts/${kept}/name`);
  const at = `prompts/${name}`;
  const args = Array.isArray(p.arguments)
    ? p.arguments.flatMap((a) => {
        const arg = asRecord(a);
        const sentArg = str(arg?.name);
        if (!arg || !sentArg) return [];
        const argName = keep.name(sentArg, (kept) => `${at}/arguments/${kept}`);
        const description = keep.text(str(arg.description), `${at}/arguments/${argName}/description`);
        return [{ name: argName, description, required: typeof arg.required === "boolean" ? arg.required : undefined }];
      })
    : undefined;
  return { name, description: keep.text(str(p.description), `${at}/description`), arguments: args };
}

/** Lists what the connected server advertises; a failed or cut listing is a listingProblem, never a throw. */
async function listEverything(connected: Connected, bounds: SessionBounds, cut: CutHolder): Promise<Discovery> {
  const { client } = connected;
  const keep = createTextKeeper();
  const capabilities = keep.json(client.getServerCapabilities() ?? null, "capabilities") as JsonRecord | null;
  const serverInfo = client.getServerVersion();
  const title = keep.name(serverInfo?.title || undefined, "serverInfo/title");
  const instructions = client.getInstructions();
  const discovery: Discovery = {
    serverInfo: serverInfo
      ? { name: keep.name(serverInfo.name, "serverInfo/name"), version: keep.name(serverInfo.version, "serverInfo/version"), ...(title ? { title } : {}) }
      : null,
    protocolVersion: connected.protocolVersion(),
    capabilities,
    instructions: instructions === undefined ? null : keep.text(instructions, "instructions"),
    transport: connected.kind,
    tools: [],
    resources: [],
    resourceTemplates: [],
    prompts: [],
    listingProblems: [],
  };
  const note = (listing: Listing, problem: string | null) => {
    if (problem) discovery.listingProblems.push({ listing, problem });
  };
  const planned: Listing[] = [];
  if (capabilities?.tools) planned.push("tools");
  if (capabilities?.resources) planned.push("resources", "resourceTemplates");
  if (capabilities?.prompts) planned.push("prompts");

  for (const listing of planned) {
    if (bounds.signal.aborted) {
      note(listing, `skipped: ${bounds.signal.reason instanceof Error ? bounds.signal.reason.message : "the scan was aborted"}`);
      continue;
    }
    if (listing === "tools") {
      const r = await listAll(connected, "tools/list", "tools", (item) => parseTool(item, keep), bounds, cut);
      discovery.tools = r.items;
      note(listing, r.problem);
    } else if (listing === "resources") {
      const r = await listAll(connected, "resources/list", "resources", (item) => parseResource(item, keep), bounds, cut);
      discovery.resources = r.items;
      note(listing, r.problem);
    } else if (listing === "resourceTemplates") {
      const r = await listAll(connected, "resources/templates/list", "resourceTemplates", (item) => parseTemplate(item, keep), bounds, cut);
      discovery.resourceTemplates = r.items;
      note(listing, r.problem);
    } else {
      const r = await listAll(connected, "prompts/list", "prompts", (item) => parsePrompt(item, keep), bounds, cut);
      discovery.prompts = r.items;
      note(listing, r.problem);
    }
  }
  const repairs = keep.repairs();
  return repairs ? { ...discovery, textRepairs: repairs } : discovery;
}

/**
 * Connects (Streamable HTTP, then legacy SSE on a 4xx), initializes and
 * lists what the server advertises. Never throws for server behaviour: no
 * handshake gives `{ ok: false, failure }` (the scan is unreachable); a failed
 * or cut listing gives a Discovery with listingProblems (the scan is partial).
 */
export async function discoverServer(options: McpSessionOptions): Promise<McpSessionResult> {
  const cut: CutHolder = { current: null };
  const unsubscribe = options.onBodyCut?.((error) => cut.current?.abort(error));
  let connected: Connected;
  try {
    connected = await connectOver(httpTransport("streamable-http", options), "streamable-http", options, cut);
  } catch (streamableError) {
    if (!shouldFallBackToSse(streamableError) || options.signal.aborted) {
      unsubscribe?.();
      return { ok: false, failure: describeSessionError(streamableError, "MCP handshake failed") };
    }
    try {
      connected = await connectOver(httpTransport("sse", options), "sse", options, cut);
    } catch (sseError) {
      unsubscribe?.();
      return {
        ok: false,
        failure: clean(
          `${describeSessionError(streamableError, "Streamable HTTP handshake failed")}; ${describeSessionError(sseError, "legacy SSE handshake failed")}`,
        ),
      };
    }
  }

  try {
    return { ok: true, discovery: await listEverything(connected, options, cut) };
  } finally {
    unsubscribe?.();
    await closeQuietly(connected.client);
  }
}

/**
 * The same handshake and listings over a transport the caller built and
 * owns (the stdio of a sandboxed package): `{ ok: false }` when no handshake
 * happened, else a Discovery with its listingProblems. Closes the client; the
 * caller still ends whatever runs behind the transport.
 */
export async function discoverOverTransport(transport: Transport, options: DiscoveryOptions): Promise<McpSessionResult> {
  const cut: CutHolder = { current: null };
  let connected: Connected;
  try {
    connected = await connectOver(transport, options.transportName, options, cut);
  } catch (error) {
    return { ok: false, failure: describeSessionError(error, "MCP handshake failed") };
  }
  try {
    return { ok: true, discovery: await listEverything(connected, options, cut) };
  } finally {
    await closeQuietly(connected.client);
  }
}
