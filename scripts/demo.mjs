// The README's main job: openspec-agent on this repository's own openspec/
// folder, registered in a throwaway registry so nothing of the user's changes.
// The steps are exported so that tooling/repo-checks can hold the README's
// description of `pnpm demo` to the tools they call.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url)).replace(/\/$/, "");

/** Each step's `openspec-agent` arguments, in order. */
export const DEMO_STEPS = [
  ["sources", "add", root, "--name", "openspec-agent"],
  ["tools"],
  ["context", "openspec-agent"],
  ["context", "openspec-agent/os_a59eca", "--json"],
  ["list", "--specs", "--source", "openspec-agent"],
  ["spec", "show", "source-registry", "--source", "openspec-agent"],
  ["validate", "--source", "openspec-agent"],
];

/**
 * What a user runs after the demo: openspec-agent on PATH from this checkout
 * (the demo calls it by its path), then their own repository registered,
 * looked at, and handed to an agent. Each command line is exported so that
 * tooling/repo-checks can hold them to commands the CLI has.
 */
export const NEXT_COMMANDS = [
  ["sources", "add", "/path/to/your/repository"],
  ["context", "<its name>"],
  ["mcp", "config", "--client", "claude"],
];

/** The demo's last words: how to put openspec-agent on PATH, and the next commands. */
export function demoEnding(checkout = root) {
  const bin = join(checkout, "apps", "cli", "bin", "openspec-agent.js");
  return [
    "",
    "Next: put openspec-agent on PATH from this checkout (or call it as node with the path below):",
    `  mkdir -p ~/.local/bin && ln -sf ${bin} ~/.local/bin/openspec-agent`,
    "Then register a repository of your own, see it as an agent does, and give it to your agent",
    "(--client codex, cursor or hermes for the others):",
    ...NEXT_COMMANDS.map((args) => `  openspec-agent ${args.join(" ")}`),
    "",
  ].join("\n");
}

function runDemo() {
  const bin = join(root, "apps", "cli", "bin", "openspec-agent.js");
  const scratch = mkdtempSync(join(tmpdir(), "openspec-agent-demo-"));
  const env = { ...process.env, OPENSPEC_AGENT_DB: join(scratch, "registry.db") };
  let failed = false;
  try {
    for (const args of DEMO_STEPS) {
      console.log(`\n$ openspec-agent ${args.join(" ")}`);
      const run = spawnSync(process.execPath, [bin, ...args], {
        env,
        stdio: ["ignore", "pipe", "inherit"],
        encoding: "utf8",
      });
      const output = args.includes("--json")
        ? `${run.stdout.slice(0, 600)}...\n(cut for the demo)`
        : run.stdout;
      process.stdout.write(output);
      if (run.status !== 0) failed = true;
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  process.stdout.write(demoEnding());
  return failed ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = runDemo();
