import { ProtocolError } from "@modelcontextprotocol/server";
import type { Catalog } from "@org/openspec-core";
import { oneReadATurn } from "./one-read-a-turn.js";
import { readResource } from "./read-resource.js";
import { RESOURCE_NOT_FOUND } from "./resource-error.js";
import { formatResourceUri, parseResourceUri } from "./resource-uri.js";

/**
 * Refuses a subscription to a resource that is not there: a source, change,
 * spec or idea nobody registered or wrote. Made-up URIs would otherwise take
 * places of the session's, the token's and the server's counts for nothing.
 * A file not yet written in a change that exists (its `design.md`) may be
 * followed, so for a change's file the change is what must exist; it is
 * reported when written. Throws -32002 with a sentence saying what to do;
 * any other outcome of the read lets the subscription go on.
 */
export async function refuseMissingResource(catalog: Catalog, uri: string): Promise<void> {
  const parsed = parseResourceUri(uri);
  if (!parsed.ok) return;
  const { address } = parsed;
  const needed =
    address.kind === "change_artifact"
      ? formatResourceUri({ kind: "change", source: address.source, change: address.change })
      : uri;
  try {
    await oneReadATurn(() => readResource(catalog, needed));
  } catch (error) {
    if (!(error instanceof ProtocolError) || error.code !== RESOURCE_NOT_FOUND) return;
    const data = typeof error.data === "object" && error.data !== null ? error.data : {};
    throw new ProtocolError(
      RESOURCE_NOT_FOUND,
      `${error.message} Subscribe once it exists: notifications/resources/list_changed tells a listing client when it does.`,
      { ...data, uri },
    );
  }
}
