import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { say } from "@/lib/rules/result";
import { en } from "./en";
import { render, sentenceOf } from "./render";

const root = path.resolve(import.meta.dirname, "../..");

function sourcesOf(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter(
      (file) => file.endsWith(".ts") && !file.includes(".test.") && !file.includes("testing/"),
    )
    .map((file) => path.join(folder, file));
}
const PURE_SOURCES = [...sourcesOf("lib/rules"), ...sourcesOf("lib/pairings")];

/** Text of three or more words: a sentence or a phrase someone would have to translate. */
function isWords(text: string): boolean {
  const tokens = text.split(/\s+/).filter((token) => /[A-Za-z]/.test(token));
  return tokens.length >= 3;
}

/** Every string literal of three or more words in a source text, with its line. */
function wordsIn(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    let literal: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literal = node.text;
    else if (ts.isTemplateExpression(node))
      literal = [node.head.text, ...node.templateSpans.map((s) => ` x ${s.literal.text}`)].join("");
    if (literal !== undefined && isWords(literal)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push(`${file}:${line} ${literal.slice(0, 60)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every say("namespace.key", { values }) in a source text: the key and the value names given. */
function saysIn(file: string, text: string): { key: string; values: string[] | null }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { key: string; values: string[] | null }[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "say"
    ) {
      const [key, values] = node.arguments;
      if (key && ts.isStringLiteral(key)) {
        const names =
          values === undefined
            ? []
            : ts.isObjectLiteralExpression(values)
              ? values.properties.map((p) => (p.name ? p.name.getText(source) : "…"))
              : null;
        found.push({ key: key.text, values: names });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The placeholders a catalogue sentence fills in: `{name}` or `{name, …}`, not the text of an ICU plural branch. */
function placeholdersOf(sentence: string): string[] {
  return [...sentence.matchAll(/(?<!')\{(\w+)\s*[,}]/g)].map((m) => m[1] as string);
}

describe("the rules say no English: words live in the message catalogue", () => {
  it("no lib/rules or lib/pairings source holds a string of three or more words", () => {
    const words = PURE_SOURCES.flatMap((file) =>
      wordsIn(file, readFileSync(path.join(root, file), "utf8")),
    );
    expect(words).toEqual([]);
  });

  it("the check finds a sentence, a phrase and a composed sentence", () => {
    const text = [
      'const a = "The match is over.";',
      'const b = "drawn by agreement";',
      ["const c = `Round $", "{n} is complete`;"].join(""),
      'const d = "MTR 2.1";',
      'const f = "life-total-rule";',
      'const e = say("match.tooManyGames", { n });',
    ].join("\n");
    expect(wordsIn("probe.ts", text)).toHaveLength(3);
  });

  it("every key the rules say is in the catalogue, with the values its sentence names", () => {
    const problems: string[] = [];
    for (const file of PURE_SOURCES) {
      for (const { key, values } of saysIn(file, readFileSync(path.join(root, file), "utf8"))) {
        const sentence = sentenceOf(key);
        if (sentence === undefined) {
          problems.push(`${file}: ${key} is not in lib/messages/en.ts`);
          continue;
        }
        if (values === null) continue;
        const missing = placeholdersOf(sentence).filter((name) => !values.includes(name));
        if (missing.length) problems.push(`${file}: ${key} is not given ${missing.join(", ")}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("every catalogue sentence is a valid ICU message", () => {
    const invalid: string[] = [];
    for (const [namespace, sentences] of Object.entries(en)) {
      for (const [key, sentence] of Object.entries(sentences as Record<string, string>)) {
        try {
          new IntlMessageFormat(sentence, "en", undefined, { ignoreTag: true });
        } catch (error) {
          invalid.push(`${namespace}.${key}: ${String(error)}`);
        }
      }
    }
    expect(invalid).toEqual([]);
  });
});

describe("rendering a message at the edge", () => {
  it("fills in values, nested messages and lists", () => {
    const inner = say("result.aCount");
    const message = say("result.wholeNumberLeast", { what: inner, least: 1, value: "-2" });
    expect(render(message)).toBe("A count must be a whole number of at least 1, not -2.");
  });

  it("names a player by id and a side by the match's players, by lookup", () => {
    const players = new Map([["reg-1", "Ada"]]);
    const message = say("result.givenObject", { what: { player: "reg-1" }, value: "null" });
    expect(render(message, { players })).toBe("Ada must be given as an object, not null.");
    const side = say("result.givenObject", { what: { side: "B" }, value: "null" });
    expect(render(side)).toBe("player B must be given as an object, not null.");
    expect(render(side, { sides: { A: "Ada", B: "Bo" } })).toBe(
      "Bo must be given as an object, not null.",
    );
  });

  it("shows a key the catalogue lacks rather than nothing", () => {
    expect(render(say("nowhere.toBeFound"))).toBe("nowhere.toBeFound");
  });
});
