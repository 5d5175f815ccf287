import { afterEach, describe, expect, it, vi } from "vitest";
import { stopWhenLauncherExits } from "./launcher-watch";

describe("the server stops when the process that launched it is gone", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it("sends itself SIGTERM once its parent is no longer the launcher, and only then", () => {
    vi.useFakeTimers();
    const kill = vi.spyOn(process, "kill").mockImplementation(() => true);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const parent = vi.spyOn(process, "ppid", "get").mockReturnValue(4242);
    stopWhenLauncherExits(4242, 1_000);
    vi.advanceTimersByTime(5_000);
    expect(kill).not.toHaveBeenCalled();
    parent.mockReturnValue(1);
    vi.advanceTimersByTime(1_000);
    expect(kill).toHaveBeenCalledWith(process.pid, "SIGTERM");
    vi.advanceTimersByTime(5_000);
    expect(kill).toHaveBeenCalledTimes(1);
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
