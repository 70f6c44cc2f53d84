import Database from "better-sqlite3";

/** A row as the Python Hermes plugin stores it. */
export interface HermesRow {
  readonly token: string;
  readonly name: string;
  readonly path: string;
  /** Unix seconds, as Python's `time.time()` gives them. */
  readonly createdAt: number;
}

/** Writes `<HERMES_HOME>/openspec.db` with exactly the plugin's schema. */
export function createHermesDb(file: string, rows: readonly HermesRow[]): void {
  const hermes = new Database(file);
  try {
    hermes.exec(
      "CREATE TABLE openspec_sources(token TEXT PRIMARY KEY, name TEXT NOT NULL DEFAULT '', path TEXT NOT NULL, created_at REAL NOT NULL)",
    );
    const insert = hermes.prepare(
      "INSERT INTO openspec_sources (token, name, path, created_at) VALUES (?, ?, ?, ?)",
    );
    for (const row of rows) insert.run(row.token, row.name, row.path, row.createdAt);
  } finally {
    hermes.close();
  }
}
