import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/** Every page and component source: what people read on screen and on paper. */
function pageSources(): string[] {
  return ["app", "components"].flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".tsx"))
      .map((file) => path.join(folder, file)),
  );
}

const FILE_PATH = /\b(docs|lib|app)\/[\w./-]+\.(md|ts|tsx)\b/;

/** The text a source shows (JSX text and string literals, never comments) that names a repository file. */
function filePathsShown(file: string, text: string): string[] {
  if (!FILE_PATH.test(text)) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const shown =
      ts.isJsxText(node) || ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? node.text
        : ts.isTemplateExpression(node)
          ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(" ")
          : null;
    if (shown !== null && FILE_PATH.test(shown)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push(`${file}:${line} ${shown.trim().slice(0, 80)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("what pages show", () => {
  it("names no file of the repository: players and organizers read the rule, not where it is written", () => {
    const shown = pageSources().flatMap((file) =>
      filePathsShown(file, readFileSync(path.join(root, file), "utf8")),
    );
    expect(shown).toEqual([]);
  });

  it("the check finds a path in page text and in a string, and not in a comment", () => {
    const text = [
      "// docs/rules.md says why",
      "const a = <p>Ranked by points (docs/rules.md).</p>;",
      'const b = "see lib/rules/standings.ts";',
    ].join("\n");
    expect(filePathsShown("probe.tsx", text)).toHaveLength(2);
  });
});
