/**
 * What a phone transfers to open a public page, and again when it reopens it later, measured in
 * Chromium at 390 px (Pixel 7): the bytes the browser received (headers and bodies, as sent on the
 * wire) and whether the page came alive (hydrated and listening for changes, no script refused by
 * the policy). A reopened page that does not come alive is a failure however few bytes it took.
 * The service worker is blocked, so every request shows on the page's own network log.
 */
import { chromium, devices } from "@playwright/test";
import { chromiumExecutable } from "../e2e/support/browser";

export type PhoneVisit = {
  /** Everything received for the visit (the live event stream excepted: it never ends). */
  bytes: number;
  /** The bodies of the document and its scripts only (compressed, as sent), as the first-load budget counts them. */
  documentAndScriptBytes: number;
  documentStatus: number;
  requests: number;
  isAlive: boolean;
  problems: string[];
};

const ALIVE_TIMEOUT_MS = 15_000;

export async function measurePhoneVisits(
  baseUrl: string,
  pagePath: string,
  reopenAfterMs: number,
): Promise<{ first: PhoneVisit; repeat: PhoneVisit }> {
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    const context = await browser.newContext({
      ...devices["Pixel 7"],
      viewport: { width: 390, height: 844 },
      serviceWorkers: "block",
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (/Content[- ]Security[- ]Policy|violates|Minified React error/i.test(message.text()))
        problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    let requests = new Map<
      string,
      { type: string; status: number; bytes: number; bodyBytes: number }
    >();
    cdp.on("Network.requestWillBeSent", (event) =>
      requests.set(event.requestId, {
        type: event.type ?? "Other",
        status: 0,
        bytes: 0,
        bodyBytes: 0,
      }),
    );
    // The status on the wire: a revalidated document is reported as the kept 200 elsewhere.
    cdp.on("Network.responseReceivedExtraInfo", (event) => {
      const request = requests.get(event.requestId);
      if (request) request.status = event.statusCode;
    });
    cdp.on("Network.dataReceived", (event) => {
      const request = requests.get(event.requestId);
      if (request) request.bodyBytes += event.encodedDataLength;
    });
    cdp.on("Network.loadingFinished", (event) => {
      const request = requests.get(event.requestId);
      if (request) request.bytes = event.encodedDataLength;
    });
    const visit = async (): Promise<PhoneVisit> => {
      requests = new Map();
      problems.length = 0;
      await page.goto(`${baseUrl}${pagePath}`, { waitUntil: "load" });
      const isAlive = await page
        .locator('[data-live-updates="open"]')
        .waitFor({ state: "attached", timeout: ALIVE_TIMEOUT_MS })
        .then(() => true)
        .catch(() => false);
      const finished = [...requests.values()].filter((request) => request.type !== "EventSource");
      const document = finished.find((request) => request.type === "Document");
      return {
        bytes: finished.reduce((sum, request) => sum + request.bytes, 0),
        documentAndScriptBytes: finished
          .filter((request) => request.type === "Document" || request.type === "Script")
          .reduce((sum, request) => sum + request.bodyBytes, 0),
        documentStatus: document?.status ?? 0,
        requests: finished.filter((request) => request.bytes > 0).length,
        isAlive: isAlive && problems.length === 0,
        problems: [...problems],
      };
    };
    const first = await visit();
    await new Promise((resolve) => setTimeout(resolve, reopenAfterMs));
    const repeat = await visit();
    return { first, repeat };
  } finally {
    await browser.close();
  }
}
