import type { CertificationStore } from "./certification-store";
import { expireCertification } from "./expire-certification";

/**
 * Expires every approval past its date (`npm run certify -- expire`, and
 * before the operator's list), so a server's certificationStatus does not
 * outlive its certificate just because nobody looked at the application.
 * Answers how many expired.
 */
export async function expireDueCertifications(store: CertificationStore, now: Date = new Date()): Promise<number> {
  let expired = 0;
  for (;;) {
    const due = await store.listDueExpirations(now, 100);
    for (const id of due) {
      const after = await expireCertification(store, id, now);
      if (after?.status === "expired") expired++;
    }
    if (due.length < 100) return expired;
  }
}
