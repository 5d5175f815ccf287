import { defineConfig } from "vitest/config";
import path from "node:path";

const root = import.meta.dirname;

export default defineConfig({
  resolve: {
    alias: {
      "@": root,
      "server-only": path.join(root, "test/empty-module.ts"),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "components/**/*.test.ts", "bench/**/*.test.ts"],
          exclude: ["lib/server/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          // Route handlers (app/api) are called directly against the same database; scripts/ checks the first-run path.
          include: [
            "lib/server/**/*.test.ts",
            "prisma/**/*.test.ts",
            "app/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          globalSetup: ["./test/integration-setup.ts"],
          setupFiles: ["./test/integration-env.ts"],
          // One shared database: files run one after another so their data cannot collide.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
