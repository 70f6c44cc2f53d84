/** The call's own answer, or a rejection saying it hung once `deadlineMs` passed without one. */
export async function withDeadline<T>(
  call: Promise<T>,
  deadlineMs: number,
  what: string,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} hung: no answer within ${deadlineMs} ms`)),
      deadlineMs,
    );
  });
  try {
    return await Promise.race([call, hung]);
  } finally {
    clearTimeout(timer);
  }
}
