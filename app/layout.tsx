import type { Metadata } from "next";
import type { ReactNode } from "react";

export const metadata: Metadata = {
  title: { default: "MCP Trust Registry", template: "%s · MCP Trust Registry" },
  description: "Trust scores, grades and findings for MCP servers, from real scans.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
