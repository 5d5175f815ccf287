import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(ts|tsx)$/.test(file))
    .map((file) => path.join(folder, file));
}

/** What a file imports, each as a path from the root ("lib/server/infra/db") or a package name. */
function importsOf(file: string, text: string): string[] {
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\b[^"';]*?\bfrom\s*["']([^"']+)["']/gm),
    ...text.matchAll(/^\s*import\s*["']([^"']+)["']/gm),
    ...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  ].map((match) => match[1] as string);
  return specifiers.map((specifier) => {
    if (specifier.startsWith("@/")) return specifier.slice(2);
    if (specifier.startsWith(".")) return path.join(path.dirname(file), specifier);
    return specifier;
  });
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.includes("/testing/");
const PURE = ["lib/rules/", "lib/pairings/"];
/** Pure parsing packages the rules may use; tests may also use their runner and Node. */
const PURE_PACKAGES = ["csv-parse/sync"];
const TEST_PACKAGES = ["vitest", "fast-check", "node:crypto", "node:fs", "node:path"];

/** Why an import crosses a wall, or null when it may. */
function crossing(file: string, imported: string): string | null {
  if (PURE.some((folder) => file.startsWith(folder))) {
    const inside = PURE.some((folder) => `${imported}/`.startsWith(folder));
    const allowed = [...PURE_PACKAGES, ...(isTest(file) ? TEST_PACKAGES : [])];
    if (inside || allowed.includes(imported)) return null;
    // A rule's test reads its message as people will, rendered from the catalogue.
    if (isTest(file) && imported.startsWith("lib/messages/")) return null;
    return "lib/rules and lib/pairings are pure: they import only each other";
  }
  if (file.startsWith("app/") || file.startsWith("components/")) {
    if (isTest(file)) return null;
    const database = ["lib/server/infra/db", "lib/generated/", "@prisma/", "pg"];
    if (database.some((each) => imported === each || imported.startsWith(each)))
      return "pages and components never import the database; they call lib/server";
  }
  return null;
}

describe("import boundaries", () => {
  const files = ["lib", "app", "components"].flatMap(sourceFiles);

  it("no module imports across a wall", () => {
    const crossings = files.flatMap((file) =>
      importsOf(file, readFileSync(path.join(root, file), "utf8")).flatMap((imported) => {
        const why = crossing(file, imported);
        return why ? [`${file} → ${imported}: ${why}`] : [];
      }),
    );
    expect(crossings).toEqual([]);
  });

  it("sees a rule importing the server, React, Next or Prisma, and a page importing the database", () => {
    const rule = "lib/rules/match.ts";
    const imports = importsOf(
      rule,
      [
        'import { prisma } from "../server/infra/db";',
        'import { useState } from "react";',
        'export { x } from "@/lib/server/pod/pods";',
        'const next = await import("next/cache");',
        'import type { Prisma } from "@prisma/client";',
        'import { ok } from "./result";',
      ].join("\n"),
    );
    const crossed = Object.fromEntries(
      imports.map((each) => [each, crossing(rule, each) !== null]),
    );
    expect(crossed).toEqual({
      "lib/server/infra/db": true,
      react: true,
      "lib/server/pod/pods": true,
      "next/cache": true,
      "@prisma/client": true,
      "lib/rules/result": false,
    });
    expect(crossing("app/page.tsx", "lib/server/infra/db")).not.toBeNull();
    expect(crossing("components/x.tsx", "@prisma/client")).not.toBeNull();
    expect(crossing("app/page.tsx", "lib/server/pod/pods")).toBeNull();
  });
});
