// `@org/openspec-artifacts/limits`: the default cap on an artifact's bytes, in a
// module of its own, so a host reads its settings at start without loading
// what reads artifacts (an MCP server answers its first `tools/list` without it).

/** Artifacts larger than this come back cut, with `truncated: true` and their size. */
export const DEFAULT_MAX_ARTIFACT_BYTES = 1024 * 1024;
