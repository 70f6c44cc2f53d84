import { realpath } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { cliRootRefusal } from "./cli-escape/cli-root-refusal.js";
import { leadsOutside } from "./cli-escape/leads-outside.js";
import { pathKind } from "./cli-escape/path-kind.js";
import { readConfigFile } from "./cli-escape/read-config-file.js";
import { schemaFoldersRefusal } from "./cli-escape/schema-folders-refusal.js";
import { specialFileUnder } from "./cli-escape/special-file-under.js";
import { type ToolFailure, toolFailure } from "./tool-result.js";

/** One OpenSpec CLI run, as `findCliEscape` weighs it. */
export type CliRunToCheck = {
  /** The source folder the CLI runs in. */
  folder: string;
  /** The CLI's arguments, after the binary. */
  args: readonly string[];
  /** Whether the server's operator lets this source use OpenSpec stores (`store:`, `--store`, `references:`). */
  storesAllowed: boolean;
  /**
   * Whether the run is confined to the source by the platform (a sandbox
   * that shows the CLI nothing else): then only the root rule is checked,
   * since a parent project is the wrong root on every platform.
   */
  confined: boolean;
};

/** A name a run may hand the CLI as a change, checked only when it is a plain folder name. */
const PLAIN_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * The one place that refuses, before the OpenSpec CLI runs, what in the
 * source would lead the CLI outside it: the CLI obeys the repository's files
 * with the server's authority, so where no sandbox holds it (macOS, Linux
 * without bubblewrap or user namespaces, confinement turned off) these
 * checks are what keeps a read or a write inside. In order: a source the
 * CLI would not take as its own root (checked on every platform); a linked
 * `openspec/` or project configuration; a `store:` or `references:` pointer,
 * or `--store`, unless stores are allowed (and so, then, a configuration
 * too structured to parse without holding the event loop); a project schema whose files lead
 * out; a named change whose folder or `.openspec.yaml` leads out, or that
 * holds a FIFO, socket or device the CLI would wait on. Every read
 * is asynchronous and starts with `lstat`, so nothing here opens a FIFO or
 * blocks the event loop. `undefined` when the run may go.
 */
export async function findCliEscape(run: CliRunToCheck): Promise<ToolFailure | undefined> {
  const { folder, args } = run;
  const root = await cliRootRefusal(folder);
  if (root !== undefined || run.confined) return root;
  let realRoot: string;
  try {
    realRoot = await realpath(folder);
  } catch {
    return toolFailure(
      "invalid_workdir",
      "The source's folder could not be resolved.",
      "Check that the source's folder exists, then call again.",
    );
  }
  const openspecDir = join(folder, "openspec");
  // The checks read different files, so they are asked at once and answered in order.
  const [openspecLink, read, schema, change] = await Promise.all([
    linkedOpenSpec(openspecDir, realRoot),
    readConfigFile(openspecDir),
    schemaFoldersRefusal(folder, realRoot),
    namedChangeRefusal(openspecDir, realRoot, args),
  ]);
  if (openspecLink !== undefined) return openspecLink;
  if (!read.ok) return read;
  if (!run.storesAllowed) {
    if (read.unparsed !== undefined) {
      return toolFailure(
        "config_too_structured",
        `${read.unparsed} holds more structure than a project configuration has (over 400 lines, 16 KiB or 64 flow brackets, leaving out comments and | or > blocks), so it was not read and the OpenSpec CLI may not run on it unchecked for a store pointer.`,
        `Cut ${read.unparsed} down to the project's settings (schema, context, rules), then call again.`,
        { path: read.unparsed },
      );
    }
    const pointer = storePointer(read.config, args);
    if (pointer !== undefined) {
      return toolFailure(
        "store_not_allowed",
        `${pointer} points the OpenSpec CLI at a store outside the source, and this server does not allow stores for it.`,
        "Remove the store pointer from the source (or the call), or ask the server's operator to allow stores for this source (OPENSPEC_AGENT_ALLOW_STORES).",
      );
    }
  }
  return schema ?? change;
}

async function linkedOpenSpec(
  openspecDir: string,
  realRoot: string,
): Promise<ToolFailure | undefined> {
  if ((await pathKind(openspecDir)) !== "link" || !(await leadsOutside(openspecDir, realRoot))) {
    return undefined;
  }
  return toolFailure(
    "path_outside_repository",
    "openspec/ is a symbolic link that leads out of the source, and the OpenSpec CLI would read and write through it.",
    "Replace the symlink openspec/ with the folder itself, then call again.",
    { path: "openspec" },
  );
}

/** A change the run names whose folder leads out, or whose `.openspec.yaml` is a link or a special file. */
async function namedChangeRefusal(
  openspecDir: string,
  realRoot: string,
  args: readonly string[],
): Promise<ToolFailure | undefined> {
  for (const change of namedChanges(args)) {
    const changeFolder = join(openspecDir, "changes", change);
    const kind = await pathKind(changeFolder);
    if (kind === "missing") continue;
    if (kind === "link" && (await leadsOutside(changeFolder, realRoot))) {
      return toolFailure(
        "path_outside_repository",
        `openspec/changes/${change} is a symbolic link that leads out of the source.`,
        `Replace the symlink openspec/changes/${change} with the change's folder itself, then call again.`,
        { path: `openspec/changes/${change}` },
      );
    }
    const metadata = join(changeFolder, ".openspec.yaml");
    const shown = `openspec/changes/${change}/.openspec.yaml`;
    const metadataKind = await pathKind(metadata);
    if (metadataKind === "link") {
      return toolFailure(
        "path_outside_repository",
        `${shown} is a symbolic link, so the OpenSpec CLI would take another file's settings as the change's.`,
        `Replace ${shown} with the file itself, then call again.`,
        { path: shown },
      );
    }
    if (metadataKind === "special") {
      return toolFailure(
        "not_a_regular_file",
        `${shown} is not a regular file, so the OpenSpec CLI would wait on it.`,
        `Replace ${shown} with a YAML file, then call again.`,
        { path: shown },
      );
    }
    if (kind !== "folder") continue;
    const special = await specialFileUnder(changeFolder);
    if (special !== undefined) {
      const path = relative(dirname(openspecDir), special);
      return toolFailure(
        "not_a_regular_file",
        `${path} is not a regular file, so the OpenSpec CLI would wait on it while reading the change.`,
        `Replace ${path} with a regular file, then call again.`,
        { path },
      );
    }
  }
  return undefined;
}

/** What sends the CLI to a store: `--store` in the call, `store:` or `references:` in the configuration. */
function storePointer(config: unknown, args: readonly string[]): string | undefined {
  if (args.some((arg) => arg === "--store" || arg.startsWith("--store="))) return "--store";
  if (config === null || typeof config !== "object" || Array.isArray(config)) return undefined;
  const settings = config as Record<string, unknown>;
  if (settings.store !== undefined && settings.store !== null) {
    return "`store:` in openspec/config.yaml";
  }
  const references = settings.references;
  if (Array.isArray(references) ? references.length > 0 : references != null) {
    return "`references:` in openspec/config.yaml";
  }
  return undefined;
}

/**
 * The names a run may read as a change: the value of `--change`, and every
 * plain word after the command's first (`validate c`, `show c`, `archive c`,
 * `change show c`). A word that names no change folder costs one `lstat`.
 */
function namedChanges(args: readonly string[]): string[] {
  const names = new Set<string>();
  for (const [index, arg] of args.entries()) {
    if (arg.startsWith("--change=")) names.add(arg.slice("--change=".length));
    else if (arg === "--change") names.add(args[index + 1] ?? "");
    else if (index > 0 && !arg.startsWith("-")) names.add(arg);
  }
  return [...names].filter((name) => PLAIN_NAME.test(name) && name !== "." && name !== "..");
}
