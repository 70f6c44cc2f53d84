import { defineConfig } from "drizzle-kit";

// The same tables for a registry on PostgreSQL (src/pg-schema.ts); drizzle.config.ts is SQLite's.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/pg-schema.ts",
  out: "./drizzle-pg",
});
