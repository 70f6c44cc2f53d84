import {
  type ConfinedView,
  type ConfinementAvailable,
  type ConfinementSupport,
  findConfinement,
} from "@org/openspec-confine";
import type { ConfineMode } from "./confine-mode.js";

export type ConfinementChoice =
  | { kind: "unconfined" }
  | { kind: "confined"; support: ConfinementAvailable }
  | { kind: "unavailable"; error: string };

/**
 * How a run with `view` starts under `mode`: unconfined without a view or
 * with `off`, confined where the host can, and otherwise unconfined (`auto`:
 * the caller has made its own checks) or refused (`required`).
 */
export function chooseConfinement(
  view: ConfinedView | undefined,
  mode: ConfineMode,
  host: () => ConfinementSupport = findConfinement,
): ConfinementChoice {
  if (view === undefined || mode === "off") return { kind: "unconfined" };
  const support = host();
  if (support.ok) return { kind: "confined", support };
  if (mode === "auto") return { kind: "unconfined" };
  return {
    kind: "unavailable",
    error: `The openspec CLI must run confined to its repository here (OPENSPEC_AGENT_CONFINE=required), and this host cannot confine it: ${support.reason}`,
  };
}
