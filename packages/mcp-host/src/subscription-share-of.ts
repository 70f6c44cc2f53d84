import { createSubscriptionBudget, type SubscriptionBudget } from "./subscription-budget.js";

/**
 * One subscription count per token, made when its first session opens and
 * shared by all its sessions, so one token's many sessions cannot take every
 * place of the server's count. Kept for the server's life: tokens are the
 * operator's, few and made by hand, and a count let go while a session still
 * held it would give that token a second share.
 */
export function subscriptionShareOf(limit: number): (tokenId: number) => SubscriptionBudget {
  const shares = new Map<number, SubscriptionBudget>();
  return (tokenId) => {
    let share = shares.get(tokenId);
    if (share === undefined) {
      share = createSubscriptionBudget(limit);
      shares.set(tokenId, share);
    }
    return share;
  };
}
