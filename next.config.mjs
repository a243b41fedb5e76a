// JavaScript, not TypeScript, on purpose: Next compiles a next.config.ts with
// its native SWC binary when the server starts, which stays mapped for the
// life of the production server (~26 MB resident of a 68 MB library) only to
// read this object; a .mjs config is imported as it is (docs/performance.md).

/** @type {import("next").NextConfig} */
const nextConfig = {
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
