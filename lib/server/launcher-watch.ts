/**
 * Stops this process when the one that launched it is gone: the server watches scripts/serve.ts
 * (which passes its pid as LAUNCHER_PID), and serve.ts watches the shell `npm start` ran it in.
 * Either may be killed before it can pass a signal on (npm sends SIGTERM to its shell, which dies
 * without passing it on), and the process left behind would keep its port, or the embedded
 * database, for good. Gone means reparented (Linux, macOS) or no longer running (Windows).
 */
export function stopWhenLauncherExits(launcherPid: number, checkEveryMs = 1_000, stop: () => void = stopThisServer): void {
  if (!Number.isInteger(launcherPid) || launcherPid <= 1) return;
  const timer = setInterval(() => {
    if (process.ppid === launcherPid && isRunning(launcherPid)) return;
    clearInterval(timer);
    console.warn(`The launcher (process ${launcherPid}) is gone: stopping.`);
    stop();
  }, checkEveryMs);
  timer.unref();
}

/** Next.js's own SIGTERM handling closes the server; if it has not exited 10 s later, exit anyway. */
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
