import { subscribe, unsubscribe } from "node:diagnostics_channel";

/**
 * The longest a published message may take on a machine at load 20: far above
 * its usual milliseconds, far below the runner's 180 s, so a wait that runs
 * out fails with its own message.
 */
const EVENTUALLY_MS = 60_000;

/**
 * Waits for the next message on the diagnostics channel `name`, unless
 * `answer` settles first: then it fails at once, saying that `answer` came
 * before `what`; and if neither comes within a minute, it fails naming
 * `what`, instead of waiting into the runner's timeout.
 */
export async function nextPublished(
  name: string,
  what: string,
  answer: Promise<unknown>,
): Promise<unknown> {
  let listener: ((message: unknown) => void) | undefined;
  const published = new Promise<unknown>((resolve) => {
    listener = (message) => resolve(message);
    subscribe(name, listener);
  });
  let heard = false;
  const answeredFirst = answer.then(
    () => {
      if (!heard) throw new Error(`The call answered before ${what}.`);
    },
    (error: unknown) => {
      if (!heard) throw new Error(`The call failed before ${what}: ${String(error)}`);
    },
  );
  let timer: NodeJS.Timeout | undefined;
  const ranOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Not heard within ${EVENTUALLY_MS} ms: ${what}.`)),
      EVENTUALLY_MS,
    );
  });
  try {
    return await Promise.race([
      published.then((message) => {
        heard = true;
        return message;
      }),
      answeredFirst,
      ranOut,
    ]);
  } finally {
    heard = true;
    clearTimeout(timer);
    if (listener) unsubscribe(name, listener);
  }
}
