import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";

type ParseResult<T> =
  | { success: true; data: T }
  | {
      success: false;
      error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
    };

/**
 * The request as its schema reads it, or an invalid-params error naming the
 * first problem. The SDK parses a handler's request itself, but answers a
 * mismatch as an internal error (-32603), which blames the server for the
 * client's mistake; handlers registered with a loose schema parse here instead.
 */
export function parseRequest<T>(result: ParseResult<T>): T {
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const where = issue === undefined ? "params" : issue.path.map(String).join(".") || "params";
  throw new McpError(
    ErrorCode.InvalidParams,
    `Invalid ${where}: ${issue?.message ?? "the request does not match its schema"}.`,
  );
}
