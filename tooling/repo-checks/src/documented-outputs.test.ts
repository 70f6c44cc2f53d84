import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { toolCatalog } from "@org/openspec-core";
import { isolatedEnvironment, removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { REPOSITORY, readRepositoryFile } from "./repository.js";
import { repositoryDocuments } from "./repository-documents.js";

afterEach(removeTemporaryFolders);

const CLI_BIN = join(REPOSITORY, "apps", "cli", "bin", "openspec-agent.js");
/** What the docs write where `openspec-agent` prints this machine's absolute paths. */
const PLACEHOLDERS: [string, string][] = [
  [CLI_BIN, "/path/to/openspec-cli/bin/openspec-agent.js"],
  [process.execPath, "/path/to/node"],
];

function openspecAgent(args: string[], env: Record<string, string | undefined>) {
  return spawnSync(process.execPath, [CLI_BIN, ...args], {
    cwd: temporaryFolder("cwd-"),
    env,
    encoding: "utf8",
  });
}

/** Each `<!-- output of: openspec-agent ... -->` and the fenced block after it. */
function documentedOutputs(text: string): { args: string[]; shown: string }[] {
  return [...text.matchAll(/<!-- output of: openspec-agent (.+?) -->\n```\w*\n([\s\S]*?)```/g)].map(
    (found) => ({ args: (found[1] as string).split(" "), shown: found[2] as string }),
  );
}

/** The catalog tool a command line of `openspec-agent` calls, by the command words of each tool. */
function toolOfCommand(args: readonly string[]): string | undefined {
  const commands = toolCatalog.flatMap((tool) =>
    [tool.presentation.command, ...(tool.presentation.variants ?? []).map((v) => v.command)].map(
      (words) => ({ tool: tool.name, words }),
    ),
  );
  const matching = commands.filter(({ words }) => words.every((word, i) => args[i] === word));
  return matching.sort((a, b) => b.words.length - a.words.length)[0]?.tool;
}

describe("what the docs show openspec-agent printing", () => {
  it("GIVEN every block marked as the output of an openspec-agent command WHEN the command runs THEN it prints exactly that, with the machine's paths as the docs write them", async () => {
    const { env } = isolatedEnvironment({ OPENSPEC_AGENT_BUNDLED_CLI: undefined });
    const blocks = (await repositoryDocuments()).flatMap((file) =>
      documentedOutputs(readRepositoryFile(file)).map((block) => ({ file, ...block })),
    );
    expect(blocks.map((block) => block.file)).toEqual(
      expect.arrayContaining(["README.md", "apps/mcp-server/README.md"]),
    );
    for (const { file, args, shown } of blocks) {
      const run = openspecAgent(args, env);
      expect(run.status, run.stderr).toBe(0);
      let printed = run.stdout;
      for (const [path, placeholder] of PLACEHOLDERS)
        printed = printed.replaceAll(path, placeholder);
      expect(shown, `${file}: the output of openspec-agent ${args.join(" ")}`).toBe(printed);
    }
  });

  it("GIVEN pnpm demo WHEN it ends THEN it says how to put openspec-agent on PATH from the checkout, and each next command it names is one the CLI has", async () => {
    const demo = (await import(pathToFileURL(join(REPOSITORY, "scripts/demo.mjs")).href)) as {
      NEXT_COMMANDS: string[][];
      demoEnding: () => string;
    };
    const ending = demo.demoEnding();
    expect(ending).toContain(`ln -sf ${CLI_BIN} ~/.local/bin/openspec-agent`);
    expect(demo.NEXT_COMMANDS.length).toBeGreaterThanOrEqual(2);
    const { env } = isolatedEnvironment({});
    for (const args of demo.NEXT_COMMANDS) {
      expect(ending).toContain(`  openspec-agent ${args.join(" ")}\n`);
      // The command's own help: it exists, and its arguments are spelt as the CLI takes them.
      const words = args.filter(
        (word) => !word.startsWith("-") && !word.includes("/") && !word.startsWith("<"),
      );
      const help = openspecAgent([...words, "--help"], env);
      expect(help.status, args.join(" ")).toBe(0);
      for (const flag of args.filter((word) => word.startsWith("--")))
        expect(help.stdout).toContain(flag);
    }
  });

  it("GIVEN scripts/demo.mjs WHEN the README describes pnpm demo THEN it names the tools the demo's commands call, in their order", async () => {
    const demo = (await import(pathToFileURL(join(REPOSITORY, "scripts/demo.mjs")).href)) as {
      DEMO_STEPS: string[][];
    };
    const called = [
      ...new Set(demo.DEMO_STEPS.map(toolOfCommand).filter((tool) => tool !== undefined)),
    ];
    expect(called.length).toBeGreaterThan(0);
    const readme = readRepositoryFile("README.md");
    const paragraph = readme.split("\n").find((line) => line.startsWith("`pnpm demo` ")) ?? "";
    const named = [...new Set([...paragraph.matchAll(/`(openspec_\w+)`/g)].map((m) => m[1]))];
    expect(named, "README.md: the paragraph that starts with `pnpm demo`").toEqual(called);
  });

  it("GIVEN a fresh compile cache WHEN openspec-agent --version or tools starts first THEN the cache it writes is within a quarter of the size apps/cli/README.md states", () => {
    const readme = readRepositoryFile("apps/cli/README.md");
    for (const command of ["--version", "tools"]) {
      const stated = new RegExp(`about (\\d+) KB after \`openspec-agent ${command}\``).exec(readme);
      expect(
        stated,
        `apps/cli/README.md: "about N KB after \`openspec-agent ${command}\`"`,
      ).not.toBeNull();
      const cache = temporaryFolder("compile-cache-");
      const { env } = isolatedEnvironment({
        OPENSPEC_AGENT_BUNDLED_CLI: undefined,
        OPENSPEC_AGENT_COMPILE_CACHE: cache,
      });
      const run = openspecAgent([command], env);
      expect(run.status, run.stderr).toBe(0);
      // Node's compile cache: a folder per Node version, a file per compiled module.
      const files = readdirSync(cache, { recursive: true, encoding: "utf8" }).filter((name) =>
        statSync(join(cache, name)).isFile(),
      );
      expect(files.length).toBeGreaterThan(0);
      const kilobytes =
        files.reduce((total, name) => total + statSync(join(cache, name)).size, 0) / 1000;
      const figure = Number(stated?.[1]);
      expect(
        Math.abs(kilobytes - figure) / figure,
        `apps/cli/README.md says about ${figure} KB after ${command}; it is ${Math.round(kilobytes)} KB`,
      ).toBeLessThanOrEqual(0.25);
    }
  });
});
