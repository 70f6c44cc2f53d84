import { join } from "node:path";
import { CHECKOUT_SPEC_INPUT } from "@org/test-kit";
import { legacyRepository, RICH_DESCRIPTION } from "./legacy-repository.js";
import { ARCHIVED_CHANGE, type Sandbox } from "./sandbox.js";

/** What a case expects of the library's answer; every other door must then answer the same. */
export type Expectation = { ok: true; [key: string]: unknown } | { ok: false; code: string };

export type ContractCase = {
  name: string;
  tool: string;
  args: (sandbox: Sandbox) => Record<string, unknown>;
  expect: Expectation;
};

const checkout = CHECKOUT_SPEC_INPUT;

/**
 * Every tool and every seed scenario, in order: later cases rely on the
 * sources that earlier ones register.
 */
export const contractCases: ContractCase[] = [
  {
    name: "register a source with a vanity name",
    tool: "openspec_source_add",
    args: (s) => ({ path: s.shop, name: "webshop" }),
    expect: { ok: true, source: { name: "webshop", has_openspec: true } },
  },
  {
    name: "register a source without a name",
    tool: "openspec_source_add",
    args: (s) => ({ path: s.fresh }),
    expect: { ok: true, source: { name: null, display_name: "fresh" } },
  },
  {
    name: "refuse a relative source path",
    tool: "openspec_source_add",
    args: () => ({ path: "relative/repo" }),
    expect: { ok: false, code: "invalid_path" },
  },
  {
    name: "refuse a source name with a slash",
    tool: "openspec_source_add",
    args: (s) => ({ path: s.shop, name: "a/b" }),
    expect: { ok: false, code: "invalid_name" },
  },
  {
    name: "refuse a second registration of one path",
    tool: "openspec_source_add",
    args: (s) => ({ path: s.shop }),
    expect: { ok: false, code: "duplicate_source_path" },
  },
  {
    name: "list the sources",
    tool: "openspec_source_list",
    args: () => ({}),
    expect: { ok: true, total: 2 },
  },
  {
    name: "context: a bare source by vanity name",
    tool: "openspec_context",
    args: () => ({ identifier: "webshop" }),
    expect: { ok: true, name: "webshop", changes: [{ name: "add-dark-mode", token: "os_243ec3" }] },
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
  {
    name: "list changes",
    tool: "openspec_list",
    args: () => ({ source: "webshop" }),
    expect: { ok: true, exit_code: 0, stdout: { changes: [{ name: "add-dark-mode" }] } },
  },
  {
    name: "list specs sorted by name",
    tool: "openspec_list",
    args: () => ({ source: "webshop", kind: "specs", sort: "name" }),
    expect: { ok: true, stdout: { specs: [{ id: "auth" }] } },
  },
  {
    name: "list in a missing workdir",
    tool: "openspec_list",
    args: (s) => ({ workdir: join(s.home, "missing") }),
    expect: { ok: false, code: "invalid_workdir" },
  },
  {
    name: "show a spec with filters",
    tool: "openspec_show",
    args: () => ({ source: "webshop", target: "auth", type: "spec", no_scenarios: true }),
    expect: { ok: true, stdout: { id: "auth" } },
  },
  {
    name: "show a change's deltas",
    tool: "openspec_show",
    args: () => ({ source: "webshop", target: "add-dark-mode", deltas_only: true }),
    expect: { ok: true },
  },
  {
    name: "show an unknown item",
    tool: "openspec_show",
    args: () => ({ source: "webshop", target: "ghost" }),
    expect: { ok: false, code: "exit_nonzero" },
  },
  {
    name: "validate everything strictly",
    tool: "openspec_validate",
    args: () => ({ source: "webshop" }),
    expect: { ok: true, stdout: { summary: { totals: { failed: 0 } } } },
  },
  {
    name: "validate one change",
    tool: "openspec_validate",
    args: () => ({ source: "webshop", target: "add-dark-mode", type: "change" }),
    expect: { ok: true },
  },
  {
    name: "status of the only change",
    tool: "openspec_status",
    args: () => ({ source: "webshop" }),
    expect: { ok: true, change: "add-dark-mode" },
  },
  {
    name: "instructions for the singular spec artifact",
    tool: "openspec_instructions",
    args: () => ({ source: "webshop", artifact: "spec" }),
    expect: { ok: true, artifact: "specs", stdout: { artifactId: "specs" } },
  },
  {
    name: "instructions in a repository without changes",
    tool: "openspec_instructions",
    args: () => ({ source: "fresh", artifact: "proposal" }),
    expect: { ok: true, fallback: true, stdout: { artifactId: "proposal" } },
  },
  {
    name: "instructions for an unknown artifact",
    tool: "openspec_instructions",
    args: () => ({ source: "fresh", artifact: "poem" }),
    expect: { ok: false, code: "unknown_artifact" },
  },
  {
    name: "create a baseline spec",
    tool: "openspec_spec_create",
    args: () => ({ source: "fresh", ...checkout }),
    expect: { ok: true, path: "openspec/specs/checkout/spec.md" },
  },
  {
    name: "refuse to overwrite a spec",
    tool: "openspec_spec_create",
    args: () => ({ source: "fresh", ...checkout }),
    expect: { ok: false, code: "spec_exists" },
  },
  {
    name: "replace a spec with force",
    tool: "openspec_spec_create",
    args: () => ({ source: "fresh", force: true, ...checkout }),
    expect: { ok: true, overwritten: true },
  },
  {
    name: "create a change-scoped spec",
    tool: "openspec_spec_create",
    args: () => ({ source: "webshop", change: "add-dark-mode", ...checkout }),
    expect: { ok: true, format: "delta" },
  },
  {
    name: "refuse a spec name that escapes",
    tool: "openspec_spec_create",
    args: () => ({ source: "fresh", ...checkout, name: "../escape" }),
    expect: { ok: false, code: "invalid_name" },
  },
  {
    name: "show a spec as structured data",
    tool: "openspec_spec_show",
    args: () => ({ source: "webshop", name: "auth" }),
    expect: { ok: true, title: "Auth", requirements: [{ name: "Sign in" }] },
  },
  {
    name: "show a change's delta spec",
    tool: "openspec_spec_show",
    args: () => ({ source: "webshop", name: "ui", change: "add-dark-mode" }),
    expect: { ok: true, format: "delta" },
  },
  {
    name: "show a missing spec",
    tool: "openspec_spec_show",
    args: () => ({ source: "webshop", name: "ghost" }),
    expect: { ok: false, code: "spec_not_found" },
  },
  {
    name: "show a change's spec without delta sections as an empty delta",
    tool: "openspec_spec_show",
    args: (s) => ({ workdir: legacyRepository(s), name: "notes", change: "legacy" }),
    expect: {
      ok: true,
      format: "delta",
      title: "Notes",
      requirements: [],
      warnings: [{ code: "missing_delta_sections", severity: "warning" }],
    },
  },
  {
    name: "refuse a baseline spec without sections",
    tool: "openspec_spec_show",
    args: (s) => ({ workdir: legacyRepository(s), name: "placeholder" }),
    expect: { ok: false, code: "spec_unparsable" },
  },
  {
    name: "create a spec whose description has paragraphs, code and a quote",
    tool: "openspec_spec_create",
    args: (s) => ({
      workdir: legacyRepository(s),
      ...checkout,
      name: "keep",
      requirements: [{ ...checkout.requirements[0], description: RICH_DESCRIPTION }],
    }),
    expect: { ok: true, warnings: [] },
  },
  {
    name: "show that description exactly as written",
    tool: "openspec_spec_show",
    args: (s) => ({ workdir: legacyRepository(s), name: "keep" }),
    expect: { ok: true, requirements: [{ description: RICH_DESCRIPTION }] },
  },
  {
    name: "list baseline specs",
    tool: "openspec_spec_list",
    args: () => ({ source: "webshop" }),
    expect: { ok: true, specs: ["auth"] },
  },
  {
    name: "list a change's specs",
    tool: "openspec_spec_list",
    args: () => ({ source: "webshop", change: "add-dark-mode" }),
    expect: { ok: true, specs: ["checkout", "ui"] },
  },
  {
    name: "list specs in a missing workdir",
    tool: "openspec_spec_list",
    args: (s) => ({ workdir: join(s.home, "missing") }),
    expect: { ok: false, code: "invalid_workdir" },
  },
  {
    name: "rename a source",
    tool: "openspec_source_update",
    args: () => ({ source: "webshop", name: "store" }),
    expect: { ok: true, source: { name: "store" } },
  },
  {
    name: "remove a source",
    tool: "openspec_source_remove",
    args: () => ({ source: "fresh" }),
    expect: { ok: true },
  },
  {
    name: "a removed source no longer resolves",
    tool: "openspec_context",
    args: () => ({ identifier: "fresh" }),
    expect: { ok: false, code: "source_not_found" },
  },
];
