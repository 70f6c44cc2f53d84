import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { isolatedEnvironment, REAL_OPENSPEC_BIN, removeTemporaryFolders } from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliCommandTable, cliGroupOptions } from "./cli-command-table.js";
import type { CliCommand } from "./cli-command-types.js";

afterAll(removeTemporaryFolders);

const run = promisify(execFile);
const PRINT_HELP_PAGES = fileURLToPath(
  new URL("../test-support/print-help-pages.mjs", import.meta.url),
);

/** One command or option line of a commander help page. */
type HelpPage = {
  commands: { name: string; aliases: string[]; arguments: string }[];
  options: { flags: string[]; value: boolean }[];
  usage: string;
};

function parseHelp(text: string): HelpPage {
  const page: HelpPage = { commands: [], options: [], usage: "" };
  let section: "options" | "commands" | null = null;
  for (const line of text.split("\n")) {
    if (line.startsWith("Usage:")) page.usage = line;
    if (line === "Options:") section = "options";
    else if (line === "Commands:") section = "commands";
    else if (!line.startsWith("  ")) section = section && line.trim() === "" ? section : null;
    // An entry starts two spaces in; deeper lines continue a description.
    const entry = /^ {2}(\S.*?)(?: {2,}.*)?$/.exec(line)?.[1];
    if (section === null || entry === undefined || line.startsWith("   ")) continue;
    if (section === "options") {
      page.options.push({
        flags: entry.split(/[ ,]+/).filter((part) => part.startsWith("-")),
        value: /[<[]/.test(entry),
      });
    } else {
      const [names = "", ...rest] = entry.split(" ");
      const [name = "", ...aliases] = names.split("|");
      page.commands.push({ name, aliases, arguments: rest.join(" ") });
    }
  }
  return page;
}

/** The positionals a usage or command line shows: `<x>` required, `[x]` optional. */
function positionalsOf(text: string): { label: string; required: boolean }[] {
  return [...text.replaceAll("[options]", "").matchAll(/<([^>]+)>|\[([^\]]+)\]/g)].map((match) => ({
    label: (match[1] ?? match[2] ?? "").replace("...", ""),
    required: !!match[1],
  }));
}

describe("the passthrough's command table against the pinned CLI's help", () => {
  // Every help page of the CLI, walked from `openspec --help` down.
  const leaves = new Map<string, { page: HelpPage; listed: HelpPage["commands"][number] }>();
  const groups = new Map<string, HelpPage>();
  let top: HelpPage;

  beforeAll(async () => {
    const { env } = isolatedEnvironment({});
    // Every page at once, from one process of the CLI (the same text a cold `--help` prints).
    const printed = await run(process.execPath, [PRINT_HELP_PAGES, REAL_OPENSPEC_BIN], {
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
    const pages = new Map(Object.entries(JSON.parse(printed.stdout) as Record<string, string>));
    const helpOf = async (words: string[]) => {
      const page = pages.get(words.join(" "));
      if (page === undefined) throw new Error(`The CLI has no help page for "${words.join(" ")}".`);
      return parseHelp(page);
    };
    const walk = async (words: string[], page: HelpPage): Promise<void> => {
      await Promise.all(
        page.commands.map(async (listed) => {
          const path = [...words, listed.name];
          if (listed.name === "help") {
            leaves.set(path.join(" "), { page: { commands: [], options: [], usage: "" }, listed });
            return;
          }
          const own = await helpOf(path);
          if (own.commands.length > 0) {
            groups.set(path.join(" "), own);
            await walk(path, own);
          } else leaves.set(path.join(" "), { page: own, listed });
        }),
      );
    };
    top = await helpOf([]);
    await walk([], top);
  }, 120_000);

  const tableKey = (command: CliCommand) => command.words.join(" ");

  it("GIVEN every command the help lists THEN the table has exactly those, each classified", () => {
    expect(cliCommandTable.map(tableKey).sort()).toEqual([...leaves.keys()].sort());
    for (const command of cliCommandTable) {
      expect(["read", "write", "interactive", "refused"], tableKey(command)).toContain(
        command.kind,
      );
      if (command.kind === "interactive" || command.kind === "refused") {
        expect(command.refusal, tableKey(command)).toBeDefined();
      }
      if (command.kind === "write")
        expect(command.writes?.length, tableKey(command)).toBeGreaterThan(0);
    }
  });

  it("GIVEN each command's own help THEN the table has exactly its options, its value-taking ones with a value rule, and --json where the CLI has it", () => {
    for (const command of cliCommandTable) {
      const key = tableKey(command);
      const found = leaves.get(key);
      if (found === undefined) continue;
      const helpOptions = found.page.options
        .filter((option) => !option.flags.includes("--help"))
        .map((option) => ({
          flags: [...option.flags].sort(),
          value: option.value,
        }));
      const tableOptions = command.options.map((option) => ({
        flags: [option.flag, ...(option.short ? [option.short] : [])].sort(),
        value: option.value !== undefined,
      }));
      expect(sortByFlags(tableOptions), key).toEqual(sortByFlags(helpOptions));
      expect(command.json, key).toBe(helpOptions.some((option) => option.flags.includes("--json")));
      expect([...(command.aliases ?? [])], key).toEqual(found.listed.aliases);
    }
  });

  it("GIVEN each command's usage THEN the table has its positionals in order, required ones marked", () => {
    for (const command of cliCommandTable) {
      const found = leaves.get(tableKey(command));
      if (found === undefined) continue;
      const shown = positionalsOf(found.listed.arguments);
      expect(
        command.positionals.map(({ label, required }) => ({ label, required })),
        tableKey(command),
      ).toEqual(shown);
    }
  });

  it("GIVEN the groups and the program THEN only config takes an option of its own, and the program only --version and --no-color", () => {
    for (const [name, page] of groups) {
      const own = page.options.filter((option) => !option.flags.includes("--help"));
      const table = cliGroupOptions.find((entry) => entry.group === name)?.options ?? [];
      expect(
        own.map((option) => option.flags.find((flag) => flag.startsWith("--"))),
        name,
      ).toEqual(table.map((option) => option.flag));
    }
    expect(top.options.flatMap((option) => option.flags).sort()).toEqual(
      ["--help", "--no-color", "--version", "-V", "-h"].sort(),
    );
  });
});

function sortByFlags<T extends { flags: string[] }>(options: T[]): T[] {
  return [...options].sort((a, b) => a.flags.join().localeCompare(b.flags.join()));
}
