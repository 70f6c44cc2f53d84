// Every command of the pinned OpenSpec CLI (@fission-ai/openspec 1.13.2) and
// every one of its options, classified for `openspec_cli`: what it may run,
// in which mode, and how each option's value is checked. The CLI takes
// arguments from agents and token holders here, so nothing is passed on
// that the table does not name. cli-command-table.test.ts walks the pinned
// CLI's `--help` of every command and fails when a command or option is
// missing here or gone there, so an upgrade cannot slip one through.

import {
  help,
  inTerminal,
  itemType,
  json,
  noInteractive,
  optionalName,
  outsideHome,
  read,
  store,
} from "./cli-command-rows.js";
import type { CliCommand, CliOption } from "./cli-command-types.js";

/**
 * Options a command group takes before its subcommand (`openspec config
 * --scope global list`); only `config` has one, and every `config` command is
 * refused, so none is ever passed on.
 */
export const cliGroupOptions: readonly { group: string; options: readonly CliOption[] }[] = [
  { group: "config", options: [{ flag: "--scope", value: "text" }] },
];

/** Every command of the pinned CLI, in its help's order. */
export const cliCommandTable: readonly CliCommand[] = [
  {
    words: ["init"],
    kind: "refused",
    json: false,
    positionals: optionalName("path", "text"),
    options: [
      { flag: "--tools", value: "text" },
      { flag: "--language", value: "text" },
      { flag: "--force" },
      { flag: "--profile", value: "text" },
      { flag: "--no-animation" },
      { flag: "--copilot-cloud" },
      { flag: "--no-copilot-cloud" },
    ],
    refusal: inTerminal(
      "init",
      "sets up agent tool files, may prompt, and may write into the user's home folder",
    ),
  },
  {
    words: ["update"],
    kind: "refused",
    json: false,
    positionals: optionalName("path", "text"),
    options: [{ flag: "--force" }],
    refusal: inTerminal(
      "update",
      "rewrites agent tool files and may clean prompts in the user's home folder",
    ),
  },
  read(
    ["list"],
    [
      { flag: "--specs" },
      { flag: "--changes" },
      { flag: "--sort", value: ["recent", "name"] },
      store,
    ],
  ),
  {
    words: ["view"],
    kind: "interactive",
    json: false,
    positionals: [],
    options: [store],
    refusal: {
      reason: "is an interactive dashboard",
      fix: "Call {tool:openspec_context} or {tool:openspec_list} instead.",
    },
  },
  read(
    ["change", "show"],
    [{ flag: "--deltas-only" }, { flag: "--requirements-only" }, { flag: "--diff" }, noInteractive],
    optionalName("change-name"),
  ),
  read(["change", "list"], [{ flag: "--long" }]),
  read(["change", "validate"], [{ flag: "--strict" }, noInteractive], optionalName("change-name")),
  help(["change"]),
  {
    words: ["archive"],
    kind: "refused",
    json: true,
    positionals: optionalName("change-name"),
    options: [
      { flag: "--yes", short: "-y" },
      { flag: "--skip-specs" },
      { flag: "--no-validate" },
      json,
      store,
    ],
    refusal: {
      reason:
        "is served by openspec_change_archive, which first checks that no write leads outside the repository",
      fix: "Call {tool:openspec_change_archive}; its answer carries the CLI's own JSON under stdout.",
    },
  },
  read(
    ["spec", "show"],
    [
      { flag: "--requirements" },
      { flag: "--no-scenarios" },
      { flag: "--requirement", short: "-r", value: "count" },
      noInteractive,
    ],
    optionalName("spec-id", "path-name"),
  ),
  read(["spec", "list"], [{ flag: "--long" }]),
  read(
    ["spec", "validate"],
    [{ flag: "--strict" }, noInteractive],
    optionalName("spec-id", "path-name"),
  ),
  help(["spec"]),
  ...configCommands(),
  read(["schema", "which"], [{ flag: "--all" }], optionalName("name")),
  read(["schema", "validate"], [{ flag: "--verbose" }], optionalName("name")),
  {
    words: ["schema", "fork"],
    kind: "write",
    json: true,
    positionals: [
      { label: "source", required: true, value: "name" },
      { label: "name", required: false, value: "name" },
    ],
    options: [json, { flag: "--force" }],
    writes: ["schemas"],
  },
  {
    words: ["schema", "init"],
    kind: "write",
    json: true,
    positionals: [{ label: "name", required: true, value: "name" }],
    options: [
      json,
      { flag: "--description", value: "text" },
      { flag: "--artifacts", value: "list" },
      { flag: "--default" },
      { flag: "--no-default" },
      { flag: "--force" },
    ],
    writes: ["schemas", "config.yaml"],
  },
  help(["schema"]),
  ...storeCommands(),
  read(["doctor"], [store]),
  read(
    ["context"],
    [
      store,
      {
        flag: "--code-workspace",
        value: "text",
        refused: {
          reason: "writes a file at any path",
          fix: "Leave --code-workspace out; the answer lists the same folders.",
        },
      },
      { flag: "--force" },
    ],
  ),
  ...worksetCommands(),
  read(
    ["validate"],
    [
      { flag: "--all" },
      { flag: "--changes" },
      { flag: "--specs" },
      { flag: "--archived" },
      { flag: "--report", value: ["full", "findings"] },
      itemType,
      { flag: "--strict" },
      { flag: "--concurrency", value: "count" },
      noInteractive,
      store,
    ],
    optionalName("item-name", "path-name"),
  ),
  read(
    ["show"],
    [
      itemType,
      noInteractive,
      { flag: "--deltas-only" },
      { flag: "--requirements-only" },
      { flag: "--diff" },
      { flag: "--requirements" },
      { flag: "--no-scenarios" },
      { flag: "--requirement", short: "-r", value: "count" },
      store,
    ],
    optionalName("item-name", "path-name"),
  ),
  {
    words: ["feedback"],
    kind: "refused",
    json: false,
    positionals: [{ label: "message", required: true, value: "text" }],
    options: [{ flag: "--body", value: "text" }],
    refusal: {
      reason: "sends feedback over the network",
      fix: "Run `{openspec} feedback` in a terminal yourself.",
    },
  },
  read(["completion", "generate"], [], optionalName("shell"), false),
  {
    words: ["completion", "install"],
    kind: "refused",
    json: false,
    positionals: optionalName("shell"),
    options: [{ flag: "--verbose" }],
    refusal: outsideHome("completion install", "writes shell configuration in the home folder"),
  },
  {
    words: ["completion", "uninstall"],
    kind: "refused",
    json: false,
    positionals: optionalName("shell"),
    options: [{ flag: "--yes", short: "-y" }],
    refusal: outsideHome("completion uninstall", "writes shell configuration in the home folder"),
  },
  help(["completion"]),
  read(
    ["status"],
    [
      { flag: "--change", value: "name" },
      { flag: "--all" },
      { flag: "--schema", value: "name" },
      store,
    ],
  ),
  read(
    ["instructions"],
    [{ flag: "--change", value: "name" }, { flag: "--schema", value: "name" }, store],
    optionalName("artifact"),
  ),
  read(["templates"], [{ flag: "--schema", value: "name" }]),
  read(["schemas"], [store]),
  {
    words: ["new", "change"],
    kind: "write",
    json: true,
    positionals: [{ label: "name", required: true, value: "name" }],
    options: [
      { flag: "--description", value: "text" },
      { flag: "--goal", value: "text" },
      { flag: "--schema", value: "name" },
      json,
      store,
    ],
    writes: ["changes"],
  },
  help(["new"]),
  help([]),
];

function configCommands(): CliCommand[] {
  const why = "reads or writes the CLI's global configuration of the user the host runs as";
  const refused = (
    words: string[],
    positionals: CliCommand["positionals"],
    options: CliOption[] = [],
  ): CliCommand => ({
    words: ["config", ...words],
    kind: "refused",
    json: words[0] === "list",
    positionals,
    options,
    refusal: outsideHome(`config ${words[0]}`, why),
  });
  const key = { label: "key", required: true, value: "text" as const };
  return [
    refused(["path"], []),
    refused(["list"], [], [json]),
    refused(["get"], [key]),
    refused(
      ["set"],
      [key, { label: "value", required: true, value: "text" }],
      [{ flag: "--string" }, { flag: "--allow-unknown" }],
    ),
    refused(["unset"], [key]),
    refused(["reset"], [], [{ flag: "--all" }, { flag: "--yes", short: "-y" }]),
    {
      words: ["config", "edit"],
      kind: "interactive",
      json: false,
      positionals: [],
      options: [],
      refusal: inTerminal("config edit", "opens an editor"),
    },
    {
      words: ["config", "profile"],
      kind: "interactive",
      json: false,
      positionals: optionalName("preset"),
      options: [],
      refusal: inTerminal("config profile", "is an interactive picker and writes global settings"),
    },
    help(["config"]),
  ];
}

function storeCommands(): CliCommand[] {
  const registry = (words: string[], what: string, extra: Partial<CliCommand>): CliCommand => ({
    words: ["store", ...words],
    kind: "refused",
    json: true,
    positionals: [],
    options: [json],
    refusal: outsideHome(`store ${words[0]}`, what),
    ...extra,
  });
  return [
    registry(["setup"], "creates a store folder and writes the machine's store registry", {
      positionals: optionalName("id"),
      options: [
        { flag: "--path", value: "text" },
        { flag: "--init-git" },
        { flag: "--no-init-git" },
        { flag: "--remote", value: "text" },
        json,
      ],
    }),
    registry(["register"], "writes the machine's store registry", {
      positionals: optionalName("path", "text"),
      options: [{ flag: "--id", value: "name" }, { flag: "--yes" }, json],
    }),
    registry(["unregister"], "writes the machine's store registry", {
      positionals: [{ label: "id", required: true, value: "name" }],
    }),
    registry(["remove"], "deletes a store's folder and writes the machine's store registry", {
      positionals: [{ label: "id", required: true, value: "name" }],
      options: [{ flag: "--yes" }, json],
    }),
    { ...read(["store", "list"], []), aliases: ["ls"] },
    read(["store", "doctor"], [], optionalName("id")),
  ];
}

function worksetCommands(): CliCommand[] {
  const personal = (
    words: string[],
    kind: "refused" | "interactive",
    extra: Partial<CliCommand>,
  ): CliCommand => ({
    words: ["workset", ...words],
    kind,
    json: true,
    positionals: [],
    options: [json],
    refusal: outsideHome(
      `workset ${words[0]}`,
      kind === "interactive"
        ? "opens an editor or agent session"
        : "keeps the personal working views of the user the host runs as",
    ),
    ...extra,
  });
  return [
    personal(["create"], "refused", {
      positionals: optionalName("name"),
      options: [{ flag: "--member", value: "text" }, { flag: "--tool", value: "text" }, json],
    }),
    personal(["list"], "refused", { aliases: ["ls"] }),
    personal(["open"], "interactive", {
      json: false,
      positionals: [{ label: "name", required: true, value: "name" }],
      options: [{ flag: "--tool", value: "text" }],
    }),
    personal(["remove"], "refused", {
      positionals: [{ label: "name", required: true, value: "name" }],
      options: [{ flag: "--yes" }, json],
    }),
  ];
}
