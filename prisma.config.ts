import { defineConfig } from "prisma/config";

// Prisma 7 reads the connection from here, not from schema.prisma. Only `prisma migrate
// deploy/status` (for those who have the native schema engine) use it; the app applies
// migrations itself (lib/server/infra/migrate.ts) and `prisma generate` needs no database.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres" },
});
