import { describe, expect, it } from "vitest";
import { bubblewrapArgv, DEFAULT_SANDBOX_LIMITS, placeholderEnvironment, type BubblewrapPlan } from "@/lib/core/packages/sandbox/bubblewrap";

const plan: BubblewrapPlan = {
  packageDir: "/srv/registry/pkg-123",
  command: ["node", "/pkg/dist/index.js"],
  nodeBinary: "/usr/local/bin/node",
  declaredEnvironment: ["GITHUB_TOKEN"],
  entryEnvironment: {},
  limits: { ...DEFAULT_SANDBOX_LIMITS },
  systemDirs: [
    { path: "/bin", symlinkTo: "usr/bin" },
    { path: "/lib64", symlinkTo: null },
  ],
  extraReadOnlyBinds: [],
  dropToUid: null,
};

/** The values of every occurrence of a flag that takes `arity` arguments. */
function flagArgs(argv: string[], flag: string, arity: number): string[][] {
  return argv.flatMap((arg, i) => (arg === flag ? [argv.slice(i + 1, i + 1 + arity)] : []));
}

describe("bubblewrapArgv", () => {
  it("isolates everything, dies with us and runs in a session of its own", () => {
    const argv = bubblewrapArgv(plan);
    expect(argv[0]).toBe("bwrap");
    expect(argv).toEqual(expect.arrayContaining(["--unshare-all", "--die-with-parent", "--new-session", "--clearenv"]));
  });

  it("mounts only read-only binds, a sized tmpfs at /tmp and a read-only root", () => {
    const argv = bubblewrapArgv(plan);
    expect(argv).not.toContain("--bind");
    expect(argv).not.toContain("--dev-bind");
    expect(flagArgs(argv, "--ro-bind", 2)).toEqual([
      ["/usr", "/usr"],
      ["/lib64", "/lib64"],
      ["/usr/local/bin/node", "/sandbox/bin/node"],
      [plan.packageDir, "/pkg"],
    ]);
    expect(flagArgs(argv, "--symlink", 2)).toEqual([["usr/bin", "/bin"]]);
    expect(flagArgs(argv, "--size", 2)).toEqual([[String(DEFAULT_SANDBOX_LIMITS.tmpBytes), "--tmpfs"]]);
    expect(flagArgs(argv, "--tmpfs", 1)).toEqual([["/tmp"]]);
    expect(flagArgs(argv, "--remount-ro", 1)).toEqual([["/"]]);
    // Nothing of the host's /etc, /root, /home or /var; /home/sandbox is the sandbox's own empty HOME.
    for (const host of ["/etc", "/root", "/home", "/var/lib", "/work"]) {
      expect(argv.filter((arg) => (arg === host || arg.startsWith(`${host}/`)) && arg !== "/home/sandbox")).toEqual([]);
    }
  });

  it("sets only its own variables and a placeholder for each declared one", () => {
    expect(Object.fromEntries(flagArgs(bubblewrapArgv(plan), "--setenv", 2))).toEqual({
      PATH: "/sandbox/bin:/usr/bin:/bin",
      HOME: "/home/sandbox",
      TMPDIR: "/tmp",
      XDG_CACHE_HOME: "/tmp/.cache",
      DOTNET_BUNDLE_EXTRACT_BASE_DIR: "/tmp",
      NODE_ENV: "production",
      NODE_OPTIONS: "--require /sandbox/monitor.cjs",
      GITHUB_TOKEN: "mcp-trust-registry-placeholder",
    });
  });

  it("gives the registry entry's values over placeholders, but never to our names or the loader's", () => {
    const env = Object.fromEntries(
      flagArgs(
        bubblewrapArgv({
          ...plan,
          entryEnvironment: { GITHUB_TOKEN: "from-entry", API_BASE_URL: "https://api.example.com", NODE_OPTIONS: "--inspect", LD_PRELOAD: "/tmp/x.so", PATH: "/tmp", "BAD NAME": "x" },
        }),
        "--setenv",
        2,
      ),
    );
    expect(env.GITHUB_TOKEN).toBe("from-entry");
    expect(env.API_BASE_URL).toBe("https://api.example.com");
    expect(env.NODE_OPTIONS).toBe("--require /sandbox/monitor.cjs");
    expect(env.PATH).toBe("/sandbox/bin:/usr/bin:/bin");
    expect(env).not.toHaveProperty("LD_PRELOAD");
    expect(env).not.toHaveProperty("BAD NAME");
  });

  it("runs the command under prlimit with every limit", () => {
    const argv = bubblewrapArgv({ ...plan, limits: { ...DEFAULT_SANDBOX_LIMITS, memoryBytes: 1000, processes: 7, cpuSeconds: 3, fileSizeBytes: 99, openFiles: 50 } });
    const tail = argv.slice(argv.indexOf("prlimit"));
    expect(tail).toEqual(["prlimit", "--data=1000", "--nproc=7", "--cpu=3", "--fsize=99", "--nofile=50", "--", "node", "/pkg/dist/index.js"]);
    expect(argv[argv.indexOf("prlimit") - 1]).toBe("--");
  });

  it("drops root to another uid before bwrap, so that the process limit binds", () => {
    expect(bubblewrapArgv({ ...plan, dropToUid: 65534 }).slice(0, 6)).toEqual(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--", "bwrap"]);
  });

  it("adds the extra read-only binds", () => {
    const argv = bubblewrapArgv({ ...plan, extraReadOnlyBinds: [{ source: "/repo/node_modules", target: "/node_modules" }] });
    expect(flagArgs(argv, "--ro-bind", 2)).toContainEqual(["/repo/node_modules", "/node_modules"]);
  });
});

describe("placeholderEnvironment", () => {
  it("keeps valid secret-like names once, never ours or the loader's, and at most 64", () => {
    expect(placeholderEnvironment(["API_KEY", "API_KEY", "NODE_OPTIONS", "LD_PRELOAD", "PATH", "HOME", "bad name", "X=1", "", "db_token"])).toEqual([
      "API_KEY",
      "db_token",
    ]);
    expect(placeholderEnvironment(Array.from({ length: 100 }, (_, i) => `VAR_${i}_TOKEN`))).toHaveLength(64);
  });

  it("leaves settings that are not secrets unset, so servers fall back to their defaults", () => {
    expect(
      placeholderEnvironment([
        "HTTPS_PROXY", "API_URL", "AUTH_SERVER_URL", "DISPLAY", "XDG_RUNTIME_DIR", "LOG_LEVEL", "KEYBOARD_LAYOUT", "GDRIVE_CREDENTIALS_PATH",
        "GITHUB_PERSONAL_ACCESS_TOKEN", "STRIPE_SECRET_KEY", "OPENAI_APIKEY", "DB_PASSWORD", "GOOGLE_APPLICATION_CREDENTIALS", "SLACK_TEAM_ID", "CLOUDFLARE_ACCOUNT_ID",
      ]),
    ).toEqual(["GITHUB_PERSONAL_ACCESS_TOKEN", "STRIPE_SECRET_KEY", "OPENAI_APIKEY", "DB_PASSWORD", "GOOGLE_APPLICATION_CREDENTIALS", "SLACK_TEAM_ID", "CLOUDFLARE_ACCOUNT_ID"]);
  });
});
