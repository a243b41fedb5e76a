import { runScan, type RunScanOptions } from "@/lib/core/scanning/run-scan";
import { UNKNOWN_SERVER_CONTEXT } from "@/lib/core/scanning/scan-outcome";
import type { CorpusDefinition } from "./corpus";
import { recordFromOutcome, type ServerRecord } from "./measure-detection";
import { startCorpusServer, type CorpusServer } from "./serve-corpus";

/**
 * Serves the definitions on loopback and scans each one with the registry's
 * real scanner (runScan, loopback the only private range allowed, the context
 * of a server the registry has never seen). Rug pulls are scanned twice: the
 * second scan, which knows the first one's tool hashes, is the verdict.
 */

export interface ScanCorpusOptions {
  /** Scans in flight at once (default 4). */
  concurrency?: number;
  /** Deadline of one scan (the scanner's default otherwise). */
  deadlineMs?: number;
  /** Called after each definition is done. */
  onProgress?: (done: number, total: number) => void;
}

const LOOPBACK_ONLY = ["127.0.0.0/8", "::1/128"] as const;

async function scanDefinition(def: CorpusDefinition, index: number, server: CorpusServer, scanOptions: RunScanOptions): Promise<ServerRecord> {
  const url = server.urlFor(index);
  try {
    const first = await runScan(url, UNKNOWN_SERVER_CONTEXT, scanOptions);
    if (!def.toolsAfter) return recordFromOutcome(def, first);
    server.pullTheRug(index);
    const previousToolHashes = first.status === "unreachable" ? null : first.toolHashes;
    const second = await runScan(url, { ...UNKNOWN_SERVER_CONTEXT, previousToolHashes }, scanOptions);
    return recordFromOutcome(def, second, first);
  } catch (error) {
    return {
      id: def.id,
      serverName: def.serverName,
      verdict: def.verdict,
      attack: def.attack,
      grade: null,
      score: null,
      status: "error",
      findings: [],
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

/** One record per definition, in input order. */
export async function scanCorpus(defs: readonly CorpusDefinition[], options: ScanCorpusOptions = {}): Promise<ServerRecord[]> {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 4));
  const scanOptions: RunScanOptions = { allowPrivateTargets: false, allowedRanges: LOOPBACK_ONLY, deadlineMs: options.deadlineMs };
  const server = await startCorpusServer(defs);
  const records: ServerRecord[] = new Array(defs.length);
  let next = 0;
  let done = 0;
  try {
    const worker = async (): Promise<void> => {
      while (next < defs.length) {
        const index = next++;
        records[index] = await scanDefinition(defs[index], index, server, scanOptions);
        options.onProgress?.(++done, defs.length);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, defs.length) }, worker));
  } finally {
    await server.close();
  }
  return records;
}
