import type { TestProject } from "vitest/node";
import { applyMigrations } from "../lib/server/infra/migrate";
import { provisionTestDatabase } from "./database";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    databaseIsEmbedded: boolean;
  }
}

/** One fresh, migrated database for the whole integration run; dropped at the end. */
export default async function setup(project: TestProject) {
  const database = await provisionTestDatabase("integration");
  await applyMigrations(database.url);
  project.provide("databaseUrl", database.url);
  project.provide("databaseIsEmbedded", database.isEmbedded);
  return async () => {
    await database.drop();
  };
}
