import type { FactorKey } from "@/lib/core/scoring/factors";

/** The seven factors in words (docs/scoring.md#score): the name a reader sees and the question it answers. */
export const FACTOR_LABELS: Record<FactorKey, { name: string; question: string }> = {
  declarationAccuracy: { name: "Declaration accuracy", question: "Does the server honestly declare tools, resources and permissions?" },
  permissionMinimality: { name: "Permission minimality", question: "Does it request only the permissions it needs?" },
  networkBehavior: { name: "Network behavior", question: "Are outbound connections declared and minimal?" },
  codeTransparency: { name: "Code transparency", question: "Is the code open-source or audited?" },
  publisherReputation: { name: "Publisher reputation", question: "Is the publisher a known, reputable entity?" },
  transportSecurity: { name: "Transport security", question: "Does it use HTTPS with modern TLS?" },
  threatMatch: { name: "Threat match", question: "Does it avoid known malicious patterns?" },
};
