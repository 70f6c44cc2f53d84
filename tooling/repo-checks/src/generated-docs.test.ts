import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { toolCatalog } from "@org/openspec-core";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";

afterEach(removeTemporaryFolders);

const REPOSITORY = new URL("../../..", import.meta.url).pathname;
const DOCS_SCRIPT = join(REPOSITORY, "scripts", "generate-docs.mjs");

function runDocs(...args: string[]) {
  const run = spawnSync(process.execPath, [DOCS_SCRIPT, ...args], { encoding: "utf8" });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A copy of the documents that must keep generated sections, in a folder of its own. */
function scratchCheckout(): string {
  const root = temporaryFolder("generated-docs-");
  mkdirSync(join(root, "packages", "core"), { recursive: true });
  mkdirSync(join(root, "apps", "cli"), { recursive: true });
  mkdirSync(join(root, "docs"), { recursive: true });
  mkdirSync(join(root, "apps", "mcp-server"), { recursive: true });
  for (const file of [
    "README.md",
    "packages/core/README.md",
    "apps/cli/README.md",
    "docs/benchmarks.md",
    "docs/benchmarks.json",
    "apps/mcp-server/README.md",
  ]) {
    copyFileSync(join(REPOSITORY, file), join(root, file));
  }
  return root;
}

describe("the READMEs' sections generated from the tool catalog", () => {
  it("GIVEN this checkout WHEN pnpm generate-docs checks it against the built catalog THEN every generated section is up to date (else run pnpm generate-docs)", () => {
    const { status, output } = runDocs("--check");
    expect(
      output,
      "a README is out of date with the tool catalog: run pnpm generate-docs",
    ).not.toMatch(/out of date|missing|not a section|marker/);
    expect(status).toBe(0);
  });

  it("GIVEN the root README WHEN read THEN its tool table has one row per catalog tool, with whether it needs the CLI", () => {
    const readme = readFileSync(join(REPOSITORY, "README.md"), "utf8");
    const section = readme.slice(
      readme.indexOf("<!-- tools:start -->"),
      readme.indexOf("<!-- tools:end -->"),
    );
    const rows = section.split("\n").filter((line) => line.startsWith("| [`openspec_"));
    expect(rows.map((row) => /`(openspec_\w+)`/.exec(row)?.[1])).toEqual(
      toolCatalog.map((tool) => tool.name),
    );
    for (const [index, tool] of toolCatalog.entries()) {
      expect(rows[index]?.split(" | ")[2]).toBe(tool.requiresCli ? "yes" : "no");
    }
  });

  it("GIVEN a tool table that lost a row and a result field edited by hand WHEN checked THEN it fails naming both files and saying to run pnpm generate-docs, and writes nothing", () => {
    const root = scratchCheckout();
    const readme = join(root, "README.md");
    const core = join(root, "packages/core/README.md");
    const original = readFileSync(readme, "utf8");
    const edited = original.replace(/^\| \[`openspec_status`\].*\n/m, "");
    expect(edited).not.toBe(original);
    writeFileSync(readme, edited);
    const coreEdited = readFileSync(core, "utf8").replace(
      "| `total` | `integer` |",
      "| `count` | `integer` |",
    );
    writeFileSync(core, coreEdited);

    const { status, output } = runDocs("--check", `--root=${root}`);

    expect(status).toBe(1);
    expect(output).toContain("README.md: generated sections are out of date with the tool catalog");
    expect(output).toContain("packages/core/README.md: generated sections are out of date");
    expect(output).toContain("Run pnpm generate-docs");
    expect(readFileSync(readme, "utf8")).toBe(edited);
  });

  it("GIVEN a stale section WHEN pnpm generate-docs runs THEN the section is rewritten from the catalog and the text around it is kept", () => {
    const root = scratchCheckout();
    const readme = join(root, "README.md");
    const original = readFileSync(readme, "utf8");
    const before = original.slice(0, original.indexOf("<!-- tools:start -->"));
    const after = original.slice(original.indexOf("<!-- tools:end -->"));
    writeFileSync(
      readme,
      `${before}<!-- tools:start -->\n| a table written by hand |\n${after}`.replace(
        "## Contributing",
        "## Contributing (kept)",
      ),
    );

    const written = runDocs(`--root=${root}`);
    expect(written.status).toBe(0);
    expect(written.output).toContain("rewrote README.md");
    expect(readFileSync(readme, "utf8")).toBe(
      original.replace("## Contributing", "## Contributing (kept)"),
    );
    expect(runDocs("--check", `--root=${root}`).status).toBe(0);
  });

  it("GIVEN a figure pnpm bench recorded anew in docs/benchmarks.json WHEN checked and generated THEN the benchmark page and the README's summary are out of date, then show it", () => {
    const root = scratchCheckout();
    const data = join(root, "docs", "benchmarks.json");
    writeFileSync(
      data,
      JSON.stringify({
        figures: [
          {
            id: "mcp-startup",
            title: "MCP server start to the tools/list answer / node -e 0",
            unit: "ratio",
            value: 2.75,
            spread: { p25: 2.5, p75: 3.1, min: 2.2, max: 3.6, n: 15 },
            target: { at: "most", value: 3 },
            met: true,
            measured: {
              date: "2026-12-06T11:00:00.000Z",
              node: "v22.23.5",
              cpus: 2,
              loadBefore: [1.5, 1, 1],
              loadAfter: [2, 1, 1],
            },
          },
        ],
      }),
    );
    const stale = runDocs("--check", `--root=${root}`);
    expect(stale.status).toBe(1);
    expect(stale.output).toContain("docs/benchmarks.md: generated sections are out of date");
    expect(stale.output).toContain("README.md: generated sections are out of date");

    expect(runDocs(`--root=${root}`).status).toBe(0);
    const page = readFileSync(join(root, "docs", "benchmarks.md"), "utf8");
    expect(page).toContain(
      "| mcp-startup | MCP server start to the tools/list answer / node -e 0 | 2.75 (2.50–3.10) |",
    );
    expect(page).toContain("2026-12-06, Node 22.23.5, load 1.5→2.0");
    expect(readFileSync(join(root, "README.md"), "utf8")).toContain(
      "| mcp-startup | MCP server start to the tools/list answer / node -e 0 | 2.75 | ≤ 3.00 | yes |",
    );
  });

  it("GIVEN a README whose markers were deleted or half deleted WHEN checked THEN the check fails instead of skipping the section", () => {
    const root = scratchCheckout();
    const readme = join(root, "README.md");
    const original = readFileSync(readme, "utf8");

    writeFileSync(readme, original.replace("<!-- tools:end -->", ""));
    const halfDeleted = runDocs("--check", `--root=${root}`);
    expect(halfDeleted.status).toBe(1);
    // The next section's start comes before the missing end.
    expect(halfDeleted.output).toContain(
      'README.md: the generated section "tools" starts again before it ends.',
    );

    writeFileSync(
      readme,
      original.replace("<!-- tools:start -->", "").replace("<!-- tools:end -->", ""),
    );
    const deleted = runDocs("--check", `--root=${root}`);
    expect(deleted.status).toBe(1);
    expect(deleted.output).toContain('README.md: the generated "tools" section is missing');
  });
});
