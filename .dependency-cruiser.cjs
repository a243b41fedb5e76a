/**
 * The layering: app → http|mcp|site → core ← data → db.
 *
 * - lib/core is pure: it never imports the edges, the data adapters, db, the
 *   composition root (lib/services) or the wire schemas (lib/schemas).
 * - lib/data adapts storage to the core's ports: it never imports the edges,
 *   the composition root, the job queue or the HTTP server.
 * - The edges (lib/http, lib/mcp, lib/site, app) never import lib/data or db:
 *   they get storage through lib/services.
 * - lib/http, lib/mcp and lib/site are handed the services (by app, or by
 *   the composition root's bound wrappers); they may name the Services type
 *   but never import the singleton.
 *
 * tests/unit/codebase/layering.test.ts runs this config and expects no
 * violations.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "core-is-pure",
      comment: "lib/core never imports the edges, the adapters, db, the composition root, the job queue, the server, badges or the wire schemas.",
      severity: "error",
      from: { path: "^lib/core/" },
      to: { path: "^(lib/(http|mcp|site|services|data|jobs|server|badges|schemas)/|app/|db/)" },
    },
    {
      name: "data-below-edges",
      comment: "lib/data adapts storage to the core: it never imports the edges, the composition root, the job queue or the server.",
      severity: "error",
      from: { path: "^lib/data/" },
      to: { path: "^(lib/(http|mcp|site|services|server|jobs)/|app/)" },
    },
    {
      name: "edges-through-services",
      comment: "The edges (lib/http, lib/mcp, lib/site, app) get storage through lib/services, never from lib/data or db directly.",
      severity: "error",
      from: { path: "^(lib/(http|mcp|site)/|app/)" },
      to: { path: "^(lib/data/|db/)" },
    },
    {
      name: "services-handed-to-edges",
      comment: "lib/http, lib/mcp and lib/site receive the services; only app and the composition root open them (type imports are fine).",
      severity: "error",
      from: { path: "^lib/(http|mcp|site)/" },
      to: { path: "^lib/services/", dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
