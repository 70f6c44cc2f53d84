/** Why the dashboard could not listen, in one sentence, with the system's code (`EADDRINUSE`) kept. */
export class DashboardListenError extends Error {
  readonly code: string | undefined;
  constructor(host: string, port: number, cause: NodeJS.ErrnoException) {
    const why =
      cause.code === "EADDRINUSE"
        ? "another process is listening on that port"
        : cause.code === "EACCES"
          ? "this user may not bind that port"
          : cause.code === "EADDRNOTAVAIL"
            ? "this machine has no such address"
            : cause.message;
    super(`Cannot listen on ${host.includes(":") ? `[${host}]` : host}:${port}: ${why}.`, {
      cause,
    });
    this.name = "DashboardListenError";
    this.code = cause.code;
  }
}
