import { codeText, lineAt, lineExcerpt, type CodeText } from "./code-text";

/**
 * What one source file does, as far as patterns can tell: the raw signals
 * that the package rules weigh (rules/*.ts) and combine (a credential read
 * and a network send in the same file). Pure: text in, signals out.
 */

export interface Hit {
  line: number;
  /** The source line, trimmed and short (escaped later, with the finding). */
  excerpt: string;
  /** What matched (a path label, a URL, an API name). */
  value: string;
}

export interface FileSignals {
  childProcess: Hit[];
  eval: Hit[];
  functionCtor: Hit[];
  vm: Hit[];
  /** Calls that send something over the network (fetch, http.request, sockets, DNS, curl). */
  networkSends: Hit[];
  /** http(s)/ws(s) URL literals, every one (the rules filter). */
  urls: Hit[];
  /** Credential stores named in the code (value: the store). */
  credentialPaths: Hit[];
  /** `.env` files (dotenv): ordinary configuration. */
  dotenvPaths: Hit[];
  /** Serialising the whole environment (JSON.stringify(process.env)). */
  envDumps: Hit[];
  /** Walking the whole environment (Object.entries(process.env), for-in). */
  envWalks: Hit[];
  /** Names read as process.env.X / process.env["X"] / const { X } = process.env / os.environ["X"]. */
  envNames: { name: string; line: number }[];
  /** A decode (base64, hex, char codes) handed to eval, Function or vm within a statement or two. */
  decodedEval: Hit[];
}

const IMPORT = (mod: string) =>
  new RegExp(String.raw`\brequire\s*\(\s*['"\`](?:node:)?(?:${mod})['"\`]\s*\)|\bfrom\s*['"](?:node:)?(?:${mod})['"]|\bimport\s*\(\s*['"\`](?:node:)?(?:${mod})['"\`]\s*\)|\bimport\s+['"](?:node:)?(?:${mod})['"]`, "g");

const PATTERNS = {
  childProcess: [IMPORT("child_process"), /\bprocess\.binding\s*\(\s*['"]spawn_sync['"]\s*\)/g, /\bsubprocess\.(?:run|Popen|call|check_output)\s*\(|\bos\.system\s*\(/g],
  eval: [/(?<![.\w$])eval\s*\(/g, /\b(?:global|globalThis|window|self)\s*(?:\.\s*eval|\[\s*['"]eval['"]\s*\])\s*\(/g, /\(\s*0\s*,\s*eval\s*\)\s*\(/g],
  functionCtor: [/\bnew\s+Function\s*\(/g, /(?<![.\w$])Function\s*\(\s*['"`]/g, /\bconstructor\s*\(\s*['"`]return\b/g],
  vm: [IMPORT("vm"), /\bvm\.(?:runIn\w*Context|compileFunction|Script|SourceTextModule)\b/g],
  networkSends: [
    /(?<![.\w$])fetch\s*\(/g,
    /\b(?:https?|http2)\.(?:request|get|connect)\s*\(/g,
    /\b(?:net|tls)\.(?:connect|createConnection)\s*\(|\bnew\s+(?:net\.)?Socket\s*\(|\bdgram\.createSocket\s*\(/g,
    /\bdns\.(?:promises\.)?(?:resolve\w*|lookup)\s*\(/g,
    /\bnew\s+WebSocket\s*\(|\bXMLHttpRequest\b|\bnavigator\.sendBeacon\b/g,
    /\baxios(?:\.(?:post|get|put|request|patch))?\s*\(|\bgot(?:\.(?:post|get|put))?\s*\(|\bsuperagent\b|\bneedle\s*\(/g,
    /\bundici\.(?:request|fetch)\s*\(|\brequests\.(?:get|post|put)\s*\(|\burllib\.request\.urlopen\s*\(/g,
    /\b(?:curl|wget|nc|ncat|netcat|Invoke-WebRequest|Invoke-RestMethod)\s+-?[\w'"$]|\/dev\/(?:tcp|udp)\//g,
  ],
  urls: [/\b(?:https?|wss?):\/\/[^\s'"`<>()\\{}[\]|^]+/gi],
  envDumps: [
    // process.env itself (not process.env.X) inside a serialisation or a send, within one statement.
    /\bJSON\.stringify\s*\([^;]{0,200}?\bprocess\.env\b(?!\s*(?:\.|\[|\?\.))/g,
    /\b(?:post|put|send|write|end|request|fetch)\s*\([^;]{0,200}?\bprocess\.env\b(?!\s*(?:\.|\[|\?\.))/g,
    /\b(?:util\.)?inspect\s*\(\s*process\.env\b|\bnew\s+URLSearchParams\s*\(\s*process\.env\b|\bquerystring\.stringify\s*\(\s*process\.env\b/g,
    /\bprintenv\b|['"`;&]\s*env\s*[|>]|\bjson\.dumps\s*\(\s*(?:dict\s*\(\s*)?os\.environ\b/g,
  ],
  shellEnvDumps: [/\bprintenv\b|(?:^|[;&|(]\s*)env\s*(?:[|>]|$)/gm],
  envWalks: [/\bObject\.(?:entries|values)\s*\(\s*process\.env\s*\)|\bfor\s*\(\s*(?:const|let|var)\s+\w+\s+in\s+process\.env\s*\)|\bos\.environ\.items\s*\(/g],
  decodedEval: [
    /(?:(?<![.\w$])eval|\bFunction|\bvm\.runIn\w*Context|\bnew\s+vm\.Script)\s*\(\s*(?:[\w$.]+\s*\(\s*)?(?:atob|Buffer\.from|unescape|decodeURIComponent|String\.fromCharCode|\w+\.decode)\s*\(/g,
  ],
} satisfies Record<string, RegExp[]>;

/** Credential stores and how they are written in code (string literals or path pieces). */
const CREDENTIAL_STORES: { label: string; re: RegExp }[] = [
  { label: "~/.ssh", re: /['"`/\\]\.ssh(?:['"`/\\]|$)|\bid_(?:rsa|ed25519|ecdsa|dsa)\b|\bauthorized_keys\b|\bknown_hosts\b/g },
  { label: "~/.aws/credentials", re: /['"`/\\]\.aws(?:['"`/\\]|$)|\baws\/credentials\b/g },
  { label: "~/.npmrc", re: /['"`/\\]\.npmrc\b/g },
  { label: "~/.netrc", re: /['"`/\\][._]netrc\b/g },
  { label: "~/.git-credentials", re: /\.git-credentials\b/g },
  { label: "~/.config/gcloud", re: /gcloud['"`/\\]|application_default_credentials\.json/g },
  { label: "~/.kube/config", re: /['"`/\\]\.kube['"`/\\]/g },
  { label: "~/.docker/config.json", re: /['"`/\\]\.docker['"`/\\,\s]+['"`]?config\.json/g },
  { label: "~/.pypirc", re: /\.pypirc\b/g },
  { label: "keychain", re: /\bsecurity\s+(?:find|dump)-(?:generic-password|internet-password|keychain)|\.keychain(?:-db)?\b|\bKeychains['"`/\\]/g },
  { label: "browser profile", re: /Google[/\\]Chrome|BraveSoftware|\.mozilla[/\\]firefox|Firefox[/\\]Profiles|['"`]Login Data['"`]|\bcookies\.sqlite\b|['"`]Local State['"`]/g },
  { label: "crypto wallet", re: /\bwallet\.dat\b|\bExodus[/\\]|\bElectrum[/\\]wallets|\bnkbihfbeogaeaoehlefnkodbefgpgknn\b/g },
  { label: "/etc/shadow", re: /\/etc\/shadow\b/g },
  { label: "shell history", re: /['"`/\\]\.(?:bash|zsh)_history\b/g },
];
const DOTENV_RE = /['"`/\\]\.env(?:\.[\w-]+)?['"`]|\bdotenv\b/g;

const ENV_NAME_RES = [
  /\bprocess\.env\.([A-Za-z_][A-Za-z0-9_]*)/g,
  /\bprocess\.env\[\s*['"`]([A-Za-z_][A-Za-z0-9_]*)['"`]\s*\]/g,
  /\bos\.environ(?:\.get\s*\(\s*|\[\s*)['"]([A-Za-z_][A-Za-z0-9_]*)['"]/g,
  /\bos\.getenv\s*\(\s*['"]([A-Za-z_][A-Za-z0-9_]*)['"]/g,
];
const ENV_DESTRUCTURE_RE = /\{([^{}]{1,500})\}\s*=\s*process\.env\b/g;

const MAX_HITS = 50;

function collect(t: CodeText, res: RegExp[], value?: (m: RegExpExecArray) => string): Hit[] {
  const hits: Hit[] = [];
  // One hit per line and value: several patterns of a group can match the same call.
  const seen = new Set<string>();
  for (const re of res) {
    re.lastIndex = 0;
    for (let m = re.exec(t.code); m !== null && hits.length < MAX_HITS; m = re.exec(t.code)) {
      if (m[0].length === 0) re.lastIndex++;
      const line = lineAt(t, m.index);
      const v = value ? value(m) : m[0].trim();
      const key = value ? `${line}\0${v}` : String(line);
      if (seen.has(key)) continue;
      seen.add(key);
      hits.push({ line, excerpt: lineExcerpt(t, line, m.index), value: v });
    }
  }
  return hits.sort((a, b) => a.line - b.line);
}

function envNames(t: CodeText): { name: string; line: number }[] {
  const names: { name: string; line: number }[] = [];
  for (const re of ENV_NAME_RES) {
    re.lastIndex = 0;
    for (let m = re.exec(t.code); m !== null; m = re.exec(t.code)) names.push({ name: m[1], line: lineAt(t, m.index) });
  }
  ENV_DESTRUCTURE_RE.lastIndex = 0;
  for (let m = ENV_DESTRUCTURE_RE.exec(t.code); m !== null; m = ENV_DESTRUCTURE_RE.exec(t.code)) {
    for (const part of m[1].split(",")) {
      const name = /^\s*([A-Za-z_][A-Za-z0-9_]*)/.exec(part)?.[1];
      if (name) names.push({ name, line: lineAt(t, m.index) });
    }
  }
  return names;
}

export function languageOf(file: string): "js" | "shell" | "python" {
  if (/\.(?:sh|bash|zsh|ps1|cmd|bat)$/i.test(file)) return "shell";
  if (/\.py$/i.test(file)) return "python";
  return "js";
}

export function fileSignals(text: string, language: "js" | "shell" | "python" = "js"): FileSignals {
  const t = codeText(text, language);
  const credentialPaths: Hit[] = [];
  for (const store of CREDENTIAL_STORES) credentialPaths.push(...collect(t, [store.re], () => store.label));
  return {
    childProcess: collect(t, PATTERNS.childProcess),
    eval: collect(t, PATTERNS.eval),
    functionCtor: collect(t, PATTERNS.functionCtor),
    vm: collect(t, PATTERNS.vm),
    networkSends: collect(t, PATTERNS.networkSends),
    urls: collect(t, PATTERNS.urls, (m) => m[0].replace(/[.,;:]+$/, "")),
    credentialPaths: credentialPaths.sort((a, b) => a.line - b.line).slice(0, MAX_HITS),
    dotenvPaths: collect(t, [DOTENV_RE]),
    envDumps: collect(t, language === "shell" ? [...PATTERNS.envDumps, ...PATTERNS.shellEnvDumps] : PATTERNS.envDumps),
    envWalks: collect(t, PATTERNS.envWalks),
    envNames: envNames(t),
    decodedEval: collect(t, PATTERNS.decodedEval),
  };
}

/** The file reaches out and reads secrets: both halves of an exfiltration. */
export function readsSecrets(s: FileSignals): boolean {
  return s.envDumps.length > 0 || s.envWalks.length > 0 || s.credentialPaths.length > 0;
}
