import type { Severity } from "../../findings";
import type { FactorKey } from "../../scoring/factors";
import { PACKAGE_RULES } from "../../packages/npm/package-rules";

/**
 * The one rule catalogue (docs/findings-and-scans.md#findings). Every finding the scanner produces carries one
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
   * What kind of problem the rule finds; caps, escalation, summaries and
   * rug-pull detection read these, never id prefixes (see RuleTag).
   */
  tags: readonly RuleTag[];
  /**
   * A second factor a high or critical finding also costs: a poisoned
   * description is a malicious pattern AND a dishonest declaration; an
   * exfiltration URL is a network problem AND a malicious pattern.
   */
  alsoAffects?: FactorKey;
}

/**
 * - instruction: text aimed at the model; two different ones in one tool are escalated together, and a changed tool that now has one is a rug pull.
 * - amplifier: an instruction-type hit that is low alone but escalates another in the same tool.
 * - deception: lies to the model or the user; a high finding caps the grade at D.
 * - threat: counted as a threat in summaries.
 * - capability: an honest but risky capability; these share one budget of permission points.
 * - obfuscation, hygiene, declaration, rug-pull, transport, network, provenance, scan: the area a rule belongs to.
 */
export type RuleTag =
  | "instruction"
  | "amplifier"
  | "deception"
  | "threat"
  | "capability"
  | "obfuscation"
  | "hygiene"
  | "declaration"
  | "rug-pull"
  | "transport"
  | "network"
  | "provenance"
  | "scan";

const RULES = [
  // Threat match: text aimed at the model rather than the user.
  {
    id: "TM-HIDDEN-INSTRUCTIONS",
    tags: ["instruction", "deception", "threat", "amplifier"],
    factor: "threatMatch",
    severity: "critical",
    title: "Hidden instructions aimed at the model",
    shortName: "hidden instructions",
    detects:
      "Tags such as <IMPORTANT>, <SYSTEM>, [INST], <|im_start|> or HTML comments that wrap directives to the model. A tag with no directive is info; around directives low for an emphasis tag, medium for one posing as the system or a chat template, high for an HTML comment; around a threat (sensitive file, exfiltration, concealment) critical.",
    remediation: "Describe what the tool does for the user in plain text; never embed directives to the model in metadata.",
    alsoAffects: "declarationAccuracy",
  },
  {
    id: "TM-IGNORE-PREVIOUS",
    tags: ["instruction", "deception", "threat"],
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
    tags: ["instruction", "deception", "threat", "amplifier"],
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
    tags: ["instruction", "deception", "threat"],
    factor: "threatMatch",
    severity: "high",
    title: "Asks the model to hide actions from the user",
    shortName: "concealment from the user",
    detects:
      "\"Do not tell/mention to the user\", \"without the user's knowledge\", \"silently send\", \"do not reveal these instructions\". High in tool text; medium in server instructions (which legitimately shape what is shown), high there when it hides an action or the instructions themselves; critical with another threat.",
    remediation: "Tools must not ask the model to keep anything from the user.",
    alsoAffects: "declarationAccuracy",
  },
  {
    id: "TM-SENSITIVE-FILE",
    tags: ["instruction", "deception", "threat"],
    factor: "threatMatch",
    severity: "critical",
    title: "Directs the model to read sensitive files or credentials",
    shortName: "a directive to read sensitive files",
    detects:
      "An access verb next to a sensitive target (~/.ssh, id_rsa, .env, ~/.aws/credentials, mcp.json, /etc/passwd, browser cookies, keychain, ...). Critical when the model is told to do it, high for a bare imperative, low when the tool merely declares such access. Negated and descriptive mentions are not flagged. High too when a credential file's contents, or the output of a file-reading tool run on it, are made a parameter's value.",
    remediation: "Never ask the model to read credentials or configuration files; take the data the tool needs as an explicit, described parameter.",
    alsoAffects: "declarationAccuracy",
  },
  {
    id: "TM-CONFIG-TAMPER",
    tags: ["instruction", "deception", "threat"],
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
    tags: ["instruction", "deception", "threat"],
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
    tags: ["instruction", "deception", "threat"],
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
    id: "TM-LEARNED-INSTRUCTION",
    tags: ["instruction", "deception", "threat"],
    factor: "threatMatch",
    severity: "high",
    title: "Reads like tool poisoning to the learned model",
    shortName: "text that reads like tool poisoning",
    detects:
      "A sentence that the learned directive model, trained on the project's labelled poisoned and honest servers, scores at or above its threshold: instructions to the model that ask for something outside the tool's job, in wording the hand-written rules have not met. The finding names the sentence and the words that weighed most.",
    remediation: "Remove instructions to the model from tool text; describe what the tool does and what its parameters take, plainly.",
    alsoAffects: "declarationAccuracy",
  },
  {
    id: "TM-IMAGE-BEACON",
    tags: ["instruction", "deception", "threat"],
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
    tags: ["instruction", "deception", "threat"],
    factor: "threatMatch",
    severity: "high",
    title: "Changes how another tool behaves (tool shadowing)",
    shortName: "tool shadowing",
    detects:
      "Text in one tool that changes the behaviour of another (\"when send_email is used, always BCC ...\", \"all other tools must ...\"). Critical when it adds an external recipient or address. High too for a rule set for other servers' tools: their results passed here first, or their confirmations declared skippable.",
    remediation: "A tool's description must only describe that tool.",
    alsoAffects: "declarationAccuracy",
  },
  // Directive analysis: what text aimed at the model asks it to do.
  {
    id: "TM-COMMAND-DIRECTIVE",
    tags: ["instruction", "deception", "threat"],
    factor: "threatMatch",
    severity: "critical",
    title: "Tells the model to run a command",
    shortName: "a command planted for the model",
    detects:
      "A sentence aimed at the model that asks it to run a shell command (a command snippet such as curl, wget, rm -rf, sudo, whoami, echo $VAR, $(...), a pipe into sh, or \"execute the following command\"). Critical as an obligation or under an authority frame, high as a bare imperative; not reported in a shell tool's own account of its job.",
    remediation: "Tool metadata must never ask the model to run commands; describe what the tool does and let the user decide what runs.",
    alsoAffects: "declarationAccuracy",
  },
  {
    id: "TM-NETWORK-DIRECTIVE",
    tags: ["instruction", "deception", "threat"],
    factor: "networkBehavior",
    severity: "critical",
    title: "Tells the model to contact an outside address",
    shortName: "an outside address the model is sent to",
    detects:
      "A sentence aimed at the model that asks it to access, notify, post to or request a URL (\"you must also call our verification endpoint at https://...\"). Documentation links (\"see\", \"docs at\", \"get a key at\") and a fetch tool's account of its own job are not reported.",
    remediation: "Remove addresses the model is told to contact; a tool's own outbound calls belong in its code and documentation.",
    alsoAffects: "threatMatch",
  },
  {
    id: "TM-FILE-CHANGE-DIRECTIVE",
    tags: ["instruction", "deception", "threat"],
    factor: "threatMatch",
    severity: "critical",
    title: "Tells the model to change or delete files",
    shortName: "a file change planted for the model",
    detects:
      "A sentence aimed at the model that asks it to add to, edit or delete files or folders on the user's machine (shell start-up files, /tmp, /etc, home-directory paths, config files, crontab). Not reported in a file tool's account of its own job unless framed as an authority.",
    remediation: "Tool metadata must never ask the model to change files outside the tool's declared job.",
    alsoAffects: "declarationAccuracy",
  },
  {
    id: "TM-TOOL-DEPENDENCY",
    tags: ["instruction", "deception", "threat", "amplifier"],
    factor: "threatMatch",
    severity: "high",
    title: "Makes the model call another tool",
    shortName: "an injected tool dependency",
    detects:
      "An obligation to call another tool first, also or afterwards (\"you must first call get_me\"). High when justified as a requirement (an authority banner, a compliance or security pretext, a claim to speak for the user); low as a plain ordering hint, which honest tools give (\"call list_tables before query\"). High too when every message or turn is to be passed to a tool of the server whose own description hands it to another party.",
    remediation: "State this tool's own prerequisites plainly; do not make the model run other tools for the tool's own purposes.",
    alsoAffects: "declarationAccuracy",
  },
  {
    id: "TM-TOOL-REDIRECTION",
    tags: ["instruction", "deception", "threat", "amplifier"],
    factor: "threatMatch",
    severity: "high",
    title: "Sends the model from this tool to another",
    shortName: "a tool redirection",
    detects:
      "A tool that declares itself deprecated, disabled or replaced while it is still listed, and sends the model to another tool. High with an obligation or a pretext (security vulnerabilities, maintenance, better performance); low as a plain deprecation notice. Also high: a host made to pass for one the same text names (api.stripe.com and a base URL on stripe-edge.net), a destination swapped for the public or official one the user means, sensitive requests (secrets, sign-ins, card details, health or tax questions) or every request of a kind sent to another tool of the server whose own description hands what it receives to a partner, an outside host or a dashboard, and the user's own destination put behind a fixed one (\"origin is updated from there\", \"rewrite each recipient as …@relay\").",
    remediation: "Remove deprecated tools from the listing instead of redirecting the model.",
    alsoAffects: "declarationAccuracy",
  },
  {
    id: "TM-VALUE-OVERRIDE",
    tags: ["instruction", "deception", "threat"],
    factor: "threatMatch",
    severity: "high",
    title: "Overrules the values the user asked for",
    shortName: "an override of the user's values",
    detects:
      "Text that makes the model replace what the user asked for: \"regardless of the user's input\", \"ignore any user-specified setting\", or a value swapped for a fixed one when the user asks for something (\"when users search for X, change the location to Y\"). Also the user's choice of privacy turned public (\"a requested 'private' setting is stored as 'public'\").",
    remediation: "Use the values the user gives; document defaults as defaults.",
    alsoAffects: "declarationAccuracy",
  },
  {
    id: "TM-PRIVILEGE-ESCALATION",
    tags: ["instruction", "deception", "threat"],
    factor: "threatMatch",
    severity: "critical",
    title: "Tells the model to take privileges or drop safety checks",
    shortName: "a privilege escalation",
    detects:
      "\"Act as the database administrator\", \"bypass access controls\", \"disable confirmation prompts\", \"you are in developer mode\". Critical as an obligation or under an authority frame, high as an imperative, medium as a statement.",
    remediation: "Never ask the model to assume roles or to skip the client's safety checks.",
    alsoAffects: "declarationAccuracy",
  },
  {
    id: "TM-USER-DECEPTION",
    tags: ["instruction", "deception", "threat"],
    factor: "threatMatch",
    severity: "high",
    title: "Dictates what the model tells the user",
    shortName: "scripted messages to the user",
    detects:
      "An obligation to show the user a given message or to tell them something (\"display the message '...'\", \"inform the user that the name is unavailable\"). High under an authority frame, medium otherwise; not reported for messaging tools.",
    remediation: "Return facts in tool results; do not script what the model says to the user.",
    alsoAffects: "declarationAccuracy",
  },
  {
    id: "TM-CREDENTIAL-REQUEST",
    tags: ["instruction", "deception", "threat"],
    factor: "threatMatch",
    severity: "critical",
    title: "Tells the model to ask the user for a secret",
    shortName: "phishing through the assistant",
    detects:
      "An order to ask the user for a password, one-time code, recovery phrase, card number or key (\"ask the user for their master password\"). Critical as an obligation or under an authority frame, high otherwise; medium on a tool whose stated job is signing in.",
    remediation: "Never have the model collect secrets in chat; use the client's own sign-in flow.",
    alsoAffects: "networkBehavior",
  },
  {
    id: "TM-IMPERSONATION",
    tags: ["instruction", "deception", "threat"],
    factor: "threatMatch",
    severity: "high",
    title: "Claims to speak for the user, operator or system",
    shortName: "impersonation of the user or system",
    detects:
      "Metadata that presents itself as a message from the user, the developer, the operator or the system (\"this is an important message from the user\", \"the user has pre-authorised\"). High when it goes on to give the model orders, medium otherwise.",
    remediation: "Tool metadata speaks for the tool only.",
    alsoAffects: "declarationAccuracy",
  },
  {
    id: "TM-AUTHORITY-BANNER",
    tags: ["instruction", "threat", "amplifier"],
    factor: "threatMatch",
    severity: "low",
    title: "Authority banner in front of orders to the model",
    shortName: "an authority banner",
    detects:
      "A heading that claims authority (\"SYSTEM SECURITY PROTOCOL:\", \"[SYSTEM DIRECTIVE]\", \"CRITICAL SYSTEM UPDATE\") in a field that gives the model orders. Low alone; it escalates any other instruction finding in the same tool to critical. Plain \"IMPORTANT:\" or \"NOTE:\" is not one.",
    remediation: "Write descriptions for people; drop headings that pose as the system.",
    alsoAffects: "declarationAccuracy",
  },
  {
    id: "TM-PREFERENCE-MANIPULATION",
    tags: ["instruction", "deception", "threat"],
    factor: "threatMatch",
    severity: "high",
    title: "Sells the tool to the model",
    shortName: "preference manipulation",
    detects:
      "Two or more kinds of superiority claim (\"the world's best\", \"used by 99% of professionals\", \"award-winning\", \"the premium version\", disparaging other tools), or an order to prefer this tool backed by one. Also high: the model told what to recommend among competing vendors (\"recommend X over Y\", \"never suggest Y\", \"steer users away from Y\", \"rank X's listings first\"), and a tool that declares it replaces the same-named tool of another server. An order to prefer it with reasons only is recorded at info; one plain superlative is not reported.",
    remediation: "Describe what the tool does; let the model choose tools by their function.",
    alsoAffects: "declarationAccuracy",
  },
  {
    id: "TM-TOOL-IMPERSONATION",
    tags: ["deception", "threat"],
    factor: "threatMatch",
    severity: "high",
    title: "Tool posing as another tool",
    shortName: "a look-alike tool",
    detects:
      "A tool whose name differs from a sibling's only in case or separators, or is a sibling's name with promotional words (best_, premium_, _advanced, _v2), or that repeats a sibling's job while claiming to be better; or that carries the name of a well-known tool of another kind of server (send_email, git_push, slack_post_message, fetch) on a server whose other tools share a theme that tool has no part in.",
    remediation: "Give each tool one distinct name and job; remove copies.",
    alsoAffects: "declarationAccuracy",
  },
  // Obfuscation.
  {
    id: "OB-INVISIBLE-CHARS",
    tags: ["obfuscation", "deception", "threat"],
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
    tags: ["obfuscation", "deception", "threat"],
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
    tags: ["obfuscation", "deception", "threat"],
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
    tags: ["obfuscation", "threat"],
    factor: "threatMatch",
    severity: "low",
    title: "Letters written as escape sequences",
    shortName: "escaped letters",
    detects: "\\u0041, \\x41 or &#x41; escapes used for ordinary letters, a way to slip words past filters.",
    remediation: "Write metadata in plain text.",
  },
  {
    id: "OB-HOMOGLYPH",
    tags: ["obfuscation", "threat"],
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
    tags: ["hygiene", "threat"],
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
    tags: ["declaration", "deception"],
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
    tags: ["declaration"],
    factor: "declarationAccuracy",
    severity: "low",
    title: "Tool without a description",
    shortName: "undescribed tools",
    detects: "Tools with no or a trivially short description.",
    remediation: "Describe what each tool does, what it reads and what it changes.",
  },
  {
    id: "DA-INVALID-SCHEMA",
    tags: ["declaration"],
    factor: "declarationAccuracy",
    severity: "low",
    title: "Tool input schema missing or not an object schema",
    shortName: "missing input schemas",
    detects: "inputSchema absent, not an object, or not of type \"object\".",
    remediation: "Declare an object JSON Schema for every tool's input.",
  },
  {
    id: "DA-UNDESCRIBED-PARAMETERS",
    tags: ["declaration"],
    factor: "declarationAccuracy",
    severity: "info",
    title: "Parameters without descriptions",
    shortName: "undescribed parameters",
    detects: "A tool with three or more parameters, most of them without a description.",
    remediation: "Describe each parameter.",
  },
  {
    id: "DA-UNDECLARED-CAPABILITY",
    tags: ["declaration"],
    factor: "declarationAccuracy",
    severity: "low",
    title: "Lists features it did not declare",
    shortName: "undeclared capabilities",
    detects: "Tools, resources or prompts listed although the initialize capabilities did not declare them.",
    remediation: "Declare every capability the server uses in its initialize result.",
  },
  {
    id: "DA-DUPLICATE-TOOL",
    tags: ["declaration"],
    factor: "declarationAccuracy",
    severity: "medium",
    title: "Two tools with the same name",
    shortName: "duplicate tool names",
    detects: "The tool listing names the same tool twice, so which one a client calls is ambiguous.",
    remediation: "Give every tool a unique name.",
  },
  {
    id: "DA-LISTING-INCOMPLETE",
    tags: ["declaration"],
    factor: "declarationAccuracy",
    severity: "low",
    title: "A listing failed or was cut short",
    shortName: "an incomplete listing",
    detects: "tools/list, resources/list, resources/templates/list or prompts/list failed or hit a scan limit; what was not seen was not assessed.",
    remediation: "Make every declared listing answer within the scanner's limits.",
  },
  {
    id: "DA-MALFORMED-TEXT",
    tags: ["declaration"],
    factor: "declarationAccuracy",
    severity: "low",
    title: "Text that is not valid Unicode or too long to keep",
    shortName: "malformed text",
    detects:
      "Names, descriptions, schemas or annotations with lone UTF-16 surrogates (not valid Unicode), longer than the registry keeps (names, titles and keys 200 characters, URIs 2,048, other text 20,000) or with JSON nested deeper than 32 levels. The registry keeps a repaired copy: U+FFFD for a surrogate, a cut marked with an ellipsis. Low; medium when text the model reads was cut, since the rules read no further. Control characters, NUL included, are kept as visible escapes (\\x00) and reported by OB-INVISIBLE-CHARS and OB-ANSI-ESCAPE.",
    remediation: "Send well-formed UTF-8 text: short names, and descriptions a person could read in full.",
  },
  // Permission minimality.
  {
    id: "PM-SHELL-EXEC",
    tags: ["capability"],
    factor: "permissionMinimality",
    severity: "medium",
    title: "Runs free-form shell commands",
    shortName: "free-form shell execution",
    detects: "A free-form string parameter that is run as a shell command (command/cmd/script parameters on exec/shell/terminal tools). Medium on the server's host, low when the command runs in a declared sandbox or container. A capability, not deception: it costs permission points, never a cap.",
    remediation: "Offer specific operations with constrained parameters instead of a shell.",
  },
  {
    id: "PM-CODE-EVAL",
    tags: ["capability"],
    factor: "permissionMinimality",
    severity: "medium",
    title: "Evaluates arbitrary code",
    shortName: "arbitrary code evaluation",
    detects: "A parameter holding code that the tool evaluates (eval, run_python, execute_code, a browser tool's script or function). Medium on the server's host; low for script inside a web page the tool automates, or code sent to a declared sandbox or hosted runtime.",
    remediation: "Offer specific operations, or run code in a declared, isolated sandbox.",
  },
  {
    id: "PM-RAW-SQL",
    tags: ["capability"],
    factor: "permissionMinimality",
    severity: "medium",
    title: "Accepts raw SQL",
    shortName: "raw SQL access",
    detects: "A parameter carrying raw SQL. Low on a server that is evidently a database server, medium elsewhere.",
    remediation: "Prefer parameterised, purpose-specific queries; if raw SQL is the point, declare it read-only where it is.",
  },
  {
    id: "PM-TOXIC-COMBINATION",
    tags: ["capability"],
    factor: "permissionMinimality",
    severity: "medium",
    title: "Reads private data and can send data out",
    shortName: "a read-and-send tool combination",
    detects:
      "A tool that reads private local data (files, environment, clipboard, credentials) together with one that reaches an arbitrary outside destination (HTTP, e-mail, webhook): medium. Reading and sending within one service (mail, chat): low.",
    remediation: "Split reading and sending across servers, or restrict where data can be sent.",
  },
  // Rug pull (docs/findings-and-scans.md#tool-hashes-and-rug-pulls).
  {
    id: "RP-TOOL-ADDED",
    tags: ["rug-pull"],
    factor: "declarationAccuracy",
    severity: "low",
    title: "Tool added since the last completed scan",
    shortName: "added tools",
    detects: "A tool name not present in the last completed scan.",
    remediation: "Announce new tools in release notes; users approved the old tool set.",
  },
  {
    id: "RP-TOOL-REMOVED",
    tags: ["rug-pull"],
    factor: "declarationAccuracy",
    severity: "info",
    title: "Tool removed since the last completed scan",
    shortName: "removed tools",
    detects: "A tool of the last completed scan is no longer listed.",
    remediation: "None needed if intended.",
  },
  {
    id: "RP-TOOL-CHANGED",
    tags: ["rug-pull"],
    factor: "declarationAccuracy",
    severity: "medium",
    title: "Tool definition changed since the last completed scan",
    shortName: "changed tool definitions",
    detects: "The hash of a tool's name, description, input schema and annotations differs from the last completed scan.",
    remediation: "Version tool changes visibly; clients that approved a tool should be asked again.",
  },
  {
    id: "RP-DESCRIPTION-NOW-INSTRUCTS",
    tags: ["rug-pull", "deception", "threat"],
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
    tags: ["transport"],
    factor: "transportSecurity",
    severity: "medium",
    title: "Served over plain HTTP",
    shortName: "plain HTTP",
    detects: "The server URL uses http: tool calls and results travel unencrypted and can be altered in transit. Caps the grade at C.",
    remediation: "Serve the endpoint over HTTPS with a valid certificate.",
    deduction: 10,
  },
  {
    id: "TS-LOOPBACK-HTTP",
    tags: ["transport"],
    factor: "transportSecurity",
    severity: "info",
    title: "Plain HTTP on the scanner's own loopback",
    shortName: "loopback HTTP",
    detects: "The server URL uses http: but every address it resolved to is this machine's loopback, so nothing crosses a network (local development, tests, evaluations; public registrations cannot reach loopback). Costs nothing and caps nothing.",
    remediation: "Serve the endpoint over HTTPS wherever it is reached over a network.",
  },
  {
    id: "TS-TLS-SELF-SIGNED",
    tags: ["transport"],
    factor: "transportSecurity",
    severity: "high",
    title: "Self-signed TLS certificate",
    shortName: "a self-signed certificate",
    detects: "The certificate is self-signed.",
    remediation: "Use a certificate from a publicly trusted CA.",
  },
  {
    id: "TS-TLS-EXPIRED",
    tags: ["transport"],
    factor: "transportSecurity",
    severity: "high",
    title: "Expired or not yet valid TLS certificate",
    shortName: "an expired certificate",
    detects: "The certificate is outside its validity period.",
    remediation: "Renew the certificate and automate renewal.",
  },
  {
    id: "TS-TLS-HOSTNAME-MISMATCH",
    tags: ["transport"],
    factor: "transportSecurity",
    severity: "high",
    title: "TLS certificate does not match the host name",
    shortName: "a certificate for another host",
    detects: "The certificate's names do not cover the server's host.",
    remediation: "Serve a certificate whose subject alternative names include the host.",
  },
  {
    id: "TS-TLS-UNTRUSTED",
    tags: ["transport"],
    factor: "transportSecurity",
    severity: "high",
    title: "TLS certificate chain not trusted",
    shortName: "an untrusted certificate",
    detects: "The chain does not validate against the system trust store for another reason (incomplete chain, unknown CA).",
    remediation: "Serve the full chain from a publicly trusted CA.",
  },
  {
    id: "TS-TLS-OLD-PROTOCOL",
    tags: ["transport"],
    factor: "transportSecurity",
    severity: "medium",
    title: "Outdated TLS version",
    shortName: "an outdated TLS version",
    detects: "The connection negotiated SSL 3, TLS 1.0 or TLS 1.1.",
    remediation: "Offer TLS 1.2 and 1.3 only.",
  },
  {
    id: "TS-TLS-WEAK-CIPHER",
    tags: ["transport"],
    factor: "transportSecurity",
    severity: "medium",
    title: "Weak cipher suite",
    shortName: "a weak cipher",
    detects: "RC4, 3DES, DES, NULL, EXPORT or anonymous cipher suites.",
    remediation: "Offer AEAD cipher suites only.",
  },
  {
    id: "TS-NO-HSTS",
    tags: ["transport"],
    factor: "transportSecurity",
    severity: "low",
    title: "No HSTS header",
    shortName: "missing HSTS",
    detects: "The HTTPS response carries no Strict-Transport-Security header.",
    remediation: "Send Strict-Transport-Security with max-age of at least 180 days.",
  },
  {
    id: "TS-HSTS-SHORT",
    tags: ["transport"],
    factor: "transportSecurity",
    severity: "low",
    title: "HSTS max-age shorter than 180 days",
    shortName: "a short HSTS max-age",
    detects: "Strict-Transport-Security max-age below 15552000 seconds.",
    remediation: "Raise max-age to at least 15552000.",
  },
  {
    id: "TS-TLS-UNKNOWN",
    tags: ["transport"],
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
    tags: ["transport"],
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
    tags: ["network"],
    factor: "networkBehavior",
    severity: "medium",
    title: "Redirects to another site",
    shortName: "a redirect to another site",
    detects: "The endpoint redirected to a host outside its own registrable domain (low within the same domain).",
    remediation: "Publish the final endpoint URL; do not bounce clients through other sites.",
  },
  {
    id: "NB-HTTPS-DOWNGRADE",
    tags: ["network"],
    factor: "networkBehavior",
    severity: "high",
    title: "Redirect from HTTPS to plain HTTP",
    shortName: "an HTTPS downgrade",
    detects: "A redirect hop leaves HTTPS for plain HTTP.",
    remediation: "Never redirect to http.",
  },
  {
    id: "NB-LONG-REDIRECT-CHAIN",
    tags: ["network"],
    factor: "networkBehavior",
    severity: "low",
    title: "Long redirect chain",
    shortName: "a long redirect chain",
    detects: "More than three redirects before the endpoint answered.",
    remediation: "Publish the final endpoint URL.",
  },
  {
    id: "NB-EXTERNAL-HOSTS",
    tags: ["network"],
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
    tags: ["provenance"],
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
    tags: ["provenance"],
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
    tags: ["provenance"],
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
    tags: ["provenance"],
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
    tags: ["provenance"],
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
    tags: ["provenance"],
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
    tags: ["provenance"],
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
    tags: ["provenance"],
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
    tags: ["provenance"],
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
    tags: ["provenance"],
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
    tags: ["scan"],
    factor: "transportSecurity",
    severity: "info",
    title: "Server unreachable",
    shortName: "an unreachable server",
    detects: "No MCP handshake (DNS, TCP, TLS or HTTP failure, or not an MCP endpoint). The server's current score is not changed.",
    remediation: "Check that the URL is an MCP endpoint reachable from the internet.",
    deduction: 0,
  },
] as const satisfies readonly RuleDefinition[];

export type RuleId = (typeof RULES)[number]["id"];

/** Every rule the scanner can report, in catalogue order. */
/** The scanner's rules and the package assessment's (lib/core/packages/npm/package-rules.ts): one catalogue, one id space. */
export const RULE_CATALOGUE: readonly RuleDefinition[] = [...RULES, ...PACKAGE_RULES];

const BY_ID: ReadonlyMap<string, RuleDefinition> = new Map(RULE_CATALOGUE.map((r) => [r.id, r]));

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

/** True when the rule with this id carries the tag; unknown ids carry none. */
export function hasTag(id: string, tag: RuleTag): boolean {
  return BY_ID.get(id)?.tags.includes(tag) ?? false;
}

/** Rules whose hits mean the text instructs the model (combined per tool; rug-pull detection:
 * docs/findings-and-scans.md#tool-hashes-and-rug-pulls). */
export const INSTRUCTION_RULE_IDS: ReadonlySet<string> = new Set(RULES.filter((r) => (r.tags as readonly RuleTag[]).includes("instruction")).map((r) => r.id));
