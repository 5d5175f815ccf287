import { afterEach, describe, expect, it, vi } from "vitest";
import { stopWhenLauncherExits } from "./launcher-watch";

describe("the server stops when the process that launched it is gone", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  const terms = (kill: { mock: { calls: unknown[][] } }) => kill.mock.calls.filter(([pid, signal]) => pid === process.pid && signal === "SIGTERM");

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
      if (pid === 4242 && signal === 0 && !isLauncherRunning) throw Object.assign(new Error("no such process"), { code: "ESRCH" });
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
