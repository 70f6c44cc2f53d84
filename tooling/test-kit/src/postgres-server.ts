import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NOBODY } from "./unprivileged-user.js";

/** A throwaway PostgreSQL server of the distribution, listening only on a Unix socket of its own. */
export interface PostgresServer {
  /** The URL of a database on it (`postgres` unless named). */
  url(database?: string): string;
  /** Creates an empty database and returns its URL: one per test keeps tests apart. */
  createDatabase(): string;
  /** Stops the server (fast shutdown: open connections are ended); `start` brings it back. */
  stop(): void;
  start(): void;
  /** Stops it and deletes its folder. */
  remove(): void;
}

const MISSING =
  "PostgreSQL's server programs (initdb, pg_ctl) are not installed: install the distribution's postgresql package (apt-get install postgresql), or set OPENSPEC_AGENT_PG_BIN to their folder";

/** The newest installed server's programs: $OPENSPEC_AGENT_PG_BIN, else Debian's /usr/lib/postgresql/<major>/bin. */
function serverBinFolder(): string {
  const given = process.env.OPENSPEC_AGENT_PG_BIN;
  if (given) return given;
  const root = "/usr/lib/postgresql";
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((major) => existsSync(join(root, major, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (majors[0] === undefined) throw new Error(MISSING);
  return join(root, majors[0], "bin");
}

/**
 * Starts a new cluster in a temporary folder (initdb, then pg_ctl start), on a
 * socket in that folder and no TCP port, so tests never meet a real database
 * nor each other. PostgreSQL refuses to run as root; as root the cluster
 * belongs to the `postgres` user (else `nobody`). Fails with a message saying
 * what to install when the programs are missing.
 */
export function startPostgresServer(): PostgresServer {
  const bin = serverBinFolder();
  if (!existsSync(join(bin, "initdb"))) throw new Error(MISSING);
  const folder = mkdtempSync(join(tmpdir(), "openspec-agent-pg-"));
  const owner = process.getuid?.() === 0 ? postgresUser() : undefined;
  if (owner !== undefined) chownSync(folder, owner.uid, owner.gid);
  const data = join(folder, "data");
  const log = join(folder, "server.log");
  const run = (program: string, args: string[]) => {
    const result = spawnSync(join(bin, program), args, {
      encoding: "utf8",
      timeout: 120_000,
      ...(owner === undefined ? {} : { uid: owner.uid, gid: owner.gid }),
      env: { ...process.env, LC_ALL: "C" },
    });
    if (result.status !== 0) {
      const serverLog = existsSync(log) ? readFileSync(log, "utf8").slice(-2000) : "";
      throw new Error(
        `${program} failed (${result.error?.message ?? `exit ${result.status}`}): ${result.stderr}${serverLog}`,
      );
    }
  };
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"]);
  const start = () =>
    run("pg_ctl", [
      "start",
      "-w",
      "-t",
      "120",
      "-D",
      data,
      "-l",
      log,
      "-o",
      `-k ${folder} -c listen_addresses= -c fsync=off -c max_connections=60`,
    ]);
  const stop = () => run("pg_ctl", ["stop", "-w", "-t", "120", "-m", "fast", "-D", data]);
  start();
  let databases = 0;
  let running = true;
  const url = (database = "postgres") =>
    `postgresql://postgres@/${database}?host=${encodeURIComponent(folder)}`;
  return {
    url,
    createDatabase() {
      databases += 1;
      const name = `test_${databases}`;
      run("createdb", ["-h", folder, "-U", "postgres", name]);
      return url(name);
    },
    stop() {
      stop();
      running = false;
    },
    start() {
      start();
      running = true;
    },
    remove() {
      if (running) stop();
      running = false;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

function postgresUser(): { uid: number; gid: number } {
  const passwd = readFileSync("/etc/passwd", "utf8");
  const entry = passwd.split("\n").find((line) => line.startsWith("postgres:"));
  const [, , uid, gid] = entry?.split(":") ?? [];
  return uid !== undefined && gid !== undefined
    ? { uid: Number(uid), gid: Number(gid) }
    : { uid: NOBODY, gid: NOBODY };
}
