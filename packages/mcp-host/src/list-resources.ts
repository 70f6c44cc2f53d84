import {
  type ListResourcesResult,
  ProtocolError,
  ProtocolErrorCode,
  type Resource,
} from "@modelcontextprotocol/server";
import { RESOURCE_SCHEME } from "./resource-uri.js";

export const RESOURCE_PAGE_SIZE = 100;

const CURSOR_PREFIX = "after:";

/**
 * One page of resources/list. The cursor is opaque to clients: the last URI
 * of the page before, so paging through a list that does not change returns
 * each resource once, and a resource added or removed meanwhile shifts no
 * other one onto a page already read or off the pages still to come.
 */
export function pageResources(
  all: readonly Resource[],
  cursor: string | undefined,
  pageSize = RESOURCE_PAGE_SIZE,
): ListResourcesResult {
  const after = cursor === undefined ? undefined : readCursor(cursor);
  const start = after === undefined ? 0 : all.findIndex((resource) => resource.uri > after);
  const from = start === -1 ? all.length : start;
  const page = all.slice(from, from + pageSize);
  const last = page.at(-1);
  return {
    resources: page,
    ...(from + page.length < all.length && last !== undefined
      ? { nextCursor: writeCursor(last.uri) }
      : {}),
  };
}

function writeCursor(uri: string): string {
  return Buffer.from(`${CURSOR_PREFIX}${uri}`, "utf8").toString("base64url");
}

function readCursor(cursor: string): string {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor)
    ? Buffer.from(cursor, "base64url").toString("utf8")
    : "";
  if (!text.startsWith(`${CURSOR_PREFIX}${RESOURCE_SCHEME}`)) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      "The resources/list cursor is not one this server handed out; list again without a cursor.",
    );
  }
  return text.slice(CURSOR_PREFIX.length);
}
