import type { Severity } from "../../findings";
import type { FactorKey } from "../../scoring/factors";

/**
 * The one rule catalogue (D2). Every finding the scanner produces carries one
 * of these ids; ids are stable across scans and servers and never reused.
 * `severity` is the usual severity: a rule may report lower or higher when the
 * evidence is weaker or combined with other signals (the finding says why).
 * `deduction`, when set, is the fixed number of points the rule costs its
 * factor; otherwise the cost follows the finding's severity (see scoring).
 */
export interface RuleDefinition {
  id: string;
  factor: FactorKey;
  severity: Severity;
  title: string;
  /** A noun phrase for trust summaries: "hidden instructions", "unverified publisher". */
  shortName: string;
  /** What the rule looks for, for the catalogue page. */
  detects: string;
  remediation: string;
  deduction?: number;
  /**
   * A second factor a high or critical finding also costs: a poisoned
   * description is a malicious pattern AND a dishonest declaration; an
   * exfiltration URL is a network problem AND a malicious pattern.
   */
  alsoAffects?: FactorKey;
}

const RULES = [
  // Threat match: text aimed at the model rather than the user.
  {
    id: "TM-HIDDEN-INSTRUCTIONS",
    factor: "threatMatch",
    severity: "critical",
    title: "Hidden instructions aimed at the model",
    shortName: "hidden instructions",
    detects:
      "Tags such as <IMPORTANT>, <SYSTEM>, [INST], <|im_start|> or HTML comments that wrap directives to the model. A tag around directives is medium; around a threat (sensitive file, exfiltration, concealment) critical; a bare tag low.",
    remediation: "Describe what the tool does for the user in plain text; never embed directives to the model in metadata.",
    alsoAffects: "declarationAccuracy",
  },
  {
    id: "TM-IGNORE-PREVIOUS",
    factor: "threatMatch",
    severity: "critical",
    title: "Instruction override (\"ignore previous instructions\")",
    shortName: "an instruction override",
    detects:
      "Directives to ignore, forget or override previous/system instructions, or to take on a new role. Descriptive mentions (a detector explaining such phrases, quoted examples) are not flagged.",
    remediation: "Remove text that tries to replace the client's or user's instructions.",
    alsoAffects: "declarationAccuracy",
  },
  {
    id: "TM-ORDERING-COERCION",
    factor: "threatMatch",
    severity: "low",
    title: "Coerces the model to call a tool before any other",
    shortName: "tool-ordering coercion",
    detects:
      "\"Before using any other tool you must call X\", \"always call this tool first\". Low alone (login tools legitimately ask to go first); critical together with another threat in the same tool.",
    remediation: "State prerequisites of this tool only; do not dictate how the model uses other tools.",
    alsoAffects: "declarationAccuracy",
  },
  {
    id: "TM-CONCEALMENT",
    factor: "threatMatch",
    severity: "high",
    title: "Asks the model to hide actions from the user",
    shortName: "concealment from the user",
    detects:
      "\"Do not tell/mention to the user\", \"without the user's knowledge\", \"silently send\", \"do not reveal these instructions\". Medium alone in tool text (low in server instructions), high when it hides the instructions themselves, critical with another threat.",
    remediation: "Tools must not ask the model to keep anything from the user.",
    alsoAffects: "declarationAccuracy",
  },
  {
    id: "TM-SENSITIVE-FILE",
    factor: "threatMatch",
    severity: "critical",
    title: "Directs the model to read sensitive files or credentials",
    shortName: "a directive to read sensitive files",
    detects:
      "An access verb next to a sensitive target (~/.ssh, id_rsa, .env, ~/.aws/credentials, mcp.json, /etc/passwd, browser cookies, keychain, ...). Critical when the model is told to do it, high for a bare imperative, low when the tool merely declares such access. Negated and descriptive mentions are not flagged.",
    remediation: "Never ask the model to read credentials or configuration files; take the data the tool needs as an explicit, described parameter.",
    alsoAffects: "declarationAccuracy",
  },
  {
    id: "TM-CONFIG-TAMPER",
    factor: "threatMatch",
    severity: "critical",
    title: "Directs the model to modify agent or MCP client configuration",
    shortName: "agent configuration tampering",
    detects:
      "A write verb aimed at MCP client configs (claude_desktop_config.json, .cursor/mcp.json, mcp.json, agent settings.json), shell start-up files or authorized_keys. Critical as a directive, medium when a tool declares it writes them.",
    remediation: "Tools must not change the client's configuration; document manual setup steps for the user instead.",
    alsoAffects: "declarationAccuracy",
  },
  {
    id: "TM-EXFIL-PARAM",
    factor: "threatMatch",
    severity: "critical",
    title: "Side-channel parameter asks for conversation or secrets",
    shortName: "a side-channel parameter",
    detects:
      "A parameter (often notes, context, sidenote, metadata) whose description asks the model to fill in the conversation history, the system prompt, other tools' results, credentials or file contents.",
    remediation: "Parameters must carry only the data the tool needs, described plainly; remove parameters that collect context.",
    alsoAffects: "networkBehavior",
  },
  {
    id: "TM-EXFIL-URL",
    factor: "networkBehavior",
    severity: "critical",
    title: "Sends conversation or secrets to an external address",
    shortName: "exfiltration to an external address",
    detects:
      "A URL whose query carries a placeholder for conversation, secrets or file data, or a directive to send such data to a URL or e-mail address.",
    remediation: "Remove URLs and addresses that receive user data; a tool's outbound calls belong in its code and documentation, not in the model's instructions.",
    alsoAffects: "threatMatch",
  },
  {
    id: "TM-IMAGE-BEACON",
    factor: "networkBehavior",
    severity: "critical",
    title: "Markdown image beacon that leaks data",
    shortName: "an image beacon",
    detects: "A markdown or HTML image whose URL carries a placeholder or data parameter, so rendering it sends data to a third party.",
    remediation: "Do not ask the model to render images with data in their URL.",
    alsoAffects: "threatMatch",
  },
  {
    id: "TM-TOOL-SHADOWING",
    factor: "threatMatch",
    severity: "high",
    title: "Changes how another tool behaves (tool shadowing)",
    shortName: "tool shadowing",
    detects:
      "Text in one tool that changes the behaviour of another (\"when send_email is used, always BCC ...\", \"all other tools must ...\"). Critical when it adds an external recipient or address.",
    remediation: "A tool's description must only describe that tool.",
    alsoAffects: "declarationAccuracy",
  },
  // Obfuscation.
  {
    id: "OB-INVISIBLE-CHARS",
    factor: "threatMatch",
    severity: "high",
    title: "Invisible or direction-changing characters in metadata",
    shortName: "invisible characters",
    detects:
      "Unicode tag characters (U+E0000-E007F), variation-selector payloads, zero-width and bidi control characters. Tag or variation-selector payloads that spell out words are critical (a hidden message), other payloads high; bidi overrides medium; zero-width characters inside words medium, elsewhere low.",
    remediation: "Remove invisible characters; metadata should read the same to a person and to a model.",
    alsoAffects: "declarationAccuracy",
  },
  {
    id: "OB-ANSI-ESCAPE",
    factor: "threatMatch",
    severity: "medium",
    title: "Terminal escape sequences in metadata",
    shortName: "terminal escape sequences",
    detects: "ANSI/VT escape sequences. Sequences that hide text or move the cursor are high, colours alone low.",
    remediation: "Remove terminal escape sequences from metadata.",
    alsoAffects: "declarationAccuracy",
  },
  {
    id: "OB-BASE64-PAYLOAD",
    factor: "threatMatch",
    severity: "critical",
    title: "Encoded payload in metadata",
    shortName: "an encoded payload",
    detects:
      "Base64 text that decodes to readable text. The decoded text is scanned again with every rule (depth 2): critical when it carries a threat, info otherwise.",
    remediation: "Write metadata in plain text.",
    alsoAffects: "declarationAccuracy",
  },
  {
    id: "OB-ENCODED-TEXT",
    factor: "threatMatch",
    severity: "low",
    title: "Letters written as escape sequences",
    shortName: "escaped letters",
    detects: "\\u0041, \\x41 or &#x41; escapes used for ordinary letters, a way to slip words past filters.",
    remediation: "Write metadata in plain text.",
  },
  {
    id: "OB-HOMOGLYPH",
    factor: "threatMatch",
    severity: "low",
    title: "Look-alike letters from other scripts",
    shortName: "look-alike letters",
    detects: "Words mixing Latin with Cyrillic or Greek look-alikes, or mathematical/fullwidth letters outside CJK text.",
    remediation: "Use one script per word.",
  },
  // Secrets.
  {
    id: "SEC-SECRET-IN-METADATA",
    factor: "threatMatch",
    severity: "high",
    title: "Credential published in metadata",
    shortName: "a leaked credential",
    detects:
      "AWS access keys, GitHub and GitLab tokens, Slack tokens, OpenAI and Stripe keys, Google API keys, JWTs, private key blocks, and high-entropy api_key=/token=/password= values. Documented example keys are low.",
    remediation: "Revoke the credential now and remove it from the server's metadata.",
  },
  // Declaration accuracy.
  {
    id: "DA-ANNOTATION-MISMATCH",
    factor: "declarationAccuracy",
    severity: "high",
    title: "Tool annotations contradict what the tool does",
    shortName: "misleading tool annotations",
    detects:
      "A delete/remove/drop tool marked readOnlyHint: true (high) or destructiveHint: false (medium); a write/send tool marked read-only (medium); a tool that clearly reaches the internet marked openWorldHint: false (low).",
    remediation: "Set readOnlyHint, destructiveHint and openWorldHint to what the tool really does.",
  },
  {
    id: "DA-MISSING-DESCRIPTION",
    factor: "declarationAccuracy",
    severity: "low",
    title: "Tool without a description",
    shortName: "undescribed tools",
    detects: "Tools with no or a trivially short description.",
    remediation: "Describe what each tool does, what it reads and what it changes.",
  },
  {
    id: "DA-INVALID-SCHEMA",
    factor: "declarationAccuracy",
    severity: "low",
    title: "Tool input schema missing or not an object schema",
    shortName: "missing input schemas",
    detects: "inputSchema absent, not an object, or not of type \"object\".",
    remediation: "Declare an object JSON Schema for every tool's input.",
  },
  {
    id: "DA-UNDESCRIBED-PARAMETERS",
    factor: "declarationAccuracy",
    severity: "info",
    title: "Parameters without descriptions",
    shortName: "undescribed parameters",
    detects: "A tool with three or more parameters, most of them without a description.",
    remediation: "Describe each parameter.",
  },
  {
    id: "DA-UNDECLARED-CAPABILITY",
    factor: "declarationAccuracy",
    severity: "low",
    title: "Lists features it did not declare",
    shortName: "undeclared capabilities",
    detects: "Tools, resources or prompts listed although the initialize capabilities did not declare them.",
    remediation: "Declare every capability the server uses in its initialize result.",
  },
  {
    id: "DA-DUPLICATE-TOOL",
    factor: "declarationAccuracy",
    severity: "medium",
    title: "Two tools with the same name",
    shortName: "duplicate tool names",
    detects: "The tool listing names the same tool twice, so which one a client calls is ambiguous.",
    remediation: "Give every tool a unique name.",
  },
  {
    id: "DA-LISTING-INCOMPLETE",
    factor: "declarationAccuracy",
    severity: "low",
    title: "A listing failed or was cut short",
    shortName: "an incomplete listing",
    detects: "tools/list, resources/list, resources/templates/list or prompts/list failed or hit a scan limit; what was not seen was not assessed.",
    remediation: "Make every declared listing answer within the scanner's limits.",
  },
  // Permission minimality.
  {
    id: "PM-SHELL-EXEC",
    factor: "permissionMinimality",
    severity: "high",
    title: "Runs free-form shell commands",
    shortName: "free-form shell execution",
    detects: "A free-form string parameter that is run as a shell command (command/cmd/script parameters on exec/shell/terminal tools). Low when the command runs in a declared sandbox or container.",
    remediation: "Offer specific operations with constrained parameters instead of a shell.",
  },
  {
    id: "PM-CODE-EVAL",
    factor: "permissionMinimality",
    severity: "high",
    title: "Evaluates arbitrary code",
    shortName: "arbitrary code evaluation",
    detects: "A parameter holding code that the tool evaluates (eval, run_python, execute_code). Low when a sandbox is declared.",
    remediation: "Offer specific operations, or run code in a declared, isolated sandbox.",
  },
  {
    id: "PM-RAW-SQL",
    factor: "permissionMinimality",
    severity: "medium",
    title: "Accepts raw SQL",
    shortName: "raw SQL access",
    detects: "A parameter carrying raw SQL. Low on a server that is evidently a database server, medium elsewhere.",
    remediation: "Prefer parameterised, purpose-specific queries; if raw SQL is the point, declare it read-only where it is.",
  },
  {
    id: "PM-TOXIC-COMBINATION",
    factor: "permissionMinimality",
    severity: "medium",
    title: "Reads private data and can send data out",
    shortName: "a read-and-send tool combination",
    detects:
      "A tool that reads private local data (files, environment, clipboard, credentials) together with one that reaches an arbitrary outside destination (HTTP, e-mail, webhook): medium. Reading and sending within one service (mail, chat): low.",
    remediation: "Split reading and sending across servers, or restrict where data can be sent.",
  },
  // Rug pull (D3).
  {
    id: "RP-TOOL-ADDED",
    factor: "declarationAccuracy",
    severity: "low",
    title: "Tool added since the last completed scan",
    shortName: "added tools",
    detects: "A tool name not present in the last completed scan.",
    remediation: "Announce new tools in release notes; users approved the old tool set.",
  },
  {
    id: "RP-TOOL-REMOVED",
    factor: "declarationAccuracy",
    severity: "info",
    title: "Tool removed since the last completed scan",
    shortName: "removed tools",
    detects: "A tool of the last completed scan is no longer listed.",
    remediation: "None needed if intended.",
  },
  {
    id: "RP-TOOL-CHANGED",
    factor: "declarationAccuracy",
    severity: "medium",
    title: "Tool definition changed since the last completed scan",
    shortName: "changed tool definitions",
    detects: "The hash of a tool's name, description, input schema and annotations differs from the last completed scan.",
    remediation: "Version tool changes visibly; clients that approved a tool should be asked again.",
  },
  {
    id: "RP-DESCRIPTION-NOW-INSTRUCTS",
    factor: "threatMatch",
    severity: "high",
    title: "Changed tool now carries instructions (rug pull)",
    shortName: "a rug pull",
    detects: "A tool whose definition changed since the last completed scan and whose text now triggers an instruction-type rule at medium or above.",
    remediation: "Revert the change; do not alter approved tools to steer the model.",
    alsoAffects: "declarationAccuracy",
  },
  // Transport security.
  {
    id: "TS-PLAINTEXT-HTTP",
    factor: "transportSecurity",
    severity: "medium",
    title: "Served over plain HTTP",
    shortName: "plain HTTP",
    detects: "The server URL uses http: tool calls and results travel unencrypted and can be altered in transit. Caps the grade at C (D1).",
    remediation: "Serve the endpoint over HTTPS with a valid certificate.",
    deduction: 10,
  },
  {
    id: "TS-TLS-SELF-SIGNED",
    factor: "transportSecurity",
    severity: "high",
    title: "Self-signed TLS certificate",
    shortName: "a self-signed certificate",
    detects: "The certificate is self-signed.",
    remediation: "Use a certificate from a publicly trusted CA.",
  },
  {
    id: "TS-TLS-EXPIRED",
    factor: "transportSecurity",
    severity: "high",
    title: "Expired or not yet valid TLS certificate",
    shortName: "an expired certificate",
    detects: "The certificate is outside its validity period.",
    remediation: "Renew the certificate and automate renewal.",
  },
  {
    id: "TS-TLS-HOSTNAME-MISMATCH",
    factor: "transportSecurity",
    severity: "high",
    title: "TLS certificate does not match the host name",
    shortName: "a certificate for another host",
    detects: "The certificate's names do not cover the server's host.",
    remediation: "Serve a certificate whose subject alternative names include the host.",
  },
  {
    id: "TS-TLS-UNTRUSTED",
    factor: "transportSecurity",
    severity: "high",
    title: "TLS certificate chain not trusted",
    shortName: "an untrusted certificate",
    detects: "The chain does not validate against the system trust store for another reason (incomplete chain, unknown CA).",
    remediation: "Serve the full chain from a publicly trusted CA.",
  },
  {
    id: "TS-TLS-OLD-PROTOCOL",
    factor: "transportSecurity",
    severity: "medium",
    title: "Outdated TLS version",
    shortName: "an outdated TLS version",
    detects: "The connection negotiated SSL 3, TLS 1.0 or TLS 1.1.",
    remediation: "Offer TLS 1.2 and 1.3 only.",
  },
  {
    id: "TS-TLS-WEAK-CIPHER",
    factor: "transportSecurity",
    severity: "medium",
    title: "Weak cipher suite",
    shortName: "a weak cipher",
    detects: "RC4, 3DES, DES, NULL, EXPORT or anonymous cipher suites.",
    remediation: "Offer AEAD cipher suites only.",
  },
  {
    id: "TS-NO-HSTS",
    factor: "transportSecurity",
    severity: "low",
    title: "No HSTS header",
    shortName: "missing HSTS",
    detects: "The HTTPS response carries no Strict-Transport-Security header.",
    remediation: "Send Strict-Transport-Security with max-age of at least 180 days.",
  },
  {
    id: "TS-HSTS-SHORT",
    factor: "transportSecurity",
    severity: "low",
    title: "HSTS max-age shorter than 180 days",
    shortName: "a short HSTS max-age",
    detects: "Strict-Transport-Security max-age below 15552000 seconds.",
    remediation: "Raise max-age to at least 15552000.",
  },
  {
    id: "TS-TLS-UNKNOWN",
    factor: "transportSecurity",
    severity: "info",
    title: "TLS details not recorded",
    shortName: "unverified TLS",
    detects: "An https server for which the scan recorded no TLS evidence; what was not seen earns no points.",
    remediation: "None for the publisher; rescan.",
    deduction: 5,
  },
  {
    id: "TS-NO-EVIDENCE",
    factor: "transportSecurity",
    severity: "info",
    title: "No transport evidence recorded",
    shortName: "unverified transport",
    detects: "The scan recorded no network evidence, so transport security was not verified.",
    remediation: "None for the publisher; rescan.",
    deduction: 10,
  },
  // Network behaviour.
  {
    id: "NB-CROSS-HOST-REDIRECT",
    factor: "networkBehavior",
    severity: "medium",
    title: "Redirects to another site",
    shortName: "a redirect to another site",
    detects: "The endpoint redirected to a host outside its own registrable domain (low within the same domain).",
    remediation: "Publish the final endpoint URL; do not bounce clients through other sites.",
  },
  {
    id: "NB-HTTPS-DOWNGRADE",
    factor: "networkBehavior",
    severity: "high",
    title: "Redirect from HTTPS to plain HTTP",
    shortName: "an HTTPS downgrade",
    detects: "A redirect hop leaves HTTPS for plain HTTP.",
    remediation: "Never redirect to http.",
  },
  {
    id: "NB-LONG-REDIRECT-CHAIN",
    factor: "networkBehavior",
    severity: "low",
    title: "Long redirect chain",
    shortName: "a long redirect chain",
    detects: "More than three redirects before the endpoint answered.",
    remediation: "Publish the final endpoint URL.",
  },
  {
    id: "NB-EXTERNAL-HOSTS",
    factor: "networkBehavior",
    severity: "info",
    title: "Metadata names external hosts",
    shortName: "external hosts",
    detects: "Hosts other than the server's own that appear in URLs in the metadata (documentation links are common; listed for review).",
    remediation: "None needed for documentation links.",
  },
  // Code transparency (what a remote scan cannot see, from registry context).
  {
    id: "CT-NO-SOURCE",
    factor: "codeTransparency",
    severity: "low",
    title: "No source repository or package declared",
    shortName: "undeclared source code",
    detects: "The registry has neither a repository URL nor a package name for the server.",
    remediation: "Declare the server's source repository (and package) in the registry.",
    deduction: 10,
  },
  {
    id: "CT-PACKAGE-ONLY",
    factor: "codeTransparency",
    severity: "low",
    title: "Package declared but no source repository",
    shortName: "no source repository",
    detects: "A package name is known, but no source repository.",
    remediation: "Declare the source repository.",
    deduction: 6,
  },
  {
    id: "CT-REPOSITORY-UNKNOWN-HOST",
    factor: "codeTransparency",
    severity: "info",
    title: "Repository on an unrecognised host",
    shortName: "a repository on an unknown host",
    detects: "The repository URL is not on a known public forge (GitHub, GitLab, Codeberg, Bitbucket, sourcehut, Gitea).",
    remediation: "Mirror the source on a public forge.",
    deduction: 3,
  },
  {
    id: "CT-NOT-AUDITED",
    factor: "codeTransparency",
    severity: "info",
    title: "Source declared, not audited",
    shortName: "unaudited source",
    detects: "A repository or package is declared; this scan did not audit the code, and the declaration is not proof it matches the running server.",
    remediation: "None for the scan; an audit would earn the remaining points.",
    deduction: 2,
  },
  // Publisher reputation (from registry context; nothing is invented).
  {
    id: "PR-NOT-CERTIFIED",
    factor: "publisherReputation",
    severity: "info",
    title: "Publisher not verified",
    shortName: "an unverified publisher",
    detects: "The publisher has not proven control of the server's origin through certification.",
    remediation: "Apply for certification.",
    deduction: 4,
  },
  {
    id: "PR-STANDARD-TIER",
    factor: "publisherReputation",
    severity: "info",
    title: "Standard certification without assisted review",
    shortName: "standard-tier certification",
    detects: "Standard certification verifies origin control but includes no assisted review.",
    remediation: "Premium certification adds an assisted review.",
    deduction: 1,
  },
  {
    id: "PR-UNNAMED-PUBLISHER",
    factor: "publisherReputation",
    severity: "info",
    title: "Publisher unknown",
    shortName: "an unknown publisher",
    detects: "The registry has no publisher name for the server.",
    remediation: "Declare the publisher in the registry.",
    deduction: 2,
  },
  {
    id: "PR-NO-TRACK-RECORD",
    factor: "publisherReputation",
    severity: "info",
    title: "No track record",
    shortName: "no publisher track record",
    detects: "The registry lists no other scored server of this publisher.",
    remediation: "None; reputation is earned over time.",
    deduction: 4,
  },
  {
    id: "PR-MIXED-TRACK-RECORD",
    factor: "publisherReputation",
    severity: "info",
    title: "Mixed track record",
    shortName: "a mixed publisher track record",
    detects: "The publisher's other servers average 60-79.",
    remediation: "Improve the publisher's other servers.",
    deduction: 2,
  },
  {
    id: "PR-POOR-TRACK-RECORD",
    factor: "publisherReputation",
    severity: "low",
    title: "Poor track record",
    shortName: "a poor publisher track record",
    detects: "The publisher's other servers average below 60.",
    remediation: "Improve the publisher's other servers.",
    deduction: 4,
  },
  // Scan status.
  {
    id: "SCAN-UNREACHABLE",
    factor: "transportSecurity",
    severity: "info",
    title: "Server unreachable",
    shortName: "an unreachable server",
    detects: "No MCP handshake (DNS, TCP, TLS or HTTP failure, or not an MCP endpoint). The score is not changed (D3).",
    remediation: "Check that the URL is an MCP endpoint reachable from the internet.",
    deduction: 0,
  },
] as const satisfies readonly RuleDefinition[];

export type RuleId = (typeof RULES)[number]["id"];

/** Every rule the scanner can report, in catalogue order. */
export const RULE_CATALOGUE: readonly RuleDefinition[] = RULES;

const BY_ID: ReadonlyMap<string, RuleDefinition> = new Map(RULES.map((r) => [r.id, r]));

/** The catalogue entry for an id; findings are built only through this, so an unknown id fails loudly in tests. */
export function getRule(id: RuleId): RuleDefinition {
  const rule = BY_ID.get(id);
  if (!rule) throw new Error(`Unknown rule id ${id}`);
  return rule;
}

/** Lookup for ids that arrive as plain strings (stored findings, reports). */
export function findRule(id: string): RuleDefinition | undefined {
  return BY_ID.get(id);
}

/** Rules whose hits mean the text instructs the model (used by rug-pull detection, D3). */
export const INSTRUCTION_RULE_IDS: ReadonlySet<RuleId> = new Set<RuleId>([
  "TM-HIDDEN-INSTRUCTIONS",
  "TM-IGNORE-PREVIOUS",
  "TM-ORDERING-COERCION",
  "TM-CONCEALMENT",
  "TM-SENSITIVE-FILE",
  "TM-CONFIG-TAMPER",
  "TM-EXFIL-PARAM",
  "TM-EXFIL-URL",
  "TM-IMAGE-BEACON",
  "TM-TOOL-SHADOWING",
]);
