import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provideAppServices } from "@/lib/services/app-services";
import * as healthRoute from "@/app/api/health/route";
import { databaseKind, openTestServices, type TestServices } from "../support/test-services";

describe(`GET /api/health on ${databaseKind()}`, () => {
  let services: TestServices;
  beforeAll(async () => {
    services = await openTestServices();
    provideAppServices(services);
  });
  afterAll(async () => services?.close().catch(() => {}));

  it("answers ok while the database answers", async () => {
    const response = await healthRoute.GET();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("answers 503 with an ErrorResponse when the database does not", async () => {
    await services.database.close();
    const response = await healthRoute.GET();
    expect(response.status).toBe(503);
    const body = await response.json();
    expect(body).toEqual({ error: "service_unavailable", message: expect.any(String) });
    expect(JSON.stringify(body)).not.toMatch(/Error:|at |select/);
  });
});
