#!/usr/bin/env node
// A tour of the catalog on this repository's own openspec/ folder: registers
// it in a throwaway registry, then lists the tools and calls a few of them.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createCatalog } from "@org/openspec-core";

const repository = resolve(process.argv[2] ?? join(import.meta.dirname, "..", "..", ".."));
const scratch = mkdtempSync(join(tmpdir(), "openspec-agent-tour-"));
const catalog = createCatalog({ registryPath: join(scratch, "registry.db") });

function show(title, result) {
  console.log(`\n== ${title}`);
  console.log(JSON.stringify(result, null, 2));
  if (!result.ok) process.exitCode = 1;
}

try {
  const available = await catalog.availability();
  console.log("== tools");
  for (const { tool, available: on, reason } of available) {
    console.log(`${on ? "yes" : "no "} ${tool.name}${reason ? ` (${reason})` : ""}`);
  }
  show(
    "openspec_source_add",
    await catalog.call("openspec_source_add", { path: repository, name: "openspec-agent" }),
  );
  show(
    "openspec_context openspec-agent",
    await catalog.call("openspec_context", { identifier: "openspec-agent" }),
  );
  show(
    "openspec_spec_list",
    await catalog.call("openspec_spec_list", { source: "openspec-agent" }),
  );
  const shown = await catalog.call("openspec_spec_show", {
    source: "openspec-agent",
    name: "agent-tools",
  });
  show("openspec_spec_show agent-tools (requirement names)", {
    ok: shown.ok,
    title: shown.title,
    requirements: shown.ok
      ? shown.requirements.map((requirement) => requirement.name)
      : shown.error,
  });
  if ((await catalog.cliStatus()).ok) {
    const validated = await catalog.call("openspec_validate", { source: "openspec-agent" });
    show("openspec_validate (summary)", {
      ok: validated.ok,
      summary: validated.stdout?.summary?.totals,
    });
  }
} finally {
  catalog.close();
  rmSync(scratch, { recursive: true, force: true });
}
