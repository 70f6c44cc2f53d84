import {
  ProtocolError,
  ProtocolErrorCode,
  type SpecTypes,
  type StandardSchemaV1,
  specTypeSchemas,
} from "@modelcontextprotocol/server";

/** The requests whose handlers parse their own params, by their spec type's name. */
type ParsedRequestName =
  | "CallToolRequest"
  | "CompleteRequest"
  | "GetPromptRequest"
  | "ListPromptsRequest"
  | "ListResourcesRequest"
  | "ListResourceTemplatesRequest"
  | "ReadResourceRequest"
  | "SetLevelRequest"
  | "SubscribeRequest"
  | "UnsubscribeRequest";

/**
 * Takes any params, so a handler registered with it parses them itself. The
 * SDK checks a spec method's request before the handler, but answers a
 * mismatch as an internal error (-32603), which blames the server for the
 * client's mistake.
 */
export const anyParams: StandardSchemaV1<Record<string, unknown>> = {
  "~standard": {
    version: 1,
    vendor: "openspec-agent",
    validate: (value) => ({ value: value as Record<string, unknown> }),
  },
};

/**
 * The request as its spec schema reads it, or an invalid-params error
 * (-32602) naming the first problem.
 */
export function parseRequest<Name extends ParsedRequestName>(
  name: Name,
  method: string,
  params: unknown,
): SpecTypes[Name] {
  const request = params === undefined ? { method } : { method, params };
  const result = specTypeSchemas[name]["~standard"].validate(request);
  if (result.issues === undefined) return result.value as SpecTypes[Name];
  const [issue] = result.issues;
  const where =
    issue?.path
      ?.map((segment) => String(typeof segment === "object" ? segment.key : segment))
      .join(".") || "params";
  throw new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `Invalid ${where}: ${issue?.message ?? "the request does not match its schema"}.`,
  );
}
