import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildChildEnv } from "../build-child-env.js";
import {
  type BoundedSpawnOutcome,
  type BoundedSpawnRequest,
  spawnBounded,
} from "../spawn-bounded.js";
import { initRepo, REAL_CLI, writeCompleteChange } from "../test-support/real-cli.js";
import { useRealCliRepo } from "../test-support/real-cli-fixture.js";
import { createOpenSpecPool, launchInPool, type OpenSpecPool } from "./create-openspec-pool.js";

// Every command the catalog's CLI-backed tools run, once cold and once on a warm
// worker, compared byte for byte. A broken spec makes validate exit 1; so do an
// unknown item and instructions without a change.
const COMMANDS: Array<{ args: string[]; repo?: "fresh" }> = [
  { args: ["list", "--json"] },
  { args: ["list", "--specs", "--json"] },
  { args: ["show", "add-greeting", "--json", "--no-interactive"] },
  { args: ["show", "greeting", "--json", "--no-interactive", "--type", "spec"] },
  { args: ["show", "no-such-item", "--json", "--no-interactive"] },
  { args: ["validate", "--all", "--strict", "--json", "--no-interactive"] },
  { args: ["status", "--json", "--change", "add-greeting"] },
  { args: ["instructions", "proposal", "--json", "--change", "add-greeting"] },
  { args: ["instructions", "proposal", "--json"], repo: "fresh" },
  { args: ["templates", "--json"] },
  { args: ["schema", "which", "--all", "--json"] },
];

describe("a warm worker against a cold spawn", () => {
  const cli = useRealCliRepo();
  let pool: OpenSpecPool | undefined;
  afterAll(() => pool?.close());

  const request = (args: string[], cwd: string): BoundedSpawnRequest => ({
    file: REAL_CLI,
    args,
    cwd,
    env: buildChildEnv(cli.sandbox.env),
    timeoutMs: 60_000,
    maxOutputBytes: 1024 * 1024,
    killGraceMs: 1000,
  });

  it("GIVEN a repository with a change and specs WHEN each catalog command runs both ways THEN stdout and stderr are byte-identical and the exit codes equal", async () => {
    writeCompleteChange(cli.repo, "add-greeting", "greeting");
    writeSpec(cli.repo, "greeting", GREETING);
    writeSpec(cli.repo, "broken", "# Broken\n");
    const fresh = initRepo(cli.sandbox, "fresh");
    pool = createOpenSpecPool({ env: cli.sandbox.env });

    const compared = [];
    for (const command of COMMANDS) {
      const run = request(command.args, command.repo === "fresh" ? fresh : cli.repo);
      const [cold] = await Promise.all([spawnBounded(run), pool.warm(REAL_CLI)]);
      const warm = await launchInPool(pool, REAL_CLI, run);
      compared.push({ args: command.args, cold, warm });
    }

    for (const { args, cold, warm } of compared) {
      expect(warm && withoutTimings(warm), args.join(" ")).toEqual(withoutTimings(cold));
    }
    expect(compared.map(({ cold }) => cold.kind === "finished" && cold.exitCode)).toEqual([
      0, 0, 0, 0, 1, 1, 0, 0, 1, 0, 0,
    ]);
    expect(pool.stats()).toMatchObject({ warm: COMMANDS.length, cold: 0, fallbacks: 0 });
  });
});

function writeSpec(repo: string, id: string, content: string): void {
  const folder = join(repo, "openspec", "specs", id);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "spec.md"), content);
}

// validate reports how long each item took; nothing else differs between runs.
function withoutTimings(outcome: BoundedSpawnOutcome): BoundedSpawnOutcome {
  if (outcome.kind !== "finished") return outcome;
  return { ...outcome, stdout: outcome.stdout.replace(/"durationMs": \d+/g, '"durationMs": 0') };
}

const GREETING = `# Greeting

## Purpose

Greet every person who arrives, by name when the system knows it.

## Requirements

### Requirement: Greeting
The system SHALL greet the user.

#### Scenario: User arrives
- **WHEN** the user arrives
- **THEN** the system greets them
`;
