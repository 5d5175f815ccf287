/**
 * Stops the server when the process that launched it is gone (scripts/serve.ts passes its pid as
 * LAUNCHER_PID). `npm start` runs serve.ts through tsx, which kills serve.ts outright when it does
 * not acknowledge a SIGTERM within 30 ms (a busy embedded database can take longer); the server
 * then never hears the signal and would keep its port, without its database, for good.
 */
export function stopWhenLauncherExits(launcherPid: number, checkEveryMs = 1_000): void {
  if (!Number.isInteger(launcherPid) || launcherPid <= 1) return;
  const timer = setInterval(() => {
    if (process.ppid === launcherPid) return;
    clearInterval(timer);
    console.warn(`The launcher (process ${launcherPid}) is gone: stopping this server.`);
    // Next.js's own SIGTERM handling closes the server; if it has not exited 10 s later, exit anyway.
    process.kill(process.pid, "SIGTERM");
    setTimeout(() => process.exit(0), 10_000).unref();
  }, checkEveryMs);
  timer.unref();
}
