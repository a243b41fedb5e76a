/**
 * What an attacker wants the model to touch: credential files, client
 * configuration, the conversation, secrets, and places to send them. Kept
 * apart from the grammar (directive-language.ts) so each can grow alone.
 * All patterns run on lower-cased, normalized text.
 */

/** After ".env": not a template of the variables (.env.example, .env.sample), which holds names, not values. */
export const NOT_ENV_TEMPLATE = String.raw`(?!\.(?:example|sample|template|dist|defaults?)\b)`;

/** Files and stores that hold credentials or private data. */
export const SENSITIVE_TARGET_RE = new RegExp(
  [
    // A public key (.pub) is meant to be shared: handing it over is how SSH access is granted.
    // known_hosts holds the public keys of hosts already met, no secret.
    String.raw`(?<![a-z0-9_])\.ssh(?!/(?:[a-z0-9_.-]{0,40}\.pub|known_hosts)\b)(?:/[a-z0-9_.-]{1,40})?`,
    String.raw`\bid_(?:rsa|dsa|ecdsa|ed25519)\b(?!\.pub\b)`,
    String.raw`\.aws/(?:credentials|config)\b`,
    String.raw`\baws credentials(?: file)?\b`,
    String.raw`(?<![a-z0-9_])\.env${NOT_ENV_TEMPLATE}(?:\.[a-z]{1,12})?\b(?!\.[a-z])`,
    String.raw`/etc/(?:passwd|shadow|sudoers|master\.passwd|gshadow)\b|\bpg_(?:shadow|authid)\b`,
    String.raw`(?<![a-z0-9_])\.(?:npmrc|pypirc|netrc|git-credentials|pgpass|gnupg|bash_history|zsh_history|psql_history|mysql_history)\b`,
    // Shell start-up files: where people export their API keys and tokens.
    String.raw`(?<![a-z0-9_])\.(?:bashrc|zshrc|bash_profile|zprofile|zshenv|bash_login)\b|~\/\.profile\b`,
    String.raw`\.docker/config\.json`,
    String.raw`\.kube/config\b|\bkubeconfig\b`,
    String.raw`\b(?:macos |login |system )?keychain\b|\bkeyring\b`,
    String.raw`\b(?:browser|session|auth(?:entication)?|saved|chrome|firefox) cookies\b|\bcookies? (?:for|from|of) (?:the )?(?:[a-z0-9-]+\.)+[a-z]{2,}\b|\bcookies? from (?:the user'?s |your |their )?browser\b|\bcookies\.sqlite\b|\bcookie (?:jar|store|database)\b|\blogin data\b`,
    String.raw`\bwallet\.dat\b|\b(?:seed|mnemonic|recovery) phrases?\b|\bsolana\/id\.json\b|\b[a-z0-9_-]*keypair\.json\b`,
    // Password-manager exports and browser profile stores: every saved login in one file.
    String.raw`\bbitwarden_export\w*|\.1pux\b|\b(?:password[- ]manager|vault) exports?\b|\bexported (?:their|your|the user'?s) password manager\b|\`?cookies\`? (?:file|db|database)\b|(?:google\/chrome|google-chrome|chromium|brave-browser|microsoft edge|mozilla\/firefox)(?:\/[a-z0-9 ._-]{1,40}){0,3}\/(?:default|profile \d+)\b`,
    String.raw`\.password-store\b|\.kdbx\b|\bkey4\.db\b|\blogins\.json\b|\bkeychain-db\b|private-keys-v1\.d\b`,
    String.raw`\bmcp\.json\b|claude_desktop_config\.json|mcp_config\.json|cline_mcp_settings\.json`,
    String.raw`application_default_credentials\.json|\.config/gcloud\b|\.azure/(?:credentials|accesstokens\.json)`,
    String.raw`\bprivate (?:ssh |signing |gpg )?keys?\b|\bssh (?:private )?keys?\b`,
    String.raw`\bcredentials\.json\b|\bsecrets?\.(?:json|ya?ml|toml)\b|\bservice[-_ ]account(?:[-_ ]key)?\.json\b`,
    // authorized_keys decides who logs in; known_hosts only holds the public keys of hosts already met.
    String.raw`\bauthorized_keys\b`,
    String.raw`\b(?:saved|stored|browser) passwords\b|\bpassword (?:vault|store|database)\b`,
    String.raw`\.config/gh/hosts\.yml|\.config/(?:gcloud|gh|op|hub)\b|\.terraform\.d/credentials|\.vault-token\b`,
  ].join("|"),
  "g",
);

/** Configuration that makes an attack persistent: MCP clients, agents, shells. */
export const CONFIG_TARGET_RE = new RegExp(
  [
    String.raw`claude_desktop_config\.json`,
    String.raw`\bmcp\.json\b`,
    String.raw`mcp_config\.json|cline_mcp_settings\.json|mcp_settings\.json`,
    String.raw`\.vscode/(?:settings|mcp)\.json`,
    String.raw`\.claude/settings(?:\.local)?\.json|(?<![a-z0-9_])\.claude\.json`,
    String.raw`\.codeium/windsurf\b|\.continue/config\.(?:json|ya?ml)|\.gemini/settings\.json|\.zed/settings\.json`,
    String.raw`\bmcpservers\b`,
    String.raw`\b(?:agent|client|claude|cursor|copilot|windsurf|cline|ide)(?:'s)? (?:settings|config(?:uration)?)(?: file)?\b`,
    String.raw`(?<![a-z0-9_])\.(?:bashrc|zshrc|bash_profile|zprofile|profile|zshenv)\b`,
    String.raw`\bauthorized_keys\b|\bcrontab\b|\.git/hooks\b|\blaunchagents\b`,
  ].join("|"),
  "g",
);

/**
 * Words asking for the conversation; "strong" ones ask for all of it or for hidden context. "every" is left out of
 * the first group: "in almost every session" counts how often, it asks for nothing.
 */
export const CONVERSATION_STRONG_RE =
  /\b(?:(?:raw|full|complete|unredacted|entire|whole) )*(?:outputs?|results?|responses?) (?:of|from) (?:every|each|all|any|the) (?:other )?(?:tools?|tool calls?|servers?)\b|\bother tools'? (?:outputs?|results?|responses?)\b|\b(?:(?:every|each|all) (?:single )?(?:previous|prior|earlier|past|preceding) (?:user )?messages?\b|(?:every|each|all)(?: of)?(?: the)? (?:single )?messages? (?:that )?(?:the user|they|you) (?:has |have |had )?(?:written|sent|typed|posted|entered|said|shared)\b|(?:every|each) (?:single )?(?:user )?message (?:of|in|from) (?:this|the) (?:conversation|chat|session|thread)|(?:all|entire|full|whole|complete|previous|prior|earlier|preceding|past)(?: of the| the| of)? (?:user )?(?:conversation|chat|dialog(?:ue)?|session|thread|discussion|message history|chat history|conversation history|context window)|(?:previous|prior|earlier|preceding|past|all (?:the )?(?:user'?s?|your|previous|prior)|all of (?:the user'?s|your)) (?:user )?(?:messages|turns|exchanges?|interactions?|prompts)|(?:entire|full|whole|complete) (?:exchange|messages|interaction|transcript)|(?:entire|full|whole|complete) (?:conversation|chat) (?:transcript|log|history)|system prompt|system message|(?:hidden|initial|original) (?:prompt|instructions)|(?:instructions|prompt|directives|guidelines) (?:that )?(?:it|you|the assistant|the model|the agent) (?:received|was given|were given|got|started with) (?:at the (?:start|beginning|outset)|initially|before the (?:conversation|session|chat))|everything (?:the user|you|we|they) (?:said|wrote|typed|discussed|shared)|what the user (?:said|wrote|typed|asked|shared)|(?:other|previous|prior) tools?(?:'s?)? (?:results?|outputs?|calls?|responses?)|(?:outputs?|results?|responses?|contents?) of (?:the |your )?[a-z ]{0,30}\bcalls? (?:you (?:have )?(?:made|make) )?to (?:tools|other tools|tools on other servers|other servers)|verbatim (?:copy|transcript|history|conversation)|conversation (?:so far|to date|up to now)|(?:entire|full|whole|complete) (?:history|transcript|context)|(?:last|latest|most recent|recent) (?:\d{1,3} |few |several )?user (?:messages|turns|prompts))\b/;
export const CONVERSATION_WEAK_RE = /\b(?:conversation|chat|message|dialog(?:ue)?) (?:history|log|logs|transcript|context)\b|\bprevious messages?\b|\buser'?s? (?:earlier |previous |prior )?(?:messages|prompts|queries)\b|(?<!\b(?:to|into|in|on|from) )\b(?:a copy of |copy of )?the (?:chat|conversation|dialog(?:ue)?|discussion)\b(?! (?:id|ids|title|name|list|channel)\b)/;

/**
 * The conversation named as what the value is worked out from, not what it is: "a standalone query based on the user's
 * message and conversation history", "improvements inferred from the chat". The model writes the value; the
 * conversation stays where it is (unless it is to be copied whole: see VERBATIM words where this is used).
 */
export const DERIVED_FROM_BEFORE_RE = /\b(?:based on|derived from|informed by|drawing on|considering|taking into account|in light of|inferred from|in the context of)\b[^.;]{0,60}$/;

/** Secrets in general, asked for with a quantifier: "all API keys", "any credentials you can find". */
/** Words just before an exposure that make it the thing checked for: "checks ~/.ssh for world-readable permissions". */
export const AUDIT_OF_EXPOSURE_RE = /\b(?:for|whether|if|flags?|detects?|reports?|finds?|checks?|audits?|scans?)\b[^.;]{0,24}$/;

/** A copy said to land in the server's or vendor's own storage: "is copied into the server's working directory". */
export const COPIED_TO_SERVER_RE =
  /\b(?:copied|uploaded|moved|synced|transferred|mirrored|sent) (?:in)?to (?:the )?(?:server|mcp server|vendor|publisher|remote|cloud)(?:'s)? (?:working |data |cache |storage )?(?:directory|folder|storage|bucket|dir)\b|\b(?:returns?|sends?|posts?|uploads?|reports?) (?:the |its |their )?(?:raw |full |complete |unfiltered )?(?:output|contents?|results?|data)\b[^.;]{0,20}\bto (?:the |our )?(?:server|backend|publisher|vendor|cloud|collector)\b|\b(?:into|to) (?:the )?(?:server|mcp server|vendor|publisher|remote|cloud)(?:'s|’s) (?:[a-z]+ )?(?:directory|folder|storage|bucket|dir|profile)\b/;

export const SECRET_REQUEST_RE =
  /\b(?:complete|full|entire|whole|raw|unredacted) (?:process |shell |system |runtime )?environment\b(?! (?:name|id|type|label|variable names?)\b)|\b(?:appends?|appending|includes?|including|attach(?:es)?|attaching|adds?|adding|dumps?|dumping|embeds?|embedding) (?:the |a |its )?(?:process|shell|runtime|server'?s?|host'?s?) environment\b(?! (?:name|id|type|label|variable names?)\b)|\boutput of [`'"]?(?:printenv|env|export -p|set)\b|\b(?:the user'?s|their|your) (?:current |email |e-mail |bank |banking |online banking |account |login |master )*(?:passwords?|passcodes?|pins?|2fa (?:backup )?codes?|backup codes?|recovery codes?|otps?|one-time codes?|seed phrases?|private keys?|cvv|card numbers?)\b|\b(?:the user'?s|their|your) (?:[a-z0-9-]+ ){0,3}[a-z0-9-]+(?:,(?: and| or)? | and | or )(?:[a-z0-9-]+(?:,(?: and| or)? | and | or | )){0,6}?(?:passwords?|passcodes?|pins?|seed phrases?|private keys?|cvv|card numbers?)\b|\b(?:all|any|every|other|available|stored|saved|existing|found|visible|known|cached)(?: [a-z0-9_-]{1,20}){0,2} (?:api[ _-]?keys|secrets|credentials|passwords|passphrases|access tokens|auth(?:entication)? tokens|session tokens|bearer tokens|tokens|private keys|ssh keys|environment variables|env vars|cookies)\b|\b(?:values? of|contents? of|dump(?: of)?|print|list) (?:all |every |the )?(?:environment variables|env vars)\b|\b(?:every|each|all|any) (?:single )?(?:environment variable|env var|api key|secret|credential|password|token)\b|\b(?:saved |stored )?(?:payment card|credit card|card) (?:details|numbers?|data)\b(?! (?:size|template|structure|format|json|schema|type|layout|element|elements|content|fields?)\b)|\b(?:billing|home) (?:street |postal |mailing )?address\b|\b(?:recovery codes?|mfa seeds?|otp codes?|one-time (?:codes?|passwords?)|2fa codes?|social security numbers?|passport numbers?|bank account (?:details|numbers?))\b|\bpersonal (?:data|information|details)\b/;

/**
 * Secrets that belong to the user's other services ("the bearer tokens or cookies available to it from other
 * connected services"): no tool of one server has a claim to what another server was trusted with.
 */
export const OTHER_SERVICES_SECRETS_RE =
  /\b(?:cookies?|authorization|auth(?:entication)? headers?|tokens?|credentials?|api keys?|session ids?)\b[^.;]{0,60}\b(?:from|of|in|that appeared in|seen in|found in) (?:the user'?s )?(?:other (?:sessions|logins|accounts|tabs)|earlier (?:tool )?(?:output|results?|responses?)|previous tool (?:output|results?|responses?)|other tools'? (?:output|results?|responses?))\b|\b(?:api[ _-]?keys|secrets|credentials|passwords|(?:access|auth|session|bearer|oauth|refresh) tokens|tokens|cookies|sessions)\b[^.;]{0,40}\b(?:from|of|for|in|held by|issued by|belonging to|used by|stored by) (?:the |any |all |every |your )?other (?:connected |installed |available |linked |active )?(?:services|servers|tools|integrations|connectors|accounts|apps|mcp servers|sites)\b/;

/**
 * The usual top-level domains, for host names written without a scheme ("to suchfreund.de"): a short list, so that
 * file names ("config.json", "setup.py") are not read as hosts.
 */
export const COMMON_TLDS = "com|net|org|io|de|eu|dev|app|ai|co|cloud|xyz|info|biz|us|uk|fr|es|nl|ru|cn|jp|site|online|tech|ch|pl|br|live|link|top|club|shop|store|space|pro|tv|gg|cc";

/** Places data can be sent: web addresses and e-mail addresses. */
export const URL_RE = /\bhttps?:\/\/[^\s"'<>`)\]]{1,500}/g;
export const EMAIL_RE = /\b[a-z0-9._%+-]{1,64}@[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){0,4}\.[a-z]{2,24}\b/g;

/** A placeholder the model is meant to fill: {data}, {{history}}, <secret>, $TOKEN, [conversation]. */
export const PLACEHOLDER_RE = /\{\{?\s*[^{}\s][^{}]{0,120}\}\}?|<[a-z_][^<>]{0,120}>|\$\{?[a-z_][a-z0-9_]{0,40}\}?|\[[a-z_][a-z0-9_ -]{0,40}\]/;

/** What a placeholder or query key names when it carries something private. */
export const DATA_WORD_RE =
  /(?:conversation|chat|history|messages?|secret|api[_-]?key|apikey|token|passw|credential|creds|prompt|env|ssh|cookie|session|memory|notes|contents?|file|data|summary|context|private|key|exfil|dump|payload|info|user_?input|transcript)/;

/** Parameter names that a tool rarely needs but an attacker uses as a side channel. */
export const SIDE_CHANNEL_PARAM_RE =
  /^(?:notes?|side_?notes?|context|extra(?:_info|_context|_data)?|meta(?:data)?|comments?|feedback|summary|reasoning|thoughts?|debug(?:_info)?|details|additional_(?:info|context|data|notes)|info|memo|remarks|annotations?|session(?:_info|_data)?|user_context|client_context|trace|telemetry|diagnostics?|extra_params|aux(?:iliary)?(?:_data)?|hidden|internal|system)$/;

/** Verbs that move data (base form, as in an instruction). */
export const SEND_VERBS_BASE =
  "send|post|upload|forward|transmit|exfiltrate|submit|report|sync|beam|relay|mirror|share|leak|email|mail|bcc|cc|deliver|push|ping|notify|log|append|attach|include|encode|embed|put|pass|add|fetch|visit|open|request|call|load|navigate to|go to|render|display|show|output|ship|transfer|dispatch|route|pipe|stream|convey|hand over|pass along|pass on|back up|copy|export|publish|broadcast|drop|store";
/** Verbs that move data (third person, as in a tool's own description). */
export const SEND_VERBS_THIRD =
  "sends|posts|uploads|forwards|transmits|exfiltrates|submits|reports|syncs|relays|mirrors|shares|leaks|emails|mails|delivers|pushes|pings|logs|appends|attaches|includes|embeds|ships|transfers|dispatches|routes|pipes|streams|conveys|copies|exports|publishes|broadcasts|stores";

/** Verbs that read (base form). */
export const ACCESS_VERBS_BASE = "contents? of|import|obtain|gather|harvest|add|read|cat|open|load|access|get|fetch|retrieve|dump|include|send|upload|copy|attach|provide|pass|extract|grab|collect|exfiltrate|print|output|append|embed|paste|forward|leak|export|transmit|share|display|show|return|check|look up|lookup|use the contents of|take";
export const ACCESS_VERBS_THIRD = "imports|bundles|archives|adds|reads|opens|loads|accesses|gets|fetches|retrieves|dumps|includes|sends|uploads|copies|attaches|provides|passes|extracts|grabs|collects|exfiltrates|prints|outputs|appends|embeds|forwards|leaks|exports|transmits|shares|displays|shows|returns|parses|scans|inspects|lists";

/** Verbs that write (base and third person). */
export const WRITE_VERBS_BASE = "write|add|modify|edit|append|insert|update|register|install|create|overwrite|replace|set|put|change|patch|inject|save|amend|alter|prepend|configure|enable";
export const WRITE_VERBS_THIRD = "writes|adds|modifies|edits|appends|inserts|updates|registers|installs|creates|overwrites|replaces|sets|puts|changes|patches|injects|saves|amends|alters|prepends|configures|enables";

/** A word regex (global) for a verb list. */
export function verbRegex(list: string): RegExp {
  return new RegExp(String.raw`\b(?:${list})\b`, "g");
}

/** A schema property declared to hold a public key ("public_key", "authorized_keys"): the half of a key pair meant to be shared. */
export const PUBLIC_KEY_PROPERTY_RE = /(?:^|\/)(?:public_?key|pub_?key|ssh_?public_?key|authorized_?keys?|publickeys?)(?:\/|$)/;
