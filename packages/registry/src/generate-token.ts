import { randomBytes } from "node:crypto";
import type { RegistryDatabase } from "./registry-database.js";

/** A fresh `os_` token that no source holds; call it inside the write transaction. */
export function generateToken(db: RegistryDatabase): string {
  for (;;) {
    const token = `os_${randomBytes(3).toString("hex")}`;
    const holder = db.prepare("SELECT id FROM sources WHERE token = ?").get(token);
    if (holder === undefined) return token;
  }
}
