"use client";
import { useCallback, useEffect, useState } from "react";
import type { FormState } from "@/lib/form-state";
import {
  turnOffPlayerPushAction,
  turnOffStaffPushAction,
  turnOnPlayerPushAction,
  turnOnStaffPushAction,
} from "@/lib/server/push/push-actions";

/** What this phone can do about notifications, as the browser says. */
export type PushState =
  | "checking"
  | "on"
  | "off"
  | "blocked"
  /** iPhone or iPad Safari: Web Push only for a page added to the home screen. */
  | "install-first"
  /** A plain-http address (not localhost): browsers allow push only on https. */
  | "insecure"
  | "unsupported";

/** Who the phone's notifications are for: the signed-in player, or a judge of one event. */
export type PushAudience = { kind: "player" } | { kind: "staff"; tournamentId: string };

const WORDS = {
  player: {
    offer: "Notify me on this phone",
    on: "This phone is told your table each round, when time is called at it and when a judge is on the way.",
    off: "Get your table and opponent on this phone as soon as a round is paired, even with this page closed.",
  },
  staff: {
    offer: "Push judge calls to this phone",
    on: "This phone is told of every new judge call of this event.",
    off: "Get a notification on this phone whenever a player calls a judge, even with this page closed.",
  },
} as const;

const isAppleMobile = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) ||
  (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
const isStandalone = () =>
  window.matchMedia("(display-mode: standalone)").matches ||
  (navigator as { standalone?: boolean }).standalone === true;

/** The application server key as the browser takes it (bytes, from base64url). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const text = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  const bytes = String.fromCharCode(...new Uint8Array(digest));
  return btoa(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration("/");
  if (existing) return existing;
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  return navigator.serviceWorker.ready;
}

/** How long the browser may take to subscribe (its push service), and a person to answer its prompt. */
const SUBSCRIBE_TIMEOUT_MS = 20_000;
const PERMISSION_TIMEOUT_MS = 60_000;

class NoAnswer extends Error {
  override name = "NoAnswer";
}

/** The browser's answer, or NoAnswer after `ms`: a push service that never answers must not hang the button. */
function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new NoAnswer()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function whatThisBrowserAllows(): PushState | null {
  if (!window.isSecureContext) return "insecure";
  const hasPush =
    "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  if (!hasPush) return isAppleMobile() && !isStandalone() ? "install-first" : "unsupported";
  if (Notification.permission === "denied") return "blocked";
  return null;
}

/**
 * "Notify me on this phone": asks the browser's permission only on a tap, then hands this phone's
 * push subscription to the server; shows whether it is on, off, blocked or impossible here.
 * `subscribedHashes`: SHA-256 of the endpoints the server holds for this player or judge.
 */
export function PushToggle({
  audience,
  publicKey,
  subscribedHashes,
}: {
  audience: PushAudience;
  publicKey: string;
  subscribedHashes: readonly string[];
}) {
  const [state, setState] = useState<PushState>("checking");
  const [isBusy, setIsBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  const words = WORDS[audience.kind];
  const hashes = subscribedHashes.join(" ");

  useEffect(() => {
    const refused = whatThisBrowserAllows();
    if (refused) {
      setState(refused);
      return;
    }
    let isCurrent = true;
    (async () => {
      const registration = await navigator.serviceWorker.getRegistration("/");
      const subscription = await registration?.pushManager.getSubscription();
      const isOurs =
        subscription && Notification.permission === "granted"
          ? hashes.split(" ").includes(await sha256(subscription.endpoint))
          : false;
      if (isCurrent) setState(isOurs ? "on" : "off");
    })().catch(() => isCurrent && setState("off"));
    return () => {
      isCurrent = false;
    };
  }, [hashes]);

  const send = useCallback(
    async (on: boolean, fields: Record<string, string>): Promise<FormState> => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      if (audience.kind === "staff") form.set("tournamentId", audience.tournamentId);
      const action =
        audience.kind === "staff"
          ? on
            ? turnOnStaffPushAction
            : turnOffStaffPushAction
          : on
            ? turnOnPlayerPushAction
            : turnOffPlayerPushAction;
      return action({ status: "idle" }, form);
    },
    [audience],
  );

  async function turnOn() {
    setIsBusy(true);
    setMessage(null);
    try {
      const permission = await within(PERMISSION_TIMEOUT_MS, Notification.requestPermission());
      if (permission !== "granted") {
        setState(permission === "denied" ? "blocked" : "off");
        return;
      }
      const registration = await within(SUBSCRIBE_TIMEOUT_MS, workerRegistration());
      const applicationServerKey = keyBytes(publicKey);
      let subscription = await within(
        SUBSCRIBE_TIMEOUT_MS,
        registration.pushManager.getSubscription(),
      );
      const key = subscription?.options.applicationServerKey;
      // Made for another server key (the server's keys changed): start afresh.
      if (subscription && key && !sameBytes(new Uint8Array(key), applicationServerKey)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await within(
        SUBSCRIBE_TIMEOUT_MS,
        registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }),
      );
      const json = subscription.toJSON();
      const answer = await send(true, {
        endpoint: subscription.endpoint,
        p256dh: json.keys?.p256dh ?? "",
        auth: json.keys?.auth ?? "",
      });
      if (answer.status === "success") {
        setState("on");
        setMessage({ text: answer.message ?? "", isError: false });
      } else setMessage({ text: answer.message ?? "That did not work.", isError: true });
    } catch (error) {
      const text =
        error instanceof NoAnswer
          ? "The browser did not answer: notifications are not on. Check the connection and that notifications are allowed for this site, then try again."
          : error instanceof Error && error.name === "NotAllowedError"
            ? "The browser did not allow notifications."
            : "This browser could not reach its push service. Check the connection and try again.";
      setMessage({ text, isError: true });
    } finally {
      setIsBusy(false);
    }
  }

  async function turnOff() {
    setIsBusy(true);
    setMessage(null);
    try {
      const registration = await navigator.serviceWorker.getRegistration("/");
      const subscription = await registration?.pushManager.getSubscription();
      if (subscription) {
        const answer = await send(false, { endpoint: subscription.endpoint });
        if (answer.status !== "success") {
          setMessage({ text: answer.message ?? "That did not work.", isError: true });
          return;
        }
        // The browser keeps its subscription: it may be on for another person or event here.
      }
      setState("off");
      setMessage({ text: "Notifications are off for this phone.", isError: false });
    } catch {
      setMessage({ text: "That did not work. Try again.", isError: true });
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <section
      className="rounded-lg border border-slate-200 bg-white p-4"
      aria-label="Notifications"
      data-testid="push-toggle"
      data-state={state}
    >
      <h2 className="text-base font-semibold text-slate-900">Notifications</h2>
      <p className="mt-1 text-sm text-slate-600" role="status">
        {explanation(state, words)}
      </p>
      {state === "off" && (
        <button
          type="button"
          onClick={turnOn}
          disabled={isBusy}
          className="mt-3 min-h-12 w-full rounded-md bg-brand-700 px-4 text-base font-medium text-white disabled:opacity-60"
        >
          {isBusy ? "Turning on…" : words.offer}
        </button>
      )}
      {state === "on" && (
        <button
          type="button"
          onClick={turnOff}
          disabled={isBusy}
          className="mt-3 min-h-11 rounded-md border border-slate-300 px-4 text-sm font-medium text-slate-700 disabled:opacity-60"
        >
          {isBusy ? "Turning off…" : "Turn off on this phone"}
        </button>
      )}
      {message && (
        <p
          className={`mt-2 text-sm ${message.isError ? "text-red-700" : "text-emerald-700"}`}
          role={message.isError ? "alert" : undefined}
        >
          {message.text}
        </p>
      )}
    </section>
  );
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

function explanation(state: PushState, words: (typeof WORDS)[keyof typeof WORDS]): string {
  switch (state) {
    case "checking":
      return "Checking what this browser allows…";
    case "on":
      return `On. ${words.on}`;
    case "off":
      return words.off;
    case "blocked":
      return "Blocked: this browser refuses notifications from this site. Allow them in the browser's site settings (the icon beside the address), then reload this page.";
    case "install-first":
      return "On iPhone and iPad, notifications work only from the home screen: tap Share, then Add to Home Screen, open the app from there and sign in again.";
    case "insecure":
      return "Not available at this address: browsers allow notifications only on a secure (https) address. Ask the organizer for the https link.";
    case "unsupported":
      return "This browser cannot show notifications from websites. Keep this page open instead: it updates by itself.";
  }
}

/**
 * A hidden field naming this phone's push address, for a sign-out form: a player who signs out
 * stops their notifications on a phone that is no longer theirs.
 */
export function ThisPhonePushEndpoint({ name }: { name: string }) {
  const [endpoint, setEndpoint] = useState("");
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    let isCurrent = true;
    navigator.serviceWorker
      .getRegistration("/")
      .then((registration) => registration?.pushManager.getSubscription())
      .then((subscription) => isCurrent && setEndpoint(subscription?.endpoint ?? ""))
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, []);
  return <input type="hidden" name={name} value={endpoint} />;
}
