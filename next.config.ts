import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native/WASM and Node-only packages are loaded from node_modules at run time, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "undici", "ioredis", "opentype.js"],
  poweredByHeader: false,
  reactStrictMode: true,
  // The build type-checks the app only; tests and scripts are checked by `npm run typecheck`.
  typescript: { ignoreBuildErrors: false, tsconfigPath: "tsconfig.next.json" },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
    ];
  },
};

export default nextConfig;
