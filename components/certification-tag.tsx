import type { CertificationStatus } from "@/lib/core/grades";

const WORDS: Record<CertificationStatus, string> = {
  none: "Not certified",
  standard: "Certified: standard",
  premium: "Certified: premium",
};

/** Certification state in words (spec 3); a tick only for certified servers. */
export function CertificationTag({ status }: { status: CertificationStatus }) {
  return (
    <span className={`cert-tag cert-${status}`}>
      {status !== "none" ? <span aria-hidden="true">✓ </span> : null}
      {WORDS[status]}
    </span>
  );
}
