import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { Catalog } from "@org/openspec-core";
import type { ModernSubscriptions } from "./modern-subscriptions.js";
import { refuseMissingResource } from "./refuse-missing-resource.js";
import { parseResourceUri } from "./resource-uri.js";
import type { SubscriptionBudget } from "./subscription-budget.js";

/** The counts a listen stream takes its places in: the same ones 2025 sessions' subscriptions use. */
export type ListenLimits = {
  /** URIs one stream may list, like one session's subscriptions. */
  perStream: number;
  /** The server's count, shared with the 2025 sessions. */
  budget: SubscriptionBudget;
  /** The token's share of it, shared with its 2025 sessions; undefined without a token. */
  tokenBudget: SubscriptionBudget | undefined;
  /** Streams the token holds open now, and how many it may. */
  openStreams: { count(): number; max: number };
};

/** A JSON-RPC error to answer the listen request with, and the HTTP status it goes with. */
export type ListenRefusal = {
  ok: false;
  status: 400 | 429;
  error: { code: number; message: string; data?: unknown };
};

export type ListenAdmission = { ok: true; release: () => void } | ListenRefusal;

/**
 * Admits a `subscriptions/listen` request before the SDK serves it: every URI
 * it lists must be one of ours and exist (a made-up URI takes no place), the
 * URIs take places in the stream's, the token's and the server's counts, and
 * the token may hold only so many streams. The returned `release` gives the
 * places back and lets go of the URIs; call it once, when the stream ends.
 * A filter the SDK will refuse itself (no `notifications`) takes no place.
 */
export async function admitListen(
  params: unknown,
  catalog: Catalog,
  limits: ListenLimits,
  subscriptions: ModernSubscriptions,
): Promise<ListenAdmission> {
  if (limits.openStreams.count() >= limits.openStreams.max) {
    return refuse(
      429,
      ProtocolErrorCode.InvalidRequest,
      `This token holds ${limits.openStreams.max} open subscriptions/listen streams already; close one you no longer read.`,
      { code: "subscription_limit", scope: "streams", limit: limits.openStreams.max },
    );
  }
  const filter = filterOf(params);
  const uris = [...new Set(filter?.resourceSubscriptions ?? [])];
  for (const uri of uris) {
    const parsed = typeof uri === "string" ? parseResourceUri(uri) : undefined;
    if (parsed === undefined || !parsed.ok) {
      return refuse(
        400,
        ProtocolErrorCode.InvalidParams,
        `${parsed?.error ?? "A resource URI must be a string."} List URIs that resources/list or a resource template gives.`,
        { uri },
      );
    }
    try {
      await refuseMissingResource(catalog, uri as string);
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      // The 2026-07-28 revision's resource-not-found is invalid params, with the URI.
      return refuse(400, ProtocolErrorCode.InvalidParams, error.message, { uri });
    }
  }
  if (uris.length > limits.perStream) {
    return placesRefused("stream", limits.perStream, 400);
  }
  const { budget, tokenBudget } = limits;
  const taken = { token: 0, server: 0 };
  const giveBack = (): void => {
    tokenBudget?.give(taken.token);
    budget.give(taken.server);
  };
  for (let index = 0; index < uris.length; index++) {
    if (tokenBudget !== undefined) {
      if (!tokenBudget.take()) {
        giveBack();
        return placesRefused("token", tokenBudget.limit, 429);
      }
      taken.token++;
    }
    if (!budget.take()) {
      giveBack();
      return placesRefused("server", budget.limit, 429);
    }
    taken.server++;
  }
  const followed = uris as string[];
  await subscriptions.follow(followed);
  if (filter?.resourcesListChanged === true) subscriptions.followList();
  let released = false;
  return {
    ok: true,
    release() {
      if (released) return;
      released = true;
      giveBack();
      subscriptions.unfollow(followed);
    },
  };
}

type Filter = { resourceSubscriptions?: unknown[]; resourcesListChanged?: unknown };

function filterOf(params: unknown): Filter | undefined {
  if (typeof params !== "object" || params === null) return undefined;
  const notifications = (params as { notifications?: unknown }).notifications;
  if (typeof notifications !== "object" || notifications === null) return undefined;
  const filter = notifications as Filter;
  return Array.isArray(filter.resourceSubscriptions)
    ? filter
    : { ...filter, resourceSubscriptions: [] };
}

function placesRefused(
  scope: "stream" | "token" | "server",
  limit: number,
  status: 400 | 429,
): ListenRefusal {
  const held = {
    stream: `One subscriptions/listen stream may list ${limit} resources.`,
    token: `The streams and sessions of this token follow ${limit} resources together, the most they may.`,
    server: `The server follows ${limit} resources across its streams and sessions, the most it may.`,
  }[scope];
  return refuse(
    status,
    ProtocolErrorCode.InvalidRequest,
    `${held} Close a stream whose resources you no longer follow, or opt in to resourcesListChanged instead.`,
    { code: "subscription_limit", scope, limit },
  );
}

function refuse(status: 400 | 429, code: number, message: string, data: unknown): ListenRefusal {
  return { ok: false, status, error: { code, message, data } };
}
