import { z } from "zod";
import type { ScanHistoryEntryView, ServerDetailView, ServerSummaryView } from "@/lib/core/registry/server-views";
import { certificationStatusSchema, gradeSchema, trustLabelSchema, type Expect, type IsSameType } from "./common";

export const serverSummarySchema = z
  .object({
    url: z.url().describe("Server URL, normalized."),
    name: z.string(),
    publisherName: z.string(),
    trustScore: z.number().min(0).max(100).describe("0 to 100: the sum of the seven factor points."),
    grade: gradeSchema,
    trustLabel: trustLabelSchema,
    trustSummary: z.string().describe("What most affected the result."),
    certificationStatus: certificationStatusSchema,
    lastScanned: z.iso.datetime().describe("Time of the last scan that produced a verdict."),
  })
  .meta({ id: "ServerSummary" });

export const scanHistoryEntrySchema = z
  .object({
    scanId: z.string(),
    scannedAt: z.iso.datetime(),
    status: z.enum(["completed", "partial", "unreachable"]),
    trustScore: z.number().nullable(),
    grade: gradeSchema.nullable(),
    toolCount: z.number().int(),
    resourceCount: z.number().int(),
    toolsHash: z.string().nullable(),
    changes: z
      .object({ added: z.array(z.string()), removed: z.array(z.string()), changed: z.array(z.string()) })
      .nullable()
      .describe("Tool definitions added, removed or changed since the previous completed scan."),
  })
  .meta({ id: "ScanHistoryEntry" });

export const serverDetailSchema = serverSummarySchema
  .extend({
    findingsSummary: z.string(),
    scanCount: z.number().int(),
    transportType: z.string().describe("streamable-http, sse or http."),
    scanType: z.string().describe("remote: the server was scanned over the network."),
    packageName: z.string().optional().describe("Package identifier (npm, PyPI…); left out when none is known."),
    repositoryUrl: z.url().optional().describe("Source repository URL; left out when none is known."),
    lastScanHistory: z.array(scanHistoryEntrySchema).max(20).describe("Newest first, at most 20."),
  })
  .meta({ id: "ServerDetail" });

export type ServerSummary = z.infer<typeof serverSummarySchema>;
export type ServerDetail = z.infer<typeof serverDetailSchema>;
export type ScanHistoryEntry = z.infer<typeof scanHistoryEntrySchema>;

/** The core's projections (lib/core/registry/server-views.ts) are exactly these shapes. */
type _Agree = [
  Expect<IsSameType<ServerSummary, ServerSummaryView>>,
  Expect<IsSameType<ScanHistoryEntry, ScanHistoryEntryView>>,
  Expect<IsSameType<ServerDetail, ServerDetailView>>,
];
