import { subscribe, unsubscribe } from "node:diagnostics_channel";

/**
 * Waits for the next message on the diagnostics channel `name`, unless
 * `answer` settles first: then it fails at once, saying that `answer` came
 * before `what`, instead of waiting into the runner's timeout.
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
  try {
    return await Promise.race([
      published.then((message) => {
        heard = true;
        return message;
      }),
      answeredFirst,
    ]);
  } finally {
    if (listener) unsubscribe(name, listener);
  }
}
