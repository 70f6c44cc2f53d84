import type { ContractCase } from "./contract-case.js";

// Run after the alias cases: the change the passthrough makes in fresh is
// then seen by no other case. The CLI's own JSON must come through every host
// unchanged, and every refusal must be the same value everywhere.

/** openspec_cli, openspec_doctor, openspec_schemas and openspec_store_list. */
export const cliCases: ContractCase[] = [
  {
    name: "passthrough: a command that reads, as an argument array, answers the CLI's JSON",
    tool: "openspec_cli",
    args: (s) => ({ workdir: s.shop, args: ["list", "--specs", "--sort", "name"] }),
    expect: { ok: true, kind: "read", exit_code: 0 },
  },
  {
    name: "passthrough: a call as the earlier Hermes plugin wrote it (command string, json_output)",
    tool: "openspec_cli",
    args: (s) => ({
      workdir: s.fresh,
      command: "status --change remember-card",
      json_output: true,
    }),
    expect: { ok: true, kind: "read", stdout: { changeName: "remember-card" } },
  },
  {
    name: "passthrough: an interactive command is refused with a fix",
    tool: "openspec_cli",
    args: (s) => ({ workdir: s.shop, args: ["view"] }),
    expect: { ok: false, code: "command_not_allowed" },
  },
  {
    name: "passthrough: --store, which selects another root, is refused",
    tool: "openspec_cli",
    args: (s) => ({ workdir: s.shop, args: ["list", "--store", "handbook"] }),
    expect: { ok: false, code: "command_not_allowed" },
  },
  {
    name: "passthrough: a word that is no CLI command is refused",
    tool: "openspec_cli",
    args: (s) => ({ workdir: s.shop, args: ["rm", "-rf", "/"] }),
    expect: { ok: false, code: "unknown_command" },
  },
  {
    name: "passthrough: a name with a path in it is refused",
    tool: "openspec_cli",
    args: (s) => ({ workdir: s.shop, args: ["show", "../../etc"] }),
    expect: { ok: false, code: "invalid_input" },
  },
  {
    name: "passthrough: a command that writes makes the change inside the repository",
    tool: "openspec_cli",
    args: (s) => ({ workdir: s.fresh, args: ["new", "change", "made-by-cli"] }),
    expect: { ok: true, kind: "write", stdout: { change: { id: "made-by-cli" } } },
  },
  {
    name: "doctor: a healthy root",
    tool: "openspec_doctor",
    args: (s) => ({ workdir: s.shop }),
    expect: { ok: true, healthy: true, stdout: { store: null } },
  },
  {
    name: "schemas: the CLI's schemas",
    tool: "openspec_schemas",
    args: (s) => ({ workdir: s.shop }),
    expect: { ok: true, exit_code: 0 },
  },
  {
    name: "schemas: where spec-driven resolves from",
    tool: "openspec_schemas",
    args: (s) => ({ workdir: s.shop, name: "spec-driven" }),
    expect: { ok: true, stdout: { name: "spec-driven", source: "package" } },
  },
  {
    name: "schemas: an unknown schema names the ones there are",
    tool: "openspec_schemas",
    args: (s) => ({ workdir: s.shop, name: "no-such-flow" }),
    expect: { ok: false, code: "unknown_schema" },
  },
  {
    name: "stores: the CLI's store list",
    tool: "openspec_store_list",
    args: () => ({}),
    expect: { ok: true, stdout: { status: [] } },
  },
];
