import { readJsonBody, startHttpFixture, type FixtureHandle } from "../../fixtures/harness/http-fixture";
import { answerStatelessPost, type BuildServer } from "../../fixtures/harness/mcp-fixture";

/**
 * A Streamable HTTP fixture (like the harness's) that waits before each
 * answer, so a scan takes long enough for the browser test to see the scan
 * page's progress state.
 */
export function startSlowFixture(build: BuildServer, delayMs: number): Promise<FixtureHandle> {
  return startHttpFixture(async (req, res) => {
    if (new URL(req.url ?? "/", "http://fixture").pathname !== "/mcp") {
      res.writeHead(404).end();
      return;
    }
    if (req.method !== "POST") {
      res.writeHead(405, { allow: "POST" }).end();
      return;
    }
    const body = await readJsonBody(req);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await answerStatelessPost(build(), req, res, body);
  });
}
