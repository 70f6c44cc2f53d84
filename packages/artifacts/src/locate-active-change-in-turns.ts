import type { Failure } from "./failure.js";
import { type ActiveChange, locateActiveChange } from "./locate-active-change.js";
import type { Repository } from "./open-repository.js";
import { readChangeNamesAhead } from "./read-change-names-ahead.js";

/**
 * `locateActiveChange` for a server: a change that is not there is answered
 * after `changes/` was read in turns (`readChangeNamesAhead`), so naming the
 * closest changes never holds the event loop. The answer is
 * `locateActiveChange`'s.
 */
export async function locateActiveChangeInTurns(
  repository: Repository,
  change: string,
): Promise<ActiveChange | Failure> {
  await readChangeNamesAhead(repository, change);
  return locateActiveChange(repository, change);
}
