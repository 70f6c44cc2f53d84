import { constants } from "node:os";
import type { Catalog, CatalogOptions, ToolDefinition } from "@org/openspec-core";
import type { Command } from "commander";
import type { PrintedResult } from "./output/printed-result.js";
import { progressSpinner } from "./output/progress-spinner.js";
import { type Render, renderResult } from "./output/render-result.js";
import type { Terminal } from "./output/terminal.js";
import { wordBlocks } from "./output/word-blocks.js";
import { SHELL_WORDING } from "./program-name.js";

/** What every command needs: where to print, the catalog, and where it was started. */
export type Session = {
  terminal: Terminal;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** The catalog, loaded on first use so `--help` and `--version` stay instant. */
  catalog(): Promise<Catalog>;
  /** Calls a tool, prints its result (JSON with --json) and records the exit code. */
  run(command: Command, tool: ToolDefinition, args: Record<string, unknown>): Promise<void>;
  /** Prints any result-shaped value the same way; without `render`, a success prints as JSON. */
  print(command: Command, tool: string, result: PrintedResult, render?: Render): void;
  exitCode: number;
  /** The registry file from --db, resolved against `cwd`; unset means OPENSPEC_AGENT_DB or the default. */
  registryPath: string | undefined;
  close(): void;
};

export function createSession(
  terminal: Terminal,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
  options: {
    handleSignals?: boolean;
    tools?: readonly ToolDefinition[];
    /** The one tool this command line calls: the catalog is made of it alone. */
    single?: ToolDefinition;
    /** Warm OpenSpec workers kept by the caller (`RunCliOptions.pool`). */
    pool?: CatalogOptions["pool"];
  } = {},
): Session {
  let catalog: Catalog | undefined;
  const session: Session = {
    terminal,
    env,
    cwd,
    exitCode: 0,
    registryPath: undefined,
    async catalog() {
      const { catalogOf, exitOnHostSignals } = await (
        await import("@org/openspec-core/startup")
      ).loadShellCatalog();
      // CLI runs start only once the catalog is loaded, so until then Node's defaults suffice.
      if (options.handleSignals && catalog === undefined) {
        exitOnHostSignals((signal) => {
          session.close();
          process.exit(128 + constants.signals[signal]);
        });
      }
      const settings = {
        env,
        // The home the environment names, as os.homedir() reads it in the bin's own process.
        ...(env.HOME ? { home: env.HOME } : {}),
        ...(options.pool === undefined ? {} : { pool: options.pool }),
        ...(session.registryPath === undefined ? {} : { registryPath: session.registryPath }),
      };
      catalog ??= options.single
        ? catalogOf([options.single], settings)
        : (await import("@org/openspec-core")).createCatalog({
            ...settings,
            ...(options.tools === undefined ? {} : { tools: options.tools }),
          });
      return catalog;
    },
    async run(command, tool, args) {
      const json = command.optsWithGlobals<{ json?: boolean }>().json === true;
      // On a terminal, and not for a script reading --json: what the call is doing now.
      const status = json ? undefined : terminal.status;
      const spinner = status ? progressSpinner(status) : undefined;
      const result = await (await session.catalog())
        .call(tool.name, args, {
          // A fix names the commands and flags a shell user types, not tools and fields.
          fixWording: SHELL_WORDING,
          ...(spinner ? { onProgress: spinner } : {}),
        })
        .finally(() => status?.(null));
      const blocks =
        result.ok && !json
          ? await wordBlocks(tool.presentation.render(result), tool.name)
          : undefined;
      session.print(command, tool.name, result, () => blocks ?? []);
      // A true answer that says no (a dry run that would refuse, a change that does not validate).
      if (result.ok && tool.presentation.fallsShort?.(result) === true) session.exitCode = 1;
    },
    print(command, _tool, result, render) {
      const json = command.optsWithGlobals<{ json?: boolean }>().json === true;
      session.exitCode = renderResult(terminal, result, json, render);
    },
    close() {
      catalog?.close();
    },
  };
  return session;
}
