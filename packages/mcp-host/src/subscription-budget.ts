/** Subscriptions one MCP session may hold at once, by default. */
export const DEFAULT_SUBSCRIPTIONS_PER_SESSION = 100;

/**
 * Subscriptions the sessions of one token may hold together, by default: a
 * tenth of the server's, so one token cannot take the places of every other.
 */
export const DEFAULT_SUBSCRIPTIONS_PER_TOKEN = 200;

/** Subscriptions all sessions of one server may hold together, by default. */
export const DEFAULT_SUBSCRIPTIONS_IN_TOTAL = 2000;

/**
 * How many resource subscriptions a server holds across its sessions, so no
 * client can make it re-read an unbounded number of resources on every file
 * event. The HTTP server shares one budget between all its sessions, and one
 * more between the sessions of each token (its share); a server made alone
 * (stdio) has its own.
 */
export type SubscriptionBudget = {
  readonly limit: number;
  /** Subscriptions held now. */
  used(): number;
  /** Takes one place; false when every place is taken. */
  take(): boolean;
  /** Gives back places taken before. */
  give(count?: number): void;
};

export function createSubscriptionBudget(
  limit = DEFAULT_SUBSCRIPTIONS_IN_TOTAL,
): SubscriptionBudget {
  let used = 0;
  return {
    limit,
    used: () => used,
    take() {
      if (used >= limit) return false;
      used += 1;
      return true;
    },
    give(count = 1) {
      used = Math.max(0, used - count);
    },
  };
}
