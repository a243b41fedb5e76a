import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { createIoredisScriptRunner } from "@/lib/http/rate-limit/ioredis-script-runner";

const sha1 = (s: string) => createHash("sha1").update(s).digest("hex");
const SCRIPT = "#!lua flags=allow-key-locking\n  local key = KEYS[1]\n  return redis.call('INCRBY', key, ARGV[1])\n";
const STRIPPED = "  local key = KEYS[1]\n  return redis.call('INCRBY', key, ARGV[1])\n";

/** Records what would reach Redis; knows the scripts it has been sent, as Redis does, and refuses shebang flags as Redis 7.0 does. */
function fakeClient() {
  const cached = new Set<string>();
  const calls: { command: string; first: string; args: unknown[] }[] = [];
  const client = {
    async eval(script: string, numKeys: number, ...rest: unknown[]) {
      calls.push({ command: "eval", first: script, args: [numKeys, ...rest] });
      if (script.startsWith("#!")) throw new Error("ERR Unexpected flag in script shebang: allow-key-locking");
      cached.add(sha1(script));
      return [1, 5];
    },
    async evalsha(sha: string, numKeys: number, ...rest: unknown[]) {
      calls.push({ command: "evalsha", first: sha, args: [numKeys, ...rest] });
      if (!cached.has(sha)) throw new Error("NOSCRIPT No matching script. Please use EVAL.");
      return [2, 5];
    },
  };
  return { client: client as unknown as Redis, calls, cached };
}

describe("ioredis adapter", () => {
  it("strips the shebang line before EVAL and passes keys and arguments as Redis expects", async () => {
    const { client, calls } = fakeClient();
    const runner = createIoredisScriptRunner(client);
    await expect(runner.eval(SCRIPT, ["k1"], [1, null, "x"])).resolves.toEqual([1, 5]);
    expect(calls).toEqual([{ command: "eval", first: STRIPPED, args: [1, "k1", 1, "", "x"] }]);
  });

  it("answers the library's EVALSHA with the SHA of the script Redis actually cached", async () => {
    const { client, calls } = fakeClient();
    const runner = createIoredisScriptRunner(client);
    // First contact: Redis does not know the library's SHA, the library falls back to EVAL.
    await expect(runner.evalsha(sha1(SCRIPT), ["k"], [1])).rejects.toThrow(/NOSCRIPT/);
    await runner.eval(SCRIPT, ["k"], [1]);
    await expect(runner.evalsha(sha1(SCRIPT), ["k"], [1])).resolves.toEqual([2, 5]);
    expect(calls.at(-1)).toEqual({ command: "evalsha", first: sha1(STRIPPED), args: [1, "k", 1] });
  });

  it("falls back to EVAL of the stripped script when Redis forgot it (restart, SCRIPT FLUSH)", async () => {
    const { client, calls, cached } = fakeClient();
    const runner = createIoredisScriptRunner(client);
    await runner.eval(SCRIPT, ["k"], [1]);
    cached.clear();
    await expect(runner.evalsha(sha1(SCRIPT), ["k"], [1])).resolves.toEqual([1, 5]);
    expect(calls.slice(-2).map((c) => [c.command, c.first])).toEqual([
      ["evalsha", sha1(STRIPPED)],
      ["eval", STRIPPED],
    ]);
  });
});
