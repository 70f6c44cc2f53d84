/** The id a client gives a request; the answer carries it back unchanged. */
export type BridgeId = string | number;

/** The control requests a client may send besides tool calls. */
export const BRIDGE_OPERATIONS = ["ping", "cli_status"] as const;
export type BridgeOperation = (typeof BRIDGE_OPERATIONS)[number];

export type BridgeRequest =
  | { kind: "tool"; id: BridgeId; tool: string; args: unknown }
  | { kind: "operation"; id: BridgeId; op: BridgeOperation };

export type ParsedBridgeLine =
  | { ok: true; request: BridgeRequest }
  /** `id` is null when the line did not even carry a usable id, so no answer can be addressed. */
  | { ok: false; id: BridgeId | null; error: string };

/** Reads one line of the bridge protocol: `{id, tool, args}` or `{id, op}`. */
export function parseBridgeRequest(line: string): ParsedBridgeLine {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { ok: false, id: null, error: "The line is not JSON." };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, id: null, error: "The line is not a JSON object." };
  }
  const fields = value as Record<string, unknown>;
  const id = fields.id;
  if (!isBridgeId(id)) {
    return { ok: false, id: null, error: "The request has no id (a string or a finite number)." };
  }
  if (typeof fields.tool === "string") {
    return { ok: true, request: { kind: "tool", id, tool: fields.tool, args: fields.args } };
  }
  const operation = BRIDGE_OPERATIONS.find((known) => known === fields.op);
  if (operation !== undefined)
    return { ok: true, request: { kind: "operation", id, op: operation } };
  return {
    ok: false,
    id,
    error: `The request names neither a tool nor a known op (${BRIDGE_OPERATIONS.join(", ")}).`,
  };
}

/**
 * The id a request line starts with (`{"id": ...`, as the Python plugin writes
 * every request), read from the first bytes alone; null when there is none.
 * It lets the bridge answer a line it will not read whole.
 */
export function leadingBridgeId(head: string): BridgeId | null {
  const match = /^\s*\{\s*"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
    head,
  );
  if (match?.[1] === undefined) return null;
  try {
    const id: unknown = JSON.parse(match[1]);
    return isBridgeId(id) ? id : null;
  } catch {
    return null;
  }
}

function isBridgeId(value: unknown): value is BridgeId {
  return (
    (typeof value === "string" && value.length > 0) ||
    (typeof value === "number" && Number.isFinite(value))
  );
}
