import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { ormOf } from "./orm-of.js";
import type { RegistryDatabase } from "./registry-database.js";
import { sources } from "./schema.js";

/** A fresh `os_` token that no source holds; call it inside the write transaction. */
export function generateToken(db: RegistryDatabase): string {
  for (;;) {
    const token = `os_${randomBytes(3).toString("hex")}`;
    const holder = ormOf(db)
      .select({ id: sources.id })
      .from(sources)
      .where(eq(sources.token, token))
      .get();
    if (holder === undefined) return token;
  }
}
