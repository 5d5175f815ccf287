import "server-only";
import { z } from "zod";

const EnvSchema = z.object({
  DATABASE_URL: z
    .string({ error: "DATABASE_URL is not set. Start the app with `npm run dev` (embedded database) or set DATABASE_URL to a PostgreSQL URL." })
    .url("DATABASE_URL must be a postgresql:// URL"),
  // Set by scripts/serve.ts when it serves the embedded PGlite database, which has one session.
  DATABASE_POOL_MAX: z.coerce.number().int().positive().default(10),
});

export const env = EnvSchema.parse(process.env);
