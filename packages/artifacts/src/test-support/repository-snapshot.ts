import { listSpecs } from "../list-specs.js";
import { openRepository } from "../open-repository.js";
import { resolveContext, type SourceResolver } from "../resolve-context.js";
import { listActiveChangeFolders } from "../scan-changes.js";
import { showSpec } from "../show-spec.js";

/**
 * Everything the cached paths answer about a repository: the bare context, a
 * lookup of every listed token, the spec lists and every spec shown. Two
 * snapshots are equal exactly when an agent could not tell them apart.
 */
export function repositorySnapshot(root: string): unknown {
  const source: SourceResolver = (name) => ({ ok: true, name, path: root });
  const opened = openRepository(root);
  if (!opened.ok) throw new Error(opened.error);
  const repository = opened.repository;
  const bare = resolveContext("shop", source, { limit: 1000 });
  if (!bare.ok || !("changes" in bare)) throw new Error("the bare context failed");
  const tokens = [...bare.changes, ...bare.archived_changes, ...bare.specs].map(
    (entry) => entry.token,
  );
  const changes = listActiveChangeFolders(repository);
  const specIds = (change: string | null) => {
    const list = listSpecs(repository, { change });
    return list.ok ? list.specs : [];
  };
  return {
    bare,
    lookups: tokens.map((token) => resolveContext(`shop/${token}`, source)),
    byName: changes.map((change) => resolveContext(`shop/${change}`, source)),
    specLists: [null, ...changes].map((change) => listSpecs(repository, { change })),
    shown: [null, ...changes].flatMap((change) =>
      specIds(change).map((name) => showSpec(repository, { name, change })),
    ),
  };
}
