import { homedir } from "node:os";
import { DEFAULT_MAX_ARTIFACT_BYTES } from "@org/openspec-artifacts/limits";
import type { OpenSpecDiscovery, OpenSpecPool } from "@org/openspec-cli-runner";
import { createRunLimiter, defaultCliConcurrency } from "@org/openspec-cli-runner/startup";
import type { AsyncRegistry, ConnectRegistryResult } from "@org/openspec-registry";
import type { SharedAnswer } from "./create-shared-cli-runs.js";
import { explainUnreachableStore } from "./explain-unreachable-store.js";
import { readCatalogSettings } from "./read-catalog-settings.js";
import type { ConfineSetting, StoreAllowance } from "./read-confine-settings.js";
import { refusedRun } from "./refused-run.js";
import { runControls } from "./run-controls.js";
import { sourceFix } from "./source-failure.js";
import type { RunCliOptions, ToolCallContext } from "./tool-call-context.js";
import { type ToolFailure, toolFailure } from "./tool-result.js";

export type CatalogOptions = {
  /** The environment: `OPENSPEC_BIN`, `PATH`, `OPENSPEC_AGENT_DB`, `XDG_DATA_HOME`. Defaults to `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The user's home folder; defaults to `os.homedir()`. */
  home?: string;
  /** The registry file; defaults to `OPENSPEC_AGENT_DB`, then the user's data folder. */
  registryPath?: string;
  /** The repository used when a call names neither `source` nor `workdir`. */
  defaultWorkdir?: string;
  /**
   * How long one OpenSpec CLI run may take; defaults to
   * `OPENSPEC_AGENT_CLI_TIMEOUT_MS`, else 120 s. Every numeric setting is
   * checked against its bounds (`SETTING_BOUNDS` of the runner); one out of
   * bounds makes every tool call answer `invalid_setting`.
   */
  cliTimeoutMs?: number;
  /** How much of each CLI output stream is kept; defaults to 1 MiB. */
  cliMaxOutputBytes?: number;
  /** How long a CLI discovery result is reused; defaults to 2 s. */
  cliDiscoveryTtlMs?: number;
  /**
   * Keep OpenSpec workers warm (true, or how many) from the first CLI-backed
   * call on, so later calls skip the CLI's start-up. For long-lived hosts;
   * `OPENSPEC_AGENT_POOL=0` turns it off, `OPENSPEC_AGENT_POOL=<n>` (up to 32)
   * sets how many when `warmPool` is `true`.
   */
  warmPool?: boolean | number;
  /** A pool the caller made and closes itself, instead of `warmPool`. */
  pool?: OpenSpecPool;
  /**
   * How many OpenSpec CLI runs (cold or warm) may go at once; the others wait
   * their turn, and a run's timeout starts with its turn. Defaults to
   * `OPENSPEC_AGENT_CLI_CONCURRENCY`, else one per core
   * (`os.availableParallelism()`); a whole number from 1 to 64. Like every
   * numeric setting, one out of bounds makes every tool call answer `invalid_setting`.
   */
  cliConcurrency?: number;
  /** Where one-line notices go (an unusable warm pool); defaults to stderr. */
  log?: (line: string) => void;
  /**
   * Bytes of each artifact (spec, proposal, tasks, design) an answer carries;
   * larger files come back cut with `truncated: true`. Defaults to
   * `OPENSPEC_AGENT_MAX_ARTIFACT_BYTES`, else 1 MiB; 1 KiB to 256 MiB.
   */
  maxArtifactBytes?: number;
  /**
   * Folders to serve as sources besides the registered ones, for this
   * process only (the dashboard's working folder): each one, or the nearest
   * folder above it, that holds `openspec/` answers to its basename and an
   * `os_` token of 8 hex digits, is resolved and checked like a registered
   * source, and is never written to the registry. A registered source of the
   * same folder wins. No tool input and no environment variable can add one.
   */
  processSources?: readonly string[];
  /**
   * Whether the OpenSpec CLI runs confined to the source it serves:
   * `auto` (where the host can: Linux with bubblewrap), `required` (a run that
   * cannot be confined answers `confinement_unavailable`) or `off`. Defaults
   * to `OPENSPEC_AGENT_CONFINE`, else `auto`.
   */
  confine?: ConfineSetting;
  /**
   * Which sources' CLI runs may reach the OpenSpec stores registered on this
   * host (a `store:` pointer, the store registry): `all`, `none`, or source
   * names (display names or tokens) separated by commas. Defaults to
   * `OPENSPEC_AGENT_ALLOW_STORES`, else `defaultAllowStores`.
   */
  allowStores?: string;
  /** The host's default for `allowStores`: `all` (the user's own machine) unless given; the HTTP server says `none`. */
  defaultAllowStores?: "all" | "none";
};

/** What a tool handler may use: the registry, the CLI and the settings. */
export type CatalogContext = {
  env: Readonly<Record<string, string | undefined>>;
  home: string;
  defaultWorkdir: string | undefined;
  /** The `processSources` folders, as given. */
  processFolders: readonly string[];
  /**
   * Set when a numeric setting (option or environment variable) is out of
   * bounds: every tool call answers with it instead of running.
   */
  settingFailure: ToolFailure | undefined;
  /**
   * The registry (the SQLite file, or the PostgreSQL server of a `postgres://`
   * `OPENSPEC_AGENT_DB`), opened on first use and kept open.
   */
  registry(): Promise<{ ok: true; registry: AsyncRegistry } | ToolFailure>;
  findCli(): Promise<OpenSpecDiscovery>;
  /**
   * Runs the CLI for this call: its `signal` stops the run (see
   * `RunCliOptions`), its `onProgress` hears the run's heartbeat.
   */
  runCli(args: string[], workdir: string, options?: RunCliOptions): Promise<SharedAnswer>;
  /** The call being served: its signal and progress listener (`{}` outside a call). */
  call: ToolCallContext;
  /** Whether this catalog keeps warm workers (`warmPool` or `pool`). */
  keepsPool(): Promise<boolean>;
  /** How many CLI runs may go at once. */
  cliConcurrency: number;
  /** The cap on one artifact's bytes in an answer. */
  maxArtifactBytes: number;
  /**
   * Whether CLI runs for this source (its display name or token; null for a
   * bare workdir) may reach the OpenSpec stores registered on this host, as
   * the `allowStores` setting says. A bare workdir gets stores only with `all`.
   */
  storesAllowedFor(sourceName: string | null): boolean;
  close(): void;
};

/** The catalog's context, and how to bind it to one call. */
export type CatalogContextFactory = CatalogContext & {
  /** The same context, with `call` set and `runCli` bound to its signal and listener. */
  forCall(call: ToolCallContext): CatalogContext;
};

const CONFINEMENT_FIX =
  "Install bubblewrap (the distribution's bubblewrap package) and allow unprivileged user namespaces, or set OPENSPEC_AGENT_CONFINE=auto to run the CLI unconfined where the host cannot confine it.";

export function createCatalogContext(options: CatalogOptions = {}): CatalogContextFactory {
  const env = options.env ?? process.env;
  const home = options.home ?? homedir();
  const read = readCatalogSettings(options, env);
  const settingFailure = read.ok ? undefined : read;
  const settings = read.ok ? read.settings : undefined;
  const cliTimeoutMs = settings?.cliTimeoutMs;
  let opening: Promise<ConnectRegistryResult> | undefined;
  let openedRegistry: AsyncRegistry | undefined;
  let closed = false;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const cliConcurrency = settings?.cliConcurrency ?? defaultCliConcurrency();
  const limiter = createRunLimiter(cliConcurrency);
  const wantsOwnPool =
    settings !== undefined &&
    options.pool === undefined &&
    options.warmPool !== undefined &&
    options.warmPool !== false;
  // The pool this catalog makes (`warmPool`) when the runner loads, and warms and closes;
  // made after close(), it is closed at once.
  let ownPool: OpenSpecPool | undefined;
  // The runner (spawning, the warm pool, tinyexec) loads when something first
  // looks for or runs the CLI, so a tool that only reads files never loads it.
  const startRunner = async () => {
    const runner = await import("@org/openspec-cli-runner");
    ownPool = wantsOwnPool
      ? runner.createOpenSpecPool({
          env,
          ...(settings?.poolSize === undefined ? {} : { size: settings.poolSize }),
          onUnavailable: (reason) =>
            log(`warm pool unavailable: ${reason} Every CLI-backed call starts the CLI cold.`),
        })
      : undefined;
    if (closed) ownPool?.close();
    return {
      locator: runner.createOpenSpecLocator({
        env,
        home,
        ttlMs: settings?.cliDiscoveryTtlMs ?? 2000,
      }),
      // The pool CLI runs use: the caller's (`pool`) or this catalog's own.
      pool: options.pool ?? ownPool,
      runOpenSpec: runner.runOpenSpec,
      // Whether this host can confine a run (cached by the runner for the process).
      findConfinement: runner.findConfinement,
    };
  };
  let runnerLoad: ReturnType<typeof startRunner> | undefined;
  const loadRunner = () => {
    runnerLoad ??= startRunner();
    return runnerLoad;
  };
  // What a run needs besides the runner loads with the first run, not with the
  // first look for the CLI, which every MCP server's first tool list waits for:
  // the shared answers (they fingerprint folders with the artifacts library) and
  // the checks before a run (they read YAML: a pointer to a store, the CLI's config).
  const startRunSupport = async () => {
    const [
      { createSharedCliRuns },
      { sharedCliQuestion },
      { createChangeByChangeValidation },
      { findCliEscape },
      { readStoreBinds },
    ] = await Promise.all([
      import("./create-shared-cli-runs.js"),
      import("./shared-cli-question.js"),
      import("./validate-change-by-change.js"),
      import("./find-cli-escape.js"),
      import("./read-store-binds.js"),
    ]);
    return {
      // The answers of read-only CLI questions, shared while in flight and kept while their files are unchanged.
      shared: createSharedCliRuns(),
      // The last validation of everything per repository, brought up to date change by change.
      wholeValidations: createChangeByChangeValidation(),
      sharedCliQuestion,
      findCliEscape,
      readStoreBinds,
    };
  };
  let runSupport: ReturnType<typeof startRunSupport> | undefined;
  const loadRunSupport = () => {
    runSupport ??= startRunSupport();
    return runSupport;
  };
  // Workers start with the first CLI-backed call, so a host that never runs the CLI pays nothing.
  let warming = false;
  const allowStores: StoreAllowance = settings?.allowStores ?? { kind: "none" };
  const storesAllowedFor = (sourceName: string | null): boolean => {
    if (allowStores.kind !== "only") return allowStores.kind === "all";
    return sourceName !== null && allowStores.names.includes(sourceName.toLowerCase());
  };
  // The registered source at `workdir` may be named in the allowance by its name or its token.
  const storesAllowedAt = async (workdir: string): Promise<boolean> => {
    if (allowStores.kind !== "only") return allowStores.kind === "all";
    const registry = await context.registry();
    const listed = registry.ok ? await registry.registry.list() : undefined;
    if (listed === undefined || !listed.ok) return false;
    return listed.sources.some(
      (source) =>
        source.path === workdir &&
        (storesAllowedFor(source.displayName) || storesAllowedFor(source.token)),
    );
  };
  // What one run may see: its folder (writable only for a command that
  // writes), the folders the call adds, and the stores when they are allowed.
  // `source` is the folder whose store allowance counts (null: a run that serves no source).
  const viewFor = async (
    workdir: string,
    source: string | null,
    runOptions: RunCliOptions | undefined,
    readStoreBinds: typeof import("./read-store-binds.js").readStoreBinds,
  ) => {
    const allowed = source === null ? storesAllowedFor(null) : await storesAllowedAt(source);
    if (settings === undefined || settings.confine === "off")
      return { view: undefined, storesAllowed: allowed };
    const writable = runOptions?.writes ?? runOptions?.cancellable === false;
    const readOnly = [...(runOptions?.alsoReads ?? [])];
    const readWrite: string[] = [];
    let setEnv: Record<string, string> | undefined;
    const stores = allowed ? await readStoreBinds(env, home) : undefined;
    if (stores !== undefined) {
      readOnly.push(stores.registryFile);
      (writable ? readWrite : readOnly).push(...stores.roots);
      setEnv = { XDG_DATA_HOME: stores.dataHome };
    }
    const view = {
      root: workdir,
      writable,
      ...(readOnly.length > 0 ? { readOnly } : {}),
      ...(readWrite.length > 0 ? { readWrite } : {}),
      ...(setEnv === undefined ? {} : { setEnv }),
    };
    return { view, storesAllowed: allowed };
  };

  const runCliFor = async (
    call: ToolCallContext,
    args: string[],
    workdir: string,
    runOptions: RunCliOptions | undefined,
  ): Promise<SharedAnswer> => {
    const [
      { locator, pool, runOpenSpec, findConfinement },
      { shared, wholeValidations, sharedCliQuestion, findCliEscape, readStoreBinds },
    ] = await Promise.all([loadRunner(), loadRunSupport()]);
    const source = runOptions?.source === undefined ? workdir : runOptions.source;
    const { view, storesAllowed } = await viewFor(workdir, source, runOptions, readStoreBinds);
    // What in the source would lead the CLI outside it is refused before the run: on every
    // platform the CLI's root rule; where the run is not confined, the pointers and links too.
    const refusal =
      source === null
        ? undefined
        : await findCliEscape({
            folder: source,
            args,
            storesAllowed,
            confined: view !== undefined && findConfinement(env).ok,
          });
    if (refusal !== undefined) return refusedRun(refusal, args, workdir);
    const found = await locator.find();
    if (ownPool?.enabled && found.ok && !warming) {
      warming = true;
      // Warm for the first call's view: a host serving one source stays warm.
      void ownPool.warm(found.path, settings?.confine === "off" ? undefined : view);
    }
    const run = (controls: ReturnType<typeof runControls>) =>
      runOpenSpec({
        args,
        workdir,
        env,
        ...(view === undefined ? {} : { confine: view }),
        ...(settings === undefined ? {} : { confineMode: settings.confine }),
        ...(found.ok ? { bin: found.path } : {}),
        ...(found.ok && found.node !== undefined ? { node: found.node } : {}),
        ...(pool && !(view !== undefined && runOptions?.warm === false) ? { pool } : {}),
        limiter,
        ...(call.caller === undefined ? {} : { caller: call.caller }),
        ...controls,
        ...(cliTimeoutMs === undefined ? {} : { timeoutMs: cliTimeoutMs }),
        ...(settings?.cliMaxOutputBytes === undefined
          ? {}
          : { maxOutputBytes: settings.cliMaxOutputBytes }),
      }).then((result) => {
        if (!result.ok && result.code === "confinement_unavailable") {
          return { ...result, fix: CONFINEMENT_FIX };
        }
        // Confined without stores, a store: pointer leads nowhere; say why in the words of this host.
        return view !== undefined && !storesAllowed ? explainUnreachableStore(result) : result;
      });
    const controls = runControls(call, runOptions);
    const question = found.ok
      ? sharedCliQuestion({ args, workdir, bin: found.path, node: found.node }, env, home)
      : undefined;
    // Read-only questions of unchanged files share one run and reuse its answer.
    if (question === undefined) return run(controls);
    const { whole } = question;
    if (whole === undefined) return shared.ask(question, controls, run);
    // A validation of everything after a few changes were written validates just those.
    return wholeValidations.ask(
      { ...question, whole },
      controls,
      () => shared.ask(question, controls, run),
      (oneArgs) => runCliFor(call, oneArgs, workdir, runOptions),
    );
  };

  const context: CatalogContextFactory = {
    env,
    home,
    defaultWorkdir: options.defaultWorkdir,
    processFolders: [...(options.processSources ?? [])],
    settingFailure,
    async registry() {
      // Concurrent first calls share one opening; a failed one is tried again by the next call.
      // The registry's code (its drivers, migrations and queries) loads with the first
      // open, not with the catalog: an MCP server lists its tools without it.
      opening ??= import("@org/openspec-registry").then(({ connectRegistry }) =>
        connectRegistry({ path: options.registryPath, env, home }),
      );
      const result = await opening;
      if (!result.ok) {
        opening = undefined;
        return toolFailure(
          result.code,
          result.error,
          sourceFix(result.code) ?? "Check OPENSPEC_AGENT_DB or move the damaged file aside.",
        );
      }
      openedRegistry = result.registry;
      return { ok: true, registry: result.registry };
    },
    findCli: async () => (await loadRunner()).locator.find(),
    maxArtifactBytes: settings?.maxArtifactBytes ?? DEFAULT_MAX_ARTIFACT_BYTES,
    storesAllowedFor,
    call: {},
    runCli: (args, workdir, runOptions) => runCliFor({}, args, workdir, runOptions),
    forCall(call) {
      return {
        ...this,
        call,
        runCli: (args, workdir, runOptions) => runCliFor(call, args, workdir, runOptions),
      };
    },
    keepsPool: async () => (await loadRunner()).pool?.enabled === true,
    cliConcurrency,
    close() {
      closed = true;
      const pending = opening;
      opening = undefined;
      // An open SQLite file is closed before close() returns; one still opening, once it is open.
      if (openedRegistry !== undefined) void openedRegistry.close();
      else void pending?.then((result) => (result.ok ? result.registry.close() : undefined));
      openedRegistry = undefined;
      ownPool?.close();
    },
  };
  return context;
}
