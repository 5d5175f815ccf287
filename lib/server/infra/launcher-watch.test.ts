import { execSync, spawn } from "node:child_process";
import { once } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stopWhenLauncherExits } from "./launcher-watch";

describe("the server stops when the process that launched it is gone", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  const terms = (kill: { mock: { calls: unknown[][] } }) =>
    kill.mock.calls.filter(([pid, signal]) => pid === process.pid && signal === "SIGTERM");

  it("sends itself SIGTERM once its parent is no longer the launcher, and only then", () => {
    vi.useFakeTimers();
    const kill = vi.spyOn(process, "kill").mockImplementation(() => true);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const parent = vi.spyOn(process, "ppid", "get").mockReturnValue(4242);
    stopWhenLauncherExits(4242, 1_000);
    vi.advanceTimersByTime(5_000);
    expect(terms(kill)).toHaveLength(0);
    parent.mockReturnValue(1);
    vi.advanceTimersByTime(1_000);
    expect(terms(kill)).toHaveLength(1);
    vi.advanceTimersByTime(5_000);
    expect(terms(kill)).toHaveLength(1);
  });

  it("stops once the launcher no longer runs, though it is still named the parent (Windows does not reparent)", () => {
    vi.useFakeTimers();
    let isLauncherRunning = true;
    vi.spyOn(process, "kill").mockImplementation((pid, signal) => {
      if (pid === 4242 && signal === 0 && !isLauncherRunning)
        throw Object.assign(new Error("no such process"), { code: "ESRCH" });
      return true;
    });
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.spyOn(process, "ppid", "get").mockReturnValue(4242);
    const stop = vi.fn();
    stopWhenLauncherExits(4242, 1_000, stop);
    vi.advanceTimersByTime(3_000);
    expect(stop).not.toHaveBeenCalled();
    isLauncherRunning = false;
    vi.advanceTimersByTime(1_000);
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it("does nothing without a launcher (next start run directly)", () => {
    vi.useFakeTimers();
    const kill = vi.spyOn(process, "kill").mockImplementation(() => true);
    vi.spyOn(process, "ppid", "get").mockReturnValue(1);
    stopWhenLauncherExits(0, 1_000);
    vi.advanceTimersByTime(5_000);
    expect(kill).not.toHaveBeenCalled();
  });
});

describe("npm killed outright: the server under its shell stops too (Linux)", () => {
  it.skipIf(process.platform !== "linux")(
    "a process run by `sh -c` under a launcher stops within a second of the launcher's kill -9",
    async () => {
      const watcherCode = `import("${new URL("./launcher-watch.ts", import.meta.url).pathname}").then(({ npmAbove, stopWhenLauncherExits }) => { stopWhenLauncherExits(process.ppid, 100, () => process.exit(0), npmAbove(process.ppid)); console.log("watching " + npmAbove(process.ppid)); setInterval(() => undefined, 1000); })`;
      // The fake npm: a node process that runs the watcher in a shell, as npm runs a script.
      const npm = spawn(
        process.execPath,
        [
          "-e",
          `require("node:child_process").spawn("sh", ["-c", ${JSON.stringify(`"${process.execPath}" --import tsx -e '${watcherCode}'; true`)}], { stdio: "inherit" }); setInterval(() => undefined, 1000);`,
        ],
        {
          env: { ...process.env, npm_lifecycle_event: "start" },
          stdio: ["ignore", "pipe", "inherit"],
        },
      );
      // The shell npm would have run, and the watcher under it.
      const childrenOf = (pid: number) =>
        execSync(`pgrep -P ${pid} || true`)
          .toString()
          .trim()
          .split("\n")
          .filter(Boolean)
          .map(Number);
      const isRunning = (pid: number) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      let tree: number[] = [];
      try {
        const [line] = (await once(npm.stdout!, "data")) as [Buffer];
        const [shell] = childrenOf(npm.pid!);
        const [watcher] = childrenOf(shell!);
        tree = [watcher!, shell!];
        expect(line.toString()).toBe(`watching ${npm.pid}\n`);
        expect(isRunning(watcher!)).toBe(true);
        npm.kill("SIGKILL");
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        expect(isRunning(watcher!)).toBe(false);
      } finally {
        npm.kill("SIGKILL");
        for (const pid of tree) if (isRunning(pid)) process.kill(pid, "SIGKILL");
      }
    },
    20_000,
  );
});
