import { createHash, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { openRateLimiter } from "@/lib/http/rate-limit/open-rate-limiter";
import type { RateLimiter } from "@/lib/http/rate-limit/create-rate-limiter";

const redisUrl = process.env.TEST_REDIS_URL;
const TOKEN = "test-upstash-token";

/**
 * There is no Upstash here, so this stands in for its REST API on loopback
 * (POST a command array with a bearer token, answer { result } or { error })
 * in front of the machine's real Redis. Upstash accepts the `#!lua flags=`
 * first line that Redis 7.0 rejects, so the stand-in strips it, as Upstash's
 * newer engine would accept it. What is under test is our side: the Upstash
 * client as configured by UPSTASH_REDIS_REST_URL/TOKEN, its EVALSHA→EVAL
 * fallback through the library, and the limiter's counts over it.
 */
function startUpstashStandIn(redis: Redis) {
  const scriptsBySha = new Map<string, string>();
  const commands: string[] = [];
  const server = http.createServer(async (req, res) => {
    const reply = (status: number, payload: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(payload));
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return reply(401, { error: "Unauthorized" });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown[];
    // /pipeline (the client's auto-pipelining) sends a list of commands and gets a list of replies.
    if (Array.isArray(body[0])) return reply(200, await Promise.all((body as (string | number)[][]).map(run)));
    const single = await run(body as (string | number)[]);
    return reply("error" in single ? 400 : 200, single);
  });
  async function run([command, ...args]: (string | number)[]): Promise<{ result: unknown } | { error: string }> {
    const name = String(command).toUpperCase();
    commands.push(name);
    try {
      if (name === "EVAL") {
        const script = String(args[0]);
        scriptsBySha.set(createHash("sha1").update(script).digest("hex"), script);
        return { result: await redis.call("EVAL", script.replace(/^#!lua[^\n]*\n/, ""), ...args.slice(1).map(String)) };
      }
      if (name === "EVALSHA") {
        const script = scriptsBySha.get(String(args[0]));
        if (!script) return { error: "NOSCRIPT No matching script. Please use EVAL." };
        return { result: await redis.call("EVAL", script.replace(/^#!lua[^\n]*\n/, ""), ...args.slice(1).map(String)) };
      }
      return { error: `ERR unknown command ${name}` };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }
  return { server, commands };
}

describe.skipIf(!redisUrl)("rate limits over the Upstash REST backend", () => {
  let redis: Redis;
  let standIn: ReturnType<typeof startUpstashStandIn>;
  let limiter: RateLimiter;

  beforeAll(async () => {
    redis = new Redis(redisUrl!);
    standIn = startUpstashStandIn(redis);
    await new Promise<void>((resolve) => standIn.server.listen(0, "127.0.0.1", resolve));
    const { port } = standIn.server.address() as AddressInfo;
    limiter = openRateLimiter(
      parseConfig({ UPSTASH_REDIS_REST_URL: `http://127.0.0.1:${port}`, UPSTASH_REDIS_REST_TOKEN: TOKEN }),
      { prefix: `upstash-test-${randomUUID()}`, timeoutMs: 2000 },
    );
  });
  afterAll(async () => {
    await limiter?.close();
    await new Promise((resolve) => standIn?.server.close(resolve));
    redis?.disconnect();
  });

  it("counts in Upstash and refuses the 6th scan of an hour", async () => {
    const verdicts = [];
    for (let i = 0; i < 6; i++) verdicts.push(await limiter.consume("scan", "203.0.113.50"));
    expect(verdicts.map((v) => [v.allowed, v.backend]), JSON.stringify(standIn.commands)).toEqual([true, true, true, true, true, false].map((a) => [a, "upstash"]));
    expect(verdicts.map((v) => v.remaining)).toEqual([4, 3, 2, 1, 0, 0]);
    expect(verdicts.every((v) => v.backend === "upstash")).toBe(true);
    expect(limiter.activeBackend()).toBe("upstash");
    // The library tries the cached script first and falls back to EVAL once.
    expect(standIn.commands).toContain("EVALSHA");
    expect(standIn.commands).toContain("EVAL");
    // Another address has its own quota.
    expect((await limiter.consume("scan", "203.0.113.51")).allowed).toBe(true);
  });
});
