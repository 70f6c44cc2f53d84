/** A message the bin may take (answering the requests) from the recorded answers, before the SDK has loaded. */
export type EarlyRequest =
  | { method: "initialize"; id: string | number; protocolVersion: string }
  | { method: "tools/list"; id: string | number }
  | { method: "notifications/initialized"; id?: undefined };

type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const onlyKeys = (value: Plain, allowed: readonly string[]): boolean =>
  Object.keys(value).every((key) => allowed.includes(key));

const isEmptyObject = (value: unknown): boolean =>
  isPlain(value) && Object.keys(value).length === 0;

/**
 * The request in `line` when it is an `initialize` or `tools/list` the SDK is
 * certain to accept and answer as recorded; anything else (other methods,
 * `_meta`, capabilities beyond the common ones, unknown keys) is left to the
 * SDK, so an early answer is never one the SDK would have refused or shaped
 * differently.
 */
export function earlyRequest(line: string): EarlyRequest | undefined {
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!isPlain(message) || !onlyKeys(message, ["jsonrpc", "id", "method", "params"])) return;
  const { jsonrpc, id, method, params } = message;
  if (jsonrpc !== "2.0") return;
  // Needs no answer: the SDK gets it with the rest.
  if (method === "notifications/initialized" && id === undefined)
    return params === undefined || isEmptyObject(params) ? { method } : undefined;
  if (typeof id !== "string" && !(typeof id === "number" && Number.isSafeInteger(id))) return;
  if (method === "tools/list") {
    if (params === undefined || isEmptyObject(params)) return { method, id };
    return;
  }
  if (method !== "initialize" || !isPlain(params)) return;
  if (!onlyKeys(params, ["protocolVersion", "capabilities", "clientInfo"])) return;
  const { protocolVersion, capabilities, clientInfo } = params;
  if (typeof protocolVersion !== "string") return;
  if (!isCommonClientInfo(clientInfo) || !isCommonCapabilities(capabilities)) return;
  return { method, id, protocolVersion };
}

function isCommonClientInfo(value: unknown): boolean {
  return (
    isPlain(value) &&
    onlyKeys(value, ["name", "version", "title"]) &&
    typeof value.name === "string" &&
    typeof value.version === "string" &&
    (value.title === undefined || typeof value.title === "string")
  );
}

// What MCP clients commonly declare: roots (with listChanged), and empty sampling and elicitation.
function isCommonCapabilities(value: unknown): boolean {
  if (!isPlain(value) || !onlyKeys(value, ["roots", "sampling", "elicitation"])) return false;
  const { roots, sampling, elicitation } = value;
  if (sampling !== undefined && !isEmptyObject(sampling)) return false;
  if (elicitation !== undefined && !isEmptyObject(elicitation)) return false;
  if (roots === undefined) return true;
  return (
    isPlain(roots) &&
    onlyKeys(roots, ["listChanged"]) &&
    (roots.listChanged === undefined || typeof roots.listChanged === "boolean")
  );
}
