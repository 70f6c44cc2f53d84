import { ESCAPING_CHANGE, ESCAPING_SPECS } from "../sandbox/make-sandbox.js";
import {
  type CaseRow,
  HOSTILE_CHANGE_NAMES,
  HOSTILE_SPEC_NAMES,
  refused,
  refusedAs,
} from "./path-case-parts.js";

/**
 * `openspec_cli` takes the CLI's own arguments, so every way the CLI has of
 * reaching outside is tried through it: another root (`--store`), a file at
 * any path (`--code-workspace`, `init <path>`, `store setup --path`), names
 * that climb, and the symlinked specs and changes of the sandbox. Each is
 * refused before the CLI is looked for (the path-safety sandbox has none), so a
 * refusal here is the passthrough's own check, never a missing CLI.
 */
export function cliPassthroughRows(outside: string): CaseRow[] {
  const run = (args: unknown[], source = "shop") => ({ source, args });
  return [
    ...ESCAPING_SPECS.flatMap((name): CaseRow[] => [
      [
        `the passthrough's spec show ${name}, a symlink out`,
        "openspec_cli",
        run(["spec", "show", name]),
        refusedAs("path_outside_repository"),
      ],
      [
        `the passthrough's show ${name} --type spec`,
        "openspec_cli",
        run(["show", name, "--type", "spec"]),
        refusedAs("path_outside_repository"),
      ],
      [
        `the passthrough's validate ${name}`,
        "openspec_cli",
        run(["validate", name]),
        refusedAs("path_outside_repository"),
      ],
    ]),
    [
      `the passthrough's status of the change ${ESCAPING_CHANGE}, a symlink out`,
      "openspec_cli",
      run(["status", "--change", ESCAPING_CHANGE]),
      refusedAs("path_outside_repository"),
    ],
    [
      `the passthrough's instructions for the change ${ESCAPING_CHANGE}`,
      "openspec_cli",
      run(["instructions", "tasks", `--change=${ESCAPING_CHANGE}`]),
      refusedAs("path_outside_repository"),
    ],
    [
      `the passthrough's change show ${ESCAPING_CHANGE}`,
      "openspec_cli",
      run(["change", "show", ESCAPING_CHANGE]),
      refusedAs("path_outside_repository"),
    ],
    ...HOSTILE_SPEC_NAMES.filter((name) => !/^(auth|AUTH|Auth)\.?$/.test(name)).map(
      (name): CaseRow => [
        `the passthrough's spec show ${JSON.stringify(name)}`,
        "openspec_cli",
        run(["spec", "show", name]),
        refusedAs("invalid_input"),
      ],
    ),
    ...HOSTILE_CHANGE_NAMES.filter((name) => name !== "ESCAPE").map(
      (name): CaseRow => [
        `the passthrough's new change ${JSON.stringify(name)}`,
        "openspec_cli",
        run(["new", "change", name]),
        refused,
      ],
    ),
    [
      "the passthrough's list of another root (--store)",
      "openspec_cli",
      run(["list", "--store", "shop"]),
      refusedAs("command_not_allowed"),
    ],
    [
      "the passthrough's context writing a workspace file outside",
      "openspec_cli",
      run(["context", `--code-workspace=${outside}/set.code-workspace`]),
      refusedAs("command_not_allowed"),
    ],
    [
      "the passthrough's init of a folder outside",
      "openspec_cli",
      run(["init", outside, "--tools", "none"]),
      refusedAs("command_not_allowed"),
    ],
    [
      "the passthrough's store setup at a path outside",
      "openspec_cli",
      run(["store", "setup", "x", "--path", outside]),
      refusedAs("command_not_allowed"),
    ],
    [
      "the passthrough's config set",
      "openspec_cli",
      run(["config", "set", "defaultStore", "x"]),
      refusedAs("command_not_allowed"),
    ],
    [
      "the passthrough's workset create with a member outside",
      "openspec_cli",
      run(["workset", "create", "w", "--member", outside]),
      refusedAs("command_not_allowed"),
    ],
    [
      "the passthrough's completion install",
      "openspec_cli",
      run(["completion", "install", "bash"]),
      refusedAs("command_not_allowed"),
    ],
    [
      "the passthrough's templates of a schema named by a path",
      "openspec_cli",
      run(["templates", "--schema", "../../outside"]),
      refusedAs("invalid_input"),
    ],
    [
      "the passthrough in the source gone, whose folder was deleted",
      "openspec_cli",
      run(["list"], "gone"),
      refusedAs("invalid_workdir"),
    ],
    [
      "the passthrough in the source child, without openspec/ under an ancestor that has one",
      "openspec_cli",
      run(["new", "change", "x"], "child"),
      refusedAs("no_openspec_root"),
    ],
  ];
}
