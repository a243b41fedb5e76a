import { promises as dns } from "node:dns";
import ipaddr from "ipaddr.js";
import { AppError } from "../errors";

/**
 * Target guard (SSRF; docs/findings-and-scans.md#bounds-target-guard-and-transport). A scan makes this service open connections to a
 * URL a stranger typed in; without this guard that stranger could make us
 * talk to our own loopback, the private network or a cloud metadata service.
 *
 * Policy: only http and https; every address the host resolves to must be a
 * public unicast address. If ANY resolved address is forbidden, the target is
 * refused (a resolver that answers public+private is not trusted to pick).
 * IPv4 embedded in IPv6 (mapped, translated, NAT64, 6to4, Teredo) is judged
 * by the IPv4 it carries. The caller then connects to exactly the checked
 * addresses (see guarded-fetch.ts), so a second DNS answer cannot rebind.
 *
 * `allowPrivateTargets` (config SCAN_ALLOW_PRIVATE_TARGETS, local development
 * and tests) additionally allows loopback, RFC 1918 private, CGNAT and
 * unique-local addresses. It never allows link-local (where the metadata
 * services live), multicast, broadcast, reserved, unspecified or a known
 * cloud metadata address or name. `allowedRanges` allows listed CIDRs only
 * (tests: "127.0.0.0/8 but not 10/8"); metadata addresses stay refused.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses; injectable so tests never need real DNS. */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export interface TargetPolicy {
  allowPrivateTargets?: boolean;
  /** CIDRs allowed even though they are not public, e.g. ["127.0.0.0/8", "::1/128"]. */
  allowedRanges?: readonly string[];
}

export interface GuardOptions extends TargetPolicy {
  lookup?: HostLookup;
}

export type AddressCategory =
  | "public"
  | "loopback"
  | "private"
  | "linkLocal"
  | "carrierGradeNat"
  | "uniqueLocal"
  | "multicast"
  | "broadcast"
  | "reserved"
  | "unspecified"
  | "metadata"
  | "invalid";

interface AddressClass {
  category: AddressCategory;
  /** The IPv4 address judged when the IPv6 address embeds one, else the address itself. */
  effective: string;
  /** How the IPv4 was embedded, when it was. */
  embedding: string | null;
}

export interface CheckedTarget {
  url: URL;
  /** Host without IPv6 brackets, lower-case. */
  hostname: string;
  port: number;
  /** Every address the host resolved to; all of them passed the guard. */
  addresses: ResolvedAddress[];
  ipLiteral: boolean;
}

/** DNS gave no usable answer: not a policy refusal but an unreachable target (docs/findings-and-scans.md#statuses). */
export class TargetResolutionError extends Error {
  constructor(
    public readonly hostname: string,
    message: string,
  ) {
    super(message);
    this.name = "TargetResolutionError";
  }
}

const METADATA_ADDRESSES = new Set([
  "169.254.169.254", // AWS, GCP, Azure, OCI, DigitalOcean, ...
  "169.254.170.2", // AWS ECS task metadata
  "169.254.170.23", // AWS EKS pod identity
  "100.100.100.200", // Alibaba Cloud
  "fd00:ec2::254", // AWS IMDS over IPv6
  "fd00:ec2::23", // AWS EKS pod identity over IPv6
]);

const METADATA_HOSTNAMES = new Set([
  "metadata.google.internal",
  "metadata.goog",
  "metadata",
  "instance-data",
  "instance-data.ec2.internal",
  "metadata.azure.internal",
]);

/** Categories that `allowPrivateTargets` opens; everything else non-public stays closed. */
export const PRIVATE_CATEGORIES: ReadonlySet<AddressCategory> = new Set(["loopback", "private", "carrierGradeNat", "uniqueLocal"]);

const IPV4_CATEGORY: Record<string, AddressCategory> = {
  unicast: "public",
  unspecified: "unspecified",
  broadcast: "broadcast",
  multicast: "multicast",
  linkLocal: "linkLocal",
  loopback: "loopback",
  carrierGradeNat: "carrierGradeNat",
  private: "private",
};

const IPV6_CATEGORY: Record<string, AddressCategory> = {
  unspecified: "unspecified",
  linkLocal: "linkLocal",
  multicast: "multicast",
  loopback: "loopback",
  uniqueLocal: "uniqueLocal",
};

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");
const NAT64_WELL_KNOWN = ipaddr.parseCIDR("64:ff9b::/96");

function v4FromWords(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function classifyV4(addr: ipaddr.IPv4): AddressCategory {
  const text = addr.toString();
  if (METADATA_ADDRESSES.has(text)) return "metadata";
  return IPV4_CATEGORY[addr.range()] ?? "reserved";
}

/** The IPv4 address an IPv6 address carries, for the translation and tunnelling schemes that route to it. */
function embeddedV4(addr: ipaddr.IPv6): { v4: ipaddr.IPv4; embedding: string } | null {
  const w = addr.parts;
  switch (addr.range()) {
    case "ipv4Mapped":
      return { v4: addr.toIPv4Address(), embedding: "IPv4-mapped" };
    case "rfc6145":
      return { v4: v4FromWords(w[6], w[7]), embedding: "IPv4-translated" };
    case "6to4":
      return { v4: v4FromWords(w[1], w[2]), embedding: "6to4" };
    case "teredo":
      // The client address is stored inverted (RFC 4380).
      return { v4: v4FromWords(~w[6] & 0xffff, ~w[7] & 0xffff), embedding: "Teredo" };
    default:
      if (addr.match(NAT64_WELL_KNOWN)) return { v4: v4FromWords(w[6], w[7]), embedding: "NAT64" };
      return null;
  }
}

function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = address.replace(/^\[|\]$/g, "").split("%")[0];
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  if (ipaddr.IPv6.isValid(bare)) return ipaddr.IPv6.parse(bare);
  return null;
}

/**
 * What kind of address this is, judging embedded IPv4 by the IPv4. Exported
 * so the report can say why a target was refused and the tests can pin the
 * table down.
 */
function classifyAddress(address: string): AddressClass {
  const parsed = parseAddress(address);
  if (!parsed) return { category: "invalid", effective: address, embedding: null };
  if (parsed.kind() === "ipv4") {
    const v4 = parsed as ipaddr.IPv4;
    return { category: classifyV4(v4), effective: v4.toString(), embedding: null };
  }
  const v6 = parsed as ipaddr.IPv6;
  const text = v6.toString();
  if (METADATA_ADDRESSES.has(text)) return { category: "metadata", effective: text, embedding: null };
  const embedded = embeddedV4(v6);
  if (embedded) {
    return { category: classifyV4(embedded.v4), effective: embedded.v4.toString(), embedding: embedded.embedding };
  }
  const range = v6.range();
  const known = IPV6_CATEGORY[range];
  if (known) return { category: known, effective: text, embedding: null };
  // Only global unicast (2000::/3) outside the special-purpose blocks is public.
  if (range === "unicast" && v6.match(GLOBAL_UNICAST_V6)) return { category: "public", effective: text, embedding: null };
  return { category: "reserved", effective: text, embedding: null };
}

function inAllowedRanges(address: string, effective: string, ranges: readonly string[]): boolean {
  const candidates = [parseAddress(address), parseAddress(effective)].filter((a): a is ipaddr.IPv4 | ipaddr.IPv6 => a !== null);
  for (const cidr of ranges) {
    const range = ipaddr.parseCIDR(cidr);
    for (const candidate of candidates) {
      if (candidate.kind() === range[0].kind() && candidate.match(range)) return true;
    }
  }
  return false;
}

/** Whether an address is this machine's own loopback (127.0.0.0/8, ::1, or an IPv6 form that carries 127.x). */
export function isLoopbackAddress(address: string): boolean {
  return classifyAddress(address).category === "loopback";
}

/** Decides one address under a policy; `reason` is a sentence for people, naming the category. */
export function checkAddress(address: string, policy: TargetPolicy = {}): { allowed: true } | { allowed: false; category: AddressCategory; reason: string } {
  const cls = classifyAddress(address);
  const via = cls.embedding ? ` (${cls.embedding} ${cls.effective})` : "";
  if (cls.category === "metadata") {
    return { allowed: false, category: cls.category, reason: `${address}${via} is a cloud metadata address` };
  }
  if (cls.category === "public") return { allowed: true };
  if (cls.category !== "invalid" && policy.allowedRanges && inAllowedRanges(address, cls.effective, policy.allowedRanges)) {
    return { allowed: true };
  }
  if (policy.allowPrivateTargets && PRIVATE_CATEGORIES.has(cls.category)) return { allowed: true };
  return { allowed: false, category: cls.category, reason: `${address}${via} is a ${describeCategory(cls.category)} address` };
}

function describeCategory(category: AddressCategory): string {
  const words: Record<AddressCategory, string> = {
    public: "public",
    loopback: "loopback",
    private: "private (RFC 1918)",
    linkLocal: "link-local",
    carrierGradeNat: "carrier-grade NAT",
    uniqueLocal: "unique-local",
    multicast: "multicast",
    broadcast: "broadcast",
    reserved: "reserved or special-purpose",
    unspecified: "unspecified",
    metadata: "cloud metadata",
    invalid: "malformed",
  };
  return words[category];
}

/** dns.promises.lookup with all answers, in resolver order. */
const systemLookup: HostLookup = async (hostname) => {
  const answers = await dns.lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

function forbidden(message: string, details: Record<string, unknown>): AppError {
  return new AppError("target_forbidden", message, details);
}

/**
 * Parses the URL (WHATWG, so 127.1, 0x7f.1, 2130706433 and 017700000001 all
 * arrive here already as 127.0.0.1), resolves the host and checks every
 * address. Throws AppError `invalid_url` / `target_forbidden`, or
 * TargetResolutionError when DNS has no answer. The caller must connect to
 * `addresses` and nothing else.
 */
export async function checkTarget(target: string | URL, options: GuardOptions = {}): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new AppError("invalid_url", "The server URL is not a valid absolute URL.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw forbidden(`Only http and https servers can be scanned, not ${url.protocol.replace(/:$/, "")}.`, { scheme: url.protocol });
  }
  const hostname = url.hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "").toLowerCase();
  if (!hostname) throw new AppError("invalid_url", "The server URL has no host.");
  const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;

  if (METADATA_HOSTNAMES.has(hostname)) {
    throw forbidden(`${hostname} is a cloud metadata service and cannot be scanned.`, { host: hostname, category: "metadata" });
  }

  const literal = parseAddress(hostname);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: literal.toString(), family: literal.kind() === "ipv4" ? 4 : 6 }];
  } else {
    const lookup = options.lookup ?? systemLookup;
    try {
      addresses = await lookup(hostname);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException | undefined)?.code;
      throw new TargetResolutionError(hostname, `DNS lookup of ${hostname} failed${code ? ` (${code})` : ""}.`);
    }
    if (addresses.length === 0) throw new TargetResolutionError(hostname, `DNS lookup of ${hostname} returned no address.`);
  }

  for (const { address } of addresses) {
    const verdict = checkAddress(address, options);
    if (!verdict.allowed) {
      const subject = literal ? "The target" : `${hostname} resolves to an address that`;
      throw forbidden(`${subject} is not allowed: ${verdict.reason}.`, { host: hostname, address, category: verdict.category });
    }
  }
  return { url, hostname, port, addresses, ipLiteral: literal !== null };
}
