import { readFileSync } from "node:fs";

/**
 * Stops this process when the one that launched it is gone: the server watches scripts/serve.ts
 * (which passes its pid as LAUNCHER_PID), and serve.ts watches the shell `npm start` ran it in.
 * Either may be killed before it can pass a signal on (npm sends SIGTERM to its shell, which dies
 * without passing it on), and the process left behind would keep its port, or the embedded
 * database, for good. Gone means reparented (Linux, macOS) or no longer running (Windows).
 */
export function stopWhenLauncherExits(
  launcherPid: number,
  checkEveryMs = 1_000,
  stop: () => void = stopThisServer,
  launchersParent: number | null = null,
): void {
  if (!Number.isInteger(launcherPid) || launcherPid <= 1) return;
  const timer = setInterval(() => {
    // npm runs a script in a shell that outlives a killed npm: the shell being reparented means npm is gone too.
    const isShellsParentThere =
      launchersParent === null || parentPidOf(launcherPid) === launchersParent;
    if (process.ppid === launcherPid && isRunning(launcherPid) && isShellsParentThere) return;
    clearInterval(timer);
    console.warn(
      `The launcher (process ${launchersParent !== null && !isShellsParentThere ? launchersParent : launcherPid}) is gone: stopping.`,
    );
    stop();
  }, checkEveryMs);
  timer.unref();
}

/** A process's parent, read from /proc (Linux); null where it cannot be read (macOS, Windows, a process gone). */
export function parentPidOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (name) state ppid …": the name may hold spaces and parentheses, so read after its last ")".
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    return Number.isInteger(parent) ? parent : null;
  } catch {
    return null;
  }
}

/** The server's SIGTERM handling closes it (scripts/next-server.ts); if still running 10 s later, exit. */
function stopThisServer(): void {
  process.kill(process.pid, "SIGTERM");
  setTimeout(() => process.exit(0), 10_000).unref();
}

/** EPERM: it runs, as another user. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The process that launched npm's shell, when this process runs in one (Linux): npm, to be watched as well; else null. */
export function npmAbove(parentPid: number): number | null {
  if (!process.env.npm_lifecycle_event) return null;
  try {
    const name = readFileSync(`/proc/${parentPid}/comm`, "utf8").trim();
    return ["sh", "dash", "bash", "zsh"].includes(name) ? parentPidOf(parentPid) : null;
  } catch {
    return null;
  }
}
