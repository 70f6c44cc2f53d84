import { findConfinement } from "@org/openspec-cli-runner";

/**
 * The two ways a host runs the OpenSpec CLI: confined to the source (Linux
 * with bubblewrap), where what leads outside simply is not there for the CLI,
 * and unconfined (every other host, or `OPENSPEC_AGENT_CONFINE=off`), where
 * the catalog refuses it before the run with `refusedWith`. Tests of a
 * repository that would lead the CLI outside run in both; the confined one
 * only where this machine can confine.
 */
export const RUN_MODES = [
  {
    mode: "unconfined",
    env: { OPENSPEC_AGENT_CONFINE: "off" },
    refusedWith: "path_outside_repository",
    available: true,
  },
  {
    mode: "confined",
    env: { OPENSPEC_AGENT_CONFINE: "required" },
    refusedWith: undefined,
    available: findConfinement().ok,
  },
] as const;
