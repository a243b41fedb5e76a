import type { CertificationStatus, Grade } from "../grades";

/** The tiers' floors (docs/certification.md#approval): standard needs a latest grade of C or better, premium B or better. */
export const CERTIFICATION_FLOOR: Record<Exclude<CertificationStatus, "none">, Grade> = {
  standard: "C",
  premium: "B",
};
