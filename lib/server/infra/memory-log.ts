/** One line of the process's memory every `seconds` (0: none), to see where a server's memory goes. */
export function logMemoryEvery(seconds: number): void {
  if (!(seconds > 0)) return;
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
  setInterval(() => {
    const usage = process.memoryUsage();
    console.log(
      `memory: rss ${mb(usage.rss)}, heap used ${mb(usage.heapUsed)} of ${mb(usage.heapTotal)}, external ${mb(usage.external)}, array buffers ${mb(usage.arrayBuffers)}`,
    );
  }, seconds * 1000).unref();
}
