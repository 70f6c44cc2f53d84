// Figures for the fair CLI queue (packages/cli-runner, create-run-limiter):
// how long a one-change call waits while whole-repository runs of other
// callers hold the queue. Run alone, after a build:
//   node bench/fair-cli-queue.mjs [changes=1000]
// It is not part of `pnpm bench`.
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import { catalogHome } from "./catalog-home.mjs";
import { generateRepository } from "./generate-repository.mjs";

const [changes = 1000] = process.argv.slice(2).map(Number);
const core = await import("../packages/core/dist/index.js");

const root = generateRepository({ changes, archived: changes / 10, specs: 200, requirements: 4 });
const { home, env } = await catalogHome();
const ms = (value) => Math.round(value);

try {
  const catalog = core.createCatalog({ env, home, cliConcurrency: 2 });
  const started = performance.now();
  const events = [];
  const timed = (name, tool, input, caller) =>
    catalog.call(tool, { workdir: root, ...input }, { caller }).then((result) => {
      events.push({ name, ended_ms: ms(performance.now() - started), ok: result.ok });
      return result;
    });
  // Four different whole-repository questions from two sessions, then one cheap call from a third.
  const whole = [
    timed("list changes", "openspec_list", {}, "session-a"),
    timed("list specs", "openspec_list", { kind: "specs" }, "session-a"),
    timed("validate changes", "openspec_validate", { scope: "changes" }, "session-b"),
    timed("validate specs", "openspec_validate", { scope: "specs" }, "session-b"),
  ];
  const cheapAsked = ms(performance.now() - started);
  const cheap = await timed(
    "show one change",
    "openspec_show",
    { target: "add-feature-0001" },
    "session-c",
  );
  await Promise.all(whole);
  catalog.close();
  console.log(
    JSON.stringify(
      {
        changes,
        cli_concurrency: 2,
        cheap_call: { asked_at_ms: cheapAsked, ok: cheap.ok, duration_ms: cheap.duration_ms },
        order_of_endings: events,
        load_average: loadavg().map((load) => Number(load.toFixed(2))),
      },
      null,
      2,
    ),
  );
} finally {
  rmSync(root, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
}
