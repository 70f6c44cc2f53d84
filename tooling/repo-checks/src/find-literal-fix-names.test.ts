import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { toolCatalog } from "@org/openspec-core";
import { describe, expect, it } from "vitest";
import { findLiteralFixNames } from "./find-literal-fix-names.js";
import { productFiles } from "./product-files.js";

const REPOSITORY = new URL("../../..", import.meta.url).pathname;
const TOOL_NAMES = toolCatalog.map((tool) => tool.name);

/**
 * Where fix texts reach a shell user: the catalog and the libraries under it,
 * and the hosts whose results the shell prints. The MCP host's own protocol
 * errors are left out: only agents read them, in tool words.
 */
const SCANNED = [
  "packages/core/src",
  "packages/artifacts/src",
  "packages/registry/src",
  "packages/cli-runner/src",
  "packages/spec-parser/src",
  "packages/hermes-host/src",
  "packages/dashboard-host/src",
  "apps/cli/src",
];

describe("fix texts name tools, fields and OpenSpec commands through marks, so each host words them", () => {
  it("GIVEN every source file whose fixes reach a shell WHEN their fix texts are read THEN none names a tool, sets a field or runs an OpenSpec command literally", () => {
    const found = SCANNED.flatMap((folder) =>
      productFiles(join(REPOSITORY, folder)).flatMap((path) =>
        findLiteralFixNames(relative(REPOSITORY, path), readFileSync(path, "utf8"), TOOL_NAMES),
      ),
    );
    expect(found.map((entry) => `${entry.file}:${entry.line} ${entry.named}`)).toEqual([]);
  });

  it("GIVEN fix texts written each way WHEN read THEN only the literal tool, field and OpenSpec command names are found", () => {
    const source = `
      const description = "Call openspec_list first.";
      toolFailure("x", "Call openspec_list first.", "Call openspec_source_list, or {tool:openspec_list}.");
      failure("y", "e", { fix: \`Pass force: true for \${name}.\` });
      const fix = "Use {field:force=true} with {tool:openspec_task_set_status done=true}.";
      function sourceFix(code: string) { return code === "a" ? "Call openspec_source_add." : undefined; }
      function other() { return "openspec_source_remove"; }
      const skipped = { detail: "Forget it with openspec store unregister x, or {openspec} store doctor." };
      const block = { kind: "text", text: "Run {openspec} init in openspec/ first, not openspec_init." };
    `;
    expect(
      findLiteralFixNames("sample.ts", source, TOOL_NAMES).map((entry) => [
        entry.line,
        entry.named,
      ]),
    ).toEqual([
      [3, "openspec_source_list"],
      [4, "force: true"],
      [6, "openspec_source_add"],
      [8, "openspec store"],
    ]);
  });
});
