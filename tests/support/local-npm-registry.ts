import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

/**
 * A throwaway npm registry for tests: verdaccio on a free loopback port,
 * with a temporary storage directory and NO uplinks, so no request can ever
 * leave loopback (a package it does not hold is a 404, never a proxy to the
 * public registry). Fixture packages (tests/fixtures/packages) are published
 * with the real `npm publish`, as a user created through the registry's
 * CouchDB-style user endpoint.
 */

export const FIXTURE_PACKAGES_DIR = path.resolve(import.meta.dirname, "../fixtures/packages");
const VERDACCIO = path.resolve(import.meta.dirname, "../../node_modules/verdaccio/build/index.mjs");

/**
 * verdaccio's command line refuses Node 20 (its CLI checks for 22); its
 * programmatic runServer works on 20, so the child starts it that way.
 */
function serverScript(configFile: string, port: number): string {
  return [
    `import { runServer } from ${JSON.stringify(VERDACCIO)};`,
    `const app = await runServer(${JSON.stringify(configFile)});`,
    `app.listen(${port}, "127.0.0.1");`,
  ].join("\n");
}

export interface LocalNpmRegistry {
  /** http://127.0.0.1:<port>/ */
  url: string;
  /** A userconfig file carrying the publish token. */
  userconfig: string;
  publish(dir: string): Promise<void>;
  /** Publishes a fixture from tests/fixtures/packages, optionally padded with random bytes (not compressible). */
  publishFixture(name: string, options?: { paddingBytes?: number }): Promise<void>;
  stop(): Promise<void>;
}

function config(storage: string, htpasswd: string): string {
  return [
    `storage: ${JSON.stringify(storage)}`,
    "auth:",
    "  htpasswd:",
    `    file: ${JSON.stringify(htpasswd)}`,
    "    max_users: 100",
    "uplinks: {}",
    "packages:",
    "  '**':",
    "    access: $all",
    "    publish: $authenticated",
    "    unpublish: $authenticated",
    "publish:",
    "  allow_offline: true",
    "middlewares: {}",
    "web:",
    "  enable: false",
    "max_body_size: 100mb",
    "log: { type: stdout, format: pretty, level: error }",
    "",
  ].join("\n");
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`verdaccio exited (${child.exitCode}): ${output()}`);
    try {
      const res = await fetch(new URL("-/ping", url), { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`verdaccio did not start: ${output()}`);
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} failed (${code}): ${output.slice(-2000)}`))));
  });
}

export async function startLocalNpmRegistry(): Promise<LocalNpmRegistry> {
  const root = await mkdtemp(path.join(os.tmpdir(), "verdaccio-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const configFile = path.join(root, "config.yaml");
  await writeFile(configFile, config(path.join(root, "storage"), path.join(root, "htpasswd")));
  const child = spawn(process.execPath, ["--input-type=module", "-e", serverScript(configFile, port)], {
    cwd: root,
    env: { NODE_ENV: "production", PATH: process.env.PATH, HOME: root },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (c: Buffer) => (output = (output + c.toString()).slice(-4000)));
  child.stderr?.on("data", (c: Buffer) => (output = (output + c.toString()).slice(-4000)));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    await rm(root, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(url, child, () => output);
    const user = "fixture-publisher";
    const res = await fetch(new URL(`-/user/org.couchdb.user:${user}`, url), {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ _id: `org.couchdb.user:${user}`, name: user, password: randomBytes(12).toString("hex"), type: "user", roles: [], date: new Date().toISOString() }),
    });
    const { token } = (await res.json()) as { token?: string };
    if (!res.ok || !token) throw new Error(`verdaccio refused the user (${res.status})`);
    const userconfig = path.join(root, "npmrc");
    await writeFile(userconfig, `registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\n`);
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: "production",
      PATH: process.env.PATH,
      HOME: root,
      npm_config_cache: path.join(root, "npm-cache"),
      npm_config_userconfig: userconfig,
      npm_config_update_notifier: "false",
    };
    const publish = (dir: string) => run("npm", ["publish", "--registry", url, "--userconfig", userconfig, "--ignore-scripts", "--provenance=false"], dir, env);
    const publishFixture = async (name: string, options: { paddingBytes?: number } = {}) => {
      // Publish from a copy: the fixture tree stays untouched, and padding is never written into it.
      const copy = path.join(root, "publish", name);
      await cp(path.join(FIXTURE_PACKAGES_DIR, name), copy, { recursive: true });
      if (options.paddingBytes) await writeFile(path.join(copy, "padding.bin"), randomBytes(options.paddingBytes));
      await publish(copy);
    };
    return { url, userconfig, publish, publishFixture, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
