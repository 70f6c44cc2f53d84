import type { Catalog } from "@org/openspec-core";
import type { Principal } from "./http-registry.js";
import { admitListen, type ListenAdmission } from "./listen-admission.js";
import type { ModernSubscriptions } from "./modern-subscriptions.js";
import type { SubscriptionBudget } from "./subscription-budget.js";

/** The counts a 2026-07-28 listen stream shares with the 2025 sessions' subscriptions. */
export type ListenRequestLimits = {
  /** URIs one stream may list. */
  perStream: number;
  /** The server's count of followed resources. */
  budget: SubscriptionBudget;
  /** A token's share of that count. */
  tokenShare: (tokenId: number) => SubscriptionBudget;
  /** Listen streams one token may hold open at once. */
  streamsPerToken: number;
};

/**
 * Admits each 2026-07-28 request before the SDK sees it: a
 * `subscriptions/listen` has its URIs checked and takes its places in the
 * counts the 2025 subscriptions use and among the token's open streams, so
 * one token cannot hold every stream; any other request is admitted as is.
 * The admission's `release` gives everything back when the stream ends.
 */
export function admitListenRequests(
  catalogFor: (principal: Principal) => Catalog,
  limits: ListenRequestLimits,
  listens: ModernSubscriptions,
): (principal: Principal, body: unknown) => Promise<ListenAdmission> {
  /** The listen streams each token holds open. */
  const openStreams = new Map<number, number>();
  return async (principal, body) => {
    const request = body as { method?: unknown; params?: unknown } | undefined;
    if (request?.method !== "subscriptions/listen") return { ok: true, release: () => {} };
    const { tokenId } = principal;
    const admitted = await admitListen(
      request.params,
      catalogFor(principal),
      {
        perStream: limits.perStream,
        budget: limits.budget,
        tokenBudget: tokenId === null ? undefined : limits.tokenShare(tokenId),
        openStreams: {
          count: () => (tokenId === null ? 0 : (openStreams.get(tokenId) ?? 0)),
          max: limits.streamsPerToken,
        },
      },
      listens,
    );
    if (!admitted.ok || tokenId === null) return admitted;
    openStreams.set(tokenId, (openStreams.get(tokenId) ?? 0) + 1);
    return {
      ok: true,
      release() {
        admitted.release();
        const left = (openStreams.get(tokenId) ?? 1) - 1;
        if (left > 0) openStreams.set(tokenId, left);
        else openStreams.delete(tokenId);
      },
    };
  };
}
