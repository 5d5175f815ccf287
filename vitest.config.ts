import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["lib/**/*.test.ts"], exclude: ["lib/server/**"] },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["lib/server/**/*.test.ts", "prisma/**/*.test.ts"],
          globalSetup: ["./test/integration-setup.ts"],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
