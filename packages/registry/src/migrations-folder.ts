import { fileURLToPath } from "node:url";

/** The committed migrations, resolved from the built module (dist/) and from the sources under test (src/) alike. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../drizzle", import.meta.url));
