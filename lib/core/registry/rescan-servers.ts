import type { RegistryStore } from "./registry-store";
import { scanServer, type ScanServerDeps } from "./scan-server";

export interface RescanProgress {
  done: number;
  total: number;
  completed: number;
  partial: number;
  unreachable: number;
  refused: number;
}

/**
 * Scans imported-but-unscanned servers and servers whose last verdict is
 * older than `staleBefore`, `concurrency` at a time. One server's failure
 * (a refused target, a crash) is counted and never stops the run.
 */
export async function rescanServers(
  deps: ScanServerDeps & { store: RegistryStore },
  options: { staleBefore: Date; concurrency: number; limit?: number; onProgress?: (p: RescanProgress) => void },
): Promise<RescanProgress> {
  const targets = await deps.store.listServersToScan({ staleBefore: options.staleBefore, limit: options.limit ?? 100_000 });
  const progress: RescanProgress = { done: 0, total: targets.length, completed: 0, partial: 0, unreachable: 0, refused: 0 };
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const target = targets[next++];
      try {
        const { outcome } = await scanServer(deps, target.url, "rescan");
        progress[outcome.status] += 1;
      } catch {
        progress.refused += 1;
      }
      progress.done += 1;
      options.onProgress?.({ ...progress });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  return progress;
}
