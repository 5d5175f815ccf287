import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
// npm's own version ranges (next's sharp installs it); not a dependency of the app.
const semver = createRequire(import.meta.url)("semver") as {
  subset: (range: string, of: string) => boolean;
  satisfies: (version: string, range: string) => boolean;
};

type LockedPackage = { engines?: { node?: string }; optional?: boolean };
const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
  packages: Record<string, LockedPackage>;
};
const supported = (
  JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    engines: { node: string };
  }
).engines.node;

const workspace = mkdtempSync(path.join(tmpdir(), "engines-"));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

describe('package.json "engines" is the Node.js every installed package supports', () => {
  it("each package npm installs whatever the platform supports every Node.js version it names", () => {
    // npm skips an optional package its Node.js cannot run, silently; any other one it warns about.
    const narrower = Object.entries(lock.packages)
      .filter(([name, locked]) => name !== "" && !locked.optional && locked.engines?.node)
      .filter(([, locked]) => !semver.subset(supported, locked.engines!.node!))
      .map(([name, locked]) => `${name.replace(/^.*node_modules\//, "")}: ${locked.engines!.node}`);
    expect(narrower).toEqual([]);
  });

  it("`npm ci` warns of no engine on a supported Node.js, and of the app's own first on another", () => {
    for (const file of ["package.json", "package-lock.json"])
      copyFileSync(path.join(root, file), path.join(workspace, file));
    const run = spawnSync("npm", ["ci", "--dry-run", "--ignore-scripts", "--offline"], {
      cwd: workspace,
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const warned = [...run.stderr.matchAll(/EBADENGINE\s+package: '([^']+)'/g)].map(
      (match) => match[1],
    );
    const app = `mtg-tournament@${JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).version}`;
    if (semver.satisfies(process.version, supported)) expect(warned).toEqual([]);
    else expect(warned[0]).toBe(app);
  }, 150_000);
});
