import { defineConfig } from "prisma/config";

// Only `prisma generate` uses this file; migrations run through prisma/migrate.ts (WASM schema engine).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
