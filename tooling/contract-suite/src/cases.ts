import { join } from "node:path";
import { CHECKOUT_SPEC_INPUT } from "@org/test-kit";
import { aliasCases } from "./alias-cases.js";
import { cliCases } from "./cli-cases.js";
import { contextCases } from "./context-cases.js";
import type { ContractCase } from "./contract-case.js";
import { ideaCases } from "./idea-cases.js";
import { legacyRepository, RICH_DESCRIPTION } from "./legacy-repository.js";
import { TOKEN_LIKE_FOLDER } from "./sandbox.js";
import { promoteAndSequenceCases } from "./sequence-cases.js";
import { specDiffCases } from "./spec-diff-cases.js";
import { storeImportCases } from "./store-import-cases.js";
import { archiveCases, changeCreateCases, changeWriteCases, taskCases } from "./workflow-cases.js";

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
  ...contextCases,
  {
    name: "list changes",
    tool: "openspec_list",
    args: () => ({ source: "webshop" }),
    expect: {
      ok: true,
      exit_code: 0,
      engine: "native",
      stdout: { changes: [{ name: "add-dark-mode" }] },
    },
  },
  {
    name: "list changes through the CLI",
    tool: "openspec_list",
    args: () => ({ source: "webshop", engine: "cli" }),
    expect: { ok: true, engine: "cli", stdout: { changes: [{ name: "add-dark-mode" }] } },
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
    name: "validate an invalid spec: the top level says what to fix",
    tool: "openspec_validate",
    args: (s) => ({ workdir: s.broken, target: "thin" }),
    expect: { ok: false, code: "validation_failed" },
  },
  {
    name: "validate everything, the counts alone with detail summary",
    tool: "openspec_validate",
    args: () => ({ source: "webshop", detail: "summary", limit: 1 }),
    expect: {
      ok: true,
      stdout: { items: [], summary: { totals: { failed: 0 } } },
      page: { offset: 0, limit: 1, next_offset: 0 },
    },
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
  ...changeCreateCases,
  ...changeWriteCases,
  ...ideaCases,
  ...promoteAndSequenceCases,
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
  {
    name: "refuse an unnamed folder called like a token",
    tool: "openspec_source_add",
    args: (s) => ({ path: join(s.home, TOKEN_LIKE_FOLDER) }),
    expect: { ok: false, code: "invalid_name" },
  },
  {
    name: "refuse a source name with an invisible character",
    tool: "openspec_source_add",
    args: (s) => ({ path: join(s.home, TOKEN_LIKE_FOLDER), name: "sto\u200bre" }),
    expect: { ok: false, code: "invalid_name" },
  },
  {
    name: "register a folder called like a token under a vanity name",
    tool: "openspec_source_add",
    args: (s) => ({ path: join(s.home, TOKEN_LIKE_FOLDER), name: "decoy" }),
    expect: { ok: true, source: { name: "decoy", display_name: "decoy" } },
  },
  {
    name: "a source token in capitals resolves to its source",
    tool: "openspec_spec_create",
    args: (_, tokens) => ({
      source: String(tokens[0]).toUpperCase(),
      ...checkout,
      name: "by-token",
    }),
    expect: { ok: true, name: "by-token", path: "openspec/specs/by-token/spec.md" },
  },
  {
    name: "register a repository whose six-digit tokens collide",
    tool: "openspec_source_add",
    args: (s) => ({ path: s.collide, name: "collide" }),
    expect: { ok: true, source: { name: "collide" } },
  },
  {
    name: "context: colliding artifacts are listed with the longer tokens that resolve",
    tool: "openspec_context",
    args: () => ({ identifier: "collide" }),
    expect: {
      ok: true,
      changes: [
        { name: "add-dark-mode", token: "os_243ec3" },
        { name: "change-5055", token: "os_cdce7e2" },
        { name: "change-5565", token: "os_7f7dab1" },
        { name: "change-5767", token: "os_7f7dabd" },
      ],
      specs: [{ path: "cap-4047/spec.md", token: "os_cdce7e7" }],
    },
  },
  {
    name: "context: a listed longer change token resolves to its change",
    tool: "openspec_context",
    args: () => ({ identifier: "collide/os_7f7dabd" }),
    expect: { ok: true, change: { name: "change-5767", token: "os_7f7dabd" } },
  },
  {
    name: "context: a listed longer spec token resolves to its spec",
    tool: "openspec_context",
    args: () => ({ identifier: "collide/os_cdce7e7" }),
    expect: { ok: true, spec: { id: "cap-4047", token: "os_cdce7e7" } },
  },
  {
    name: "context: a change answer repeats its longer token",
    tool: "openspec_context",
    args: () => ({ identifier: "collide/change-5055" }),
    expect: { ok: true, change: { name: "change-5055", token: "os_cdce7e2" } },
  },
  {
    name: "context: the shared six digits stay ambiguous",
    tool: "openspec_context",
    args: () => ({ identifier: "collide/os_7f7dab" }),
    expect: { ok: false, code: "ambiguous_artifact" },
  },
  {
    name: "context: a spec token alone is found in its source",
    tool: "openspec_context",
    args: () => ({ identifier: "os_cdce7e7" }),
    expect: { ok: true, name: "collide", spec: { id: "cap-4047" } },
  },
  {
    name: "context: a token alone that two sources hold is ambiguous",
    tool: "openspec_context",
    args: () => ({ identifier: "os_243ec3" }),
    expect: { ok: false, code: "ambiguous_artifact" },
  },
  {
    name: "context: a token alone that no source holds",
    tool: "openspec_context",
    args: () => ({ identifier: "os_000000" }),
    expect: { ok: false, code: "source_not_found" },
  },
  ...taskCases,
  ...specDiffCases,
  ...archiveCases,
  ...storeImportCases,
  ...aliasCases,
  ...cliCases,
];
