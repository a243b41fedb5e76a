import { z } from "zod";
import { AppError } from "@/lib/core/errors";
import { scanServer } from "@/lib/core/registry/scan-server";
import { methodsNotAllowed, readJsonBody } from "@/lib/http/api-route";
import { apiRoute } from "@/lib/services/api-route";
import { jsonResponse } from "@/lib/http/responses";
import { toScanResponse } from "@/lib/schemas/scan";

export const dynamic = "force-dynamic";
// A scan may take up to its deadline (20 s by default) before it answers.
export const maxDuration = 60;

const bodySchema = z.object({ server_url: z.string().min(1) });

export const POST = apiRoute("scan", async ({ request, services }) => {
  const body = bodySchema.safeParse(await readJsonBody(request));
  if (!body.success) throw new AppError("invalid_url", "server_url: a server URL (http or https) is required.", { parameter: "server_url" });
  const result = await scanServer(services.scanner, body.data.server_url, "api");
  return jsonResponse(toScanResponse(result));
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
