import { inject } from "vitest";

// Runs in each test worker before the test file's imports, so lib/server/infra/env.ts sees it.
process.env.DATABASE_URL = inject("databaseUrl");
process.env.DATABASE_POOL_MAX = inject("databaseIsEmbedded") ? "1" : "5";
process.env.BETTER_AUTH_SECRET = "integration-tests-secret-0123456789abcdef";
// "Fetch the latest card data" goes nowhere in tests: a closed local port.
process.env.CARD_DATA_URL = "http://127.0.0.1:9/bulk-data/oracle-cards";
