import type { ContractCase } from "./contract-case.js";
import { ARCHIVED_CHANGE } from "./sandbox.js";

/**
 * `openspec_context` by every kind of identifier (source name, basename, change and spec tokens,
 * archived change), with dates on request, and its refusals. They rely on the sources that the
 * registration cases before them add.
 */
export const contextCases: ContractCase[] = [
  {
    name: "context: a bare source by vanity name",
    tool: "openspec_context",
    args: () => ({ identifier: "webshop" }),
    expect: { ok: true, name: "webshop", changes: [{ name: "add-dark-mode", token: "os_243ec3" }] },
  },
  {
    name: "context: a bare source with last_modified, the archived change dated by its folder",
    tool: "openspec_context",
    args: () => ({ identifier: "webshop", last_modified: true }),
    expect: {
      ok: true,
      changes: [{ name: "add-dark-mode" }],
      archived_changes: [{ name: ARCHIVED_CHANGE, last_modified: "2024-01-15" }],
    },
  },
  {
    name: "context: a bare source with detail summary: the counts, no entries",
    tool: "openspec_context",
    args: () => ({ identifier: "webshop", detail: "summary" }),
    expect: {
      ok: true,
      changes: [],
      specs: [],
      totals: { changes: 1 },
      truncated: true,
      page: { offset: 0, next_offset: 0 },
    },
  },
  {
    name: "context: a bare source whose lists hold one entry each, one a page: not truncated",
    tool: "openspec_context",
    args: () => ({ identifier: "webshop", limit: 1 }),
    expect: { ok: true, truncated: false, page: { limit: 1, next_offset: null } },
  },
  {
    name: "context: a bare source by basename",
    tool: "openspec_context",
    args: () => ({ identifier: "FRESH" }),
    expect: { ok: true, name: "fresh", changes: [], specs: [] },
  },
  {
    name: "context: a change token",
    tool: "openspec_context",
    args: () => ({ identifier: "webshop/os_243ec3" }),
    expect: { ok: true, change: { name: "add-dark-mode", archived: false } },
  },
  {
    name: "context: an archived change by name",
    tool: "openspec_context",
    args: () => ({ identifier: `webshop/${ARCHIVED_CHANGE}` }),
    expect: { ok: true, change: { archived: true, tasks: null } },
  },
  {
    name: "context: a spec by id",
    tool: "openspec_context",
    args: () => ({ identifier: "webshop/auth" }),
    expect: { ok: true, spec: { path: "auth/spec.md" } },
  },
  {
    name: "context: an unknown source",
    tool: "openspec_context",
    args: () => ({ identifier: "nowhere" }),
    expect: { ok: false, code: "source_not_found" },
  },
  {
    name: "context: an unknown token",
    tool: "openspec_context",
    args: () => ({ identifier: "webshop/os_000000" }),
    expect: { ok: false, code: "artifact_not_found" },
  },
  {
    name: "context: wrong argument types",
    tool: "openspec_context",
    args: () => ({ identifier: 42 }),
    expect: { ok: false, code: "invalid_input" },
  },
];
