import { MONITOR_EVENTS_FD } from "./bubblewrap";

/**
 * The preload every Node process in the sandbox runs first (NODE_OPTIONS
 * --require, so the server's own node children run it too). It records what
 * the server attempts (connections, DNS, HTTP, fetch, writes outside /tmp,
 * process spawns) as one JSON line per attempt on fd MONITOR_EVENTS_FD, a pipe
 * the host reads, and then lets the call proceed unchanged: the sandbox is
 * what refuses, the monitor only watches, so the server fails the way it
 * would anywhere without network.
 *
 * It runs inside the server's process, where the server can undo it (restore
 * the originals, close the fd, write lines of its own, use process.binding).
 * What it records is evidence that an attempt was made, never proof that none
 * was: an empty record means "nothing seen", not "nothing tried".
 *
 * Only the outermost wrapped call of a synchronous chain records (http.get →
 * socket.connect, exec → execFile), so one attempt is one line. It is shipped
 * as a string (written into the sandbox through bwrap's --ro-bind-data) so it
 * works however this module was bundled.
 */
export const MONITOR_SOURCE = String.raw`"use strict";
(() => {
  const fs = require("fs");
  const path = require("path");
  const { fileURLToPath } = require("url");
  const writeSync = fs.writeSync;
  const MAX_EVENTS = 1000;
  let recorded = 0;
  let depth = 0;
  const cut = (value) => String(value).slice(0, 500);
  const record = (event) => {
    if (recorded >= MAX_EVENTS) return;
    recorded++;
    try { writeSync(${MONITOR_EVENTS_FD}, JSON.stringify(event) + "\n"); } catch {}
  };
  const wrap = (owner, name, observe) => {
    const original = owner && owner[name];
    if (typeof original !== "function") return;
    const wrapped = function (...args) {
      if (depth === 0) { try { observe(args); } catch {} }
      depth++;
      try { return original.apply(this, args); } finally { depth--; }
    };
    for (const key of Reflect.ownKeys(original)) {
      if (!(key in wrapped)) { try { wrapped[key] = original[key]; } catch {} }
    }
    Object.defineProperty(wrapped, "name", { value: original.name });
    owner[name] = wrapped;
  };
  const port = (value) => (value === undefined || value === null || !Number.isFinite(Number(value)) ? null : Number(value));
  const fromUrl = (t, input) => {
    const url = new URL(typeof input === "object" && input !== null && "url" in input ? input.url : String(input));
    const defaults = { "http:": 80, "https:": 443, "ws:": 80, "wss:": 443 };
    record({ t, host: cut(url.hostname), port: port(url.port || defaults[url.protocol]) });
  };

  const net = require("net");
  wrap(net.Socket.prototype, "connect", (args) => {
    let a = Array.isArray(args[0]) ? args[0][0] : args[0];
    if (a && typeof a === "object") {
      if (typeof a.path === "string") return record({ t: "connect", host: cut(a.path), port: null });
      return record({ t: "connect", host: cut(a.host || "localhost"), port: port(a.port) });
    }
    if (typeof a === "string" && !/^\d+$/.test(a)) return record({ t: "connect", host: cut(a), port: null });
    record({ t: "connect", host: cut(typeof args[1] === "string" ? args[1] : "localhost"), port: port(a) });
  });
  const dgram = require("dgram");
  wrap(dgram.Socket.prototype, "send", (args) => {
    const at = typeof args[1] === "number" && typeof args[2] === "number" && typeof args[3] === "number" ? 3 : 1;
    record({ t: "connect", host: cut(typeof args[at + 1] === "string" ? args[at + 1] : "localhost"), port: port(args[at]) });
  });
  const dns = require("dns");
  for (const owner of [dns, dns.promises]) {
    for (const name of ["lookup", "resolve", "resolve4", "resolve6", "resolveAny", "resolveTxt"]) {
      wrap(owner, name, (args) => record({ t: "dns", host: cut(args[0]), port: null }));
    }
  }
  for (const [mod, fallback] of [["http", 80], ["https", 443]]) {
    const m = require(mod);
    for (const name of ["request", "get"]) {
      wrap(m, name, (args) => {
        const a = args[0];
        if (typeof a === "string" || a instanceof URL) return fromUrl("http", a);
        record({ t: "http", host: cut((a && (a.hostname || a.host)) || "localhost"), port: port((a && a.port) || fallback) });
      });
    }
  }
  if (typeof globalThis.fetch === "function") wrap(globalThis, "fetch", (args) => fromUrl("fetch", args[0]));

  const outsideTmp = (p) => {
    if (typeof p === "number") return null;
    const text = p instanceof URL ? fileURLToPath(p) : Buffer.isBuffer(p) ? p.toString() : String(p);
    const abs = path.resolve(text);
    return abs === "/tmp" || abs.startsWith("/tmp/") ? null : abs;
  };
  const { O_WRONLY, O_RDWR, O_CREAT, O_TRUNC, O_APPEND } = fs.constants;
  const writes = (flags) =>
    typeof flags === "number" ? (flags & (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND)) !== 0 : typeof flags === "string" && /[wa+]/.test(flags);
  const onWrite = (op, index) => (args) => {
    const at = outsideTmp(args[index]);
    if (at) record({ t: "write", op, path: cut(at) });
  };
  const firstPath = ["writeFile", "appendFile", "mkdir", "unlink", "rm", "rmdir", "truncate", "chmod", "chown", "utimes", "mkdtemp"];
  const secondPath = ["rename", "copyFile", "symlink", "link", "cp"];
  for (const owner of [fs, fs.promises]) {
    const sync = owner === fs ? ["", "Sync"] : [""];
    for (const suffix of sync) {
      for (const name of firstPath) wrap(owner, name + suffix, onWrite(name, 0));
      for (const name of secondPath) wrap(owner, name + suffix, onWrite(name, 1));
      wrap(owner, "open" + suffix, (args) => { if (writes(args[1])) onWrite("open", 0)(args); });
    }
  }

  const childProcess = require("child_process");
  for (const name of ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"]) {
    wrap(childProcess, name, (args) => record({ t: "spawn", op: name, command: cut(args[0]) }));
  }

  // ES modules import builtins through live bindings that only follow the CommonJS exports when told to.
  require("module").syncBuiltinESMExports();
})();
`;
