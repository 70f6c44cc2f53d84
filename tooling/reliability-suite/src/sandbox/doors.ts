import {
  type Door,
  type DoorOptions,
  openCliDoor,
  openHermesDoor,
  openLibraryDoor,
  openMcpDoor,
} from "@org/host-doors";

/** Every host, for checks that must hold through each of them. */
export const EVERY_DOOR = [
  { door: "library", open: openLibraryDoor },
  { door: "cli", open: openCliDoor },
  { door: "mcp", open: openMcpDoor },
  { door: "hermes", open: openHermesDoor },
] as { door: string; open: (options: DoorOptions) => Promise<Door> }[];

/** The hosts that serve many calls from one library, one server or one bridge: every door but the shell CLI's process per call. */
export const LONG_LIVED_DOORS = EVERY_DOOR.filter((entry) => entry.door !== "cli");

/** The result object of an answer, or `{}` when the host refused the call before the catalog saw it. */
export function resultOf(answer: unknown): Record<string, unknown> {
  const { kind, result } = answer as { kind: string; result?: unknown };
  return kind === "result" ? (result as Record<string, unknown>) : {};
}
