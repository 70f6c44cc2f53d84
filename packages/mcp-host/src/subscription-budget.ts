/** Subscriptions one MCP session may hold at once, by default. */
export const DEFAULT_SUBSCRIPTIONS_PER_SESSION = 100;

/** Subscriptions all sessions of one server may hold together, by default. */
export const DEFAULT_SUBSCRIPTIONS_IN_TOTAL = 2000;

/**
 * How many resource subscriptions a server holds across its sessions, so no
 * client can make it re-read an unbounded number of resources on every file
 * event. The HTTP server shares one budget between all its sessions; a
 * server made alone (stdio) has its own.
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
