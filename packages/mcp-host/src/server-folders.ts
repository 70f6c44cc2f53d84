import { lstat, realpath, stat } from "node:fs/promises";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Catalog, findBundledOpenSpec } from "@org/openspec-core";
import { defaultRegistryPath } from "@org/openspec-registry";
import { installFolderOf } from "./install-folder-of.js";
import { type ResourceSource, sourcesSignature } from "./list-sources.js";
import { listStoreFolders } from "./list-store-folders.js";

/** The folders of the server a token holder is not shown, and the sources it may see. */
export type ServerFolders = {
  /** Folders hidden with everything under them. */
  subtrees: ReadonlySet<string>;
  /** Folders hidden as themselves only: an ancestor OpenSpec project's root. */
  exact: ReadonlySet<string>;
  /** The folders of the sources the token may see: nothing inside them is hidden. */
  visible: ReadonlySet<string>;
};

export type ServerFolderOptions = {
  catalog: Catalog;
  /** The environment the catalog runs the CLI with (its `HOME` and `XDG_DATA_HOME`). */
  env: Readonly<Record<string, string | undefined>>;
  home: string;
  /** The registry file, when the server was given one. */
  registryPath?: string | undefined;
};

/**
 * The folders the server knows are its own, outside every source a token may
 * see: each registered source's parent folder (where an ancestor project the
 * CLI could pick lies, and the sources' unregistered neighbours) and every
 * ancestor above it that holds `openspec/` (its root and its `openspec/`);
 * every registered source the token may not see; the OpenSpec stores' roots
 * and the CLI's data folder (`$XDG_DATA_HOME/openspec`, its store registry);
 * where the OpenSpec CLI the catalog runs and this server are installed
 * (`installFolderOf`); the registry file's folder. What never changes while
 * the server runs is read once, on first use; the sources' part again when
 * the registered sources change, the stores' when the CLI's store registry
 * file changes (one `stat` per answer). Every read is asynchronous.
 */
export function createServerFolders(options: ServerFolderOptions) {
  const { catalog, env } = options;
  const cliHome = env.HOME !== undefined && isAbsolute(env.HOME) ? env.HOME : options.home;
  // Where the OpenSpec CLI keeps its data, as it finds it (POSIX).
  const dataFolder = env.XDG_DATA_HOME
    ? join(env.XDG_DATA_HOME, "openspec")
    : join(cliHome, ".local", "share", "openspec");
  const storeRegistry = join(dataFolder, "stores", "registry.yaml");
  let fixed: Promise<string[]> | undefined;
  let sourcePart: { signature: string; folders: Promise<SourceFolders> } | undefined;
  let storePart: { key: string; stores: Promise<{ name: string; path: string }[]> } | undefined;
  let combined: { parts: readonly unknown[]; folders: ServerFolders } | undefined;

  const readFixed = async (): Promise<string[]> => {
    const cli = await catalog.cliStatus();
    const bundled = await findBundledOpenSpec();
    const installs = await Promise.all(
      [cli.ok ? cli.path : null, bundled, fileURLToPath(import.meta.url)].map((file) =>
        file === null ? undefined : installFolderOf(file),
      ),
    );
    const registryFile = options.registryPath ?? defaultRegistryPath({ env, home: options.home });
    const folders = [
      ...installs.filter((folder): folder is string => folder !== undefined),
      dirname(resolve(registryFile)),
      dataFolder,
    ];
    return (await Promise.all(folders.map(spellingsOf))).flat();
  };

  /** The stores registered with the CLI, listed again only when its registry file changed. */
  const stores = async (): Promise<{ name: string; path: string }[]> => {
    let key = "none";
    try {
      const file = await stat(storeRegistry);
      key = `${file.ino}:${file.size}:${file.mtimeMs}`;
    } catch {}
    if (storePart?.key !== key) {
      storePart = {
        key,
        stores: key === "none" ? Promise.resolve([]) : listStoreFolders(catalog),
      };
    }
    return storePart.stores;
  };

  return {
    stores,
    /** The server's folders as they are now, for a token that may see `visible` of the `sources`. */
    async current(
      sources: readonly ResourceSource[],
      visible: (source: ResourceSource) => boolean = () => true,
    ): Promise<ServerFolders> {
      fixed ??= readFixed();
      const signature = sourcesSignature(sources);
      if (sourcePart?.signature !== signature) {
        sourcePart = { signature, folders: readSourceFolders(sources, visible) };
      }
      const parts = await Promise.all([fixed, sourcePart.folders, stores()]);
      // Unchanged parts give the same answer: the sets are built again only when one changed.
      if (combined === undefined || parts.some((part, index) => part !== combined?.parts[index])) {
        const [own, bySource, storeFolders] = parts;
        combined = {
          parts,
          folders: {
            subtrees: new Set([
              ...own,
              ...bySource.subtrees,
              ...storeFolders.map((store) => store.path),
            ]),
            exact: bySource.exact,
            visible: bySource.visible,
          },
        };
      }
      return combined.folders;
    },
  };
}

export type ServerFolderList = ReturnType<typeof createServerFolders>;

type SourceFolders = { subtrees: string[]; exact: Set<string>; visible: Set<string> };

async function readSourceFolders(
  sources: readonly ResourceSource[],
  visible: (source: ResourceSource) => boolean,
): Promise<SourceFolders> {
  const spelled = await Promise.all(
    sources.map(async (source) => ({ source, spellings: await spellingsOf(source.path) })),
  );
  const shown = new Set(
    spelled.filter(({ source }) => visible(source)).flatMap(({ spellings }) => spellings),
  );
  const subtrees: string[] = [];
  const ancestors = new Set<string>();
  for (const { source, spellings } of spelled) {
    if (!visible(source)) subtrees.push(...spellings);
    for (const folder of spellings) {
      const parent = dirname(folder);
      // The root folder is never hidden whole: that would hide every path again.
      if (parent !== dirname(parent)) subtrees.push(parent);
      for (let above = dirname(parent); above !== dirname(above); above = dirname(above)) {
        ancestors.add(above);
      }
    }
  }
  const exact = new Set<string>();
  await Promise.all(
    [...ancestors].map(async (folder) => {
      if (await isFolder(join(folder, "openspec"))) {
        exact.add(folder);
        subtrees.push(join(folder, "openspec"));
      }
    }),
  );
  return { subtrees, exact, visible: shown };
}

/** The folder as given and, when it differs, with its links resolved (as the CLI prints it). */
async function spellingsOf(folder: string): Promise<string[]> {
  const trimmed = folder.length > 1 ? folder.replace(/\/+$/, "") : folder;
  if (!isAbsolute(trimmed) || trimmed === dirname(trimmed)) return [];
  try {
    const real = await realpath(trimmed);
    return real === trimmed ? [trimmed] : [trimmed, real];
  } catch {
    return [trimmed];
  }
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await lstat(path)).isDirectory();
  } catch {
    return false;
  }
}
