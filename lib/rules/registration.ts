// Registration: how an entrant's name is written and compared, reading a pasted list of names,
// the order players are listed in, what a late entry is told, and when an entry may be removed.

import { mtr } from "./edition";
import { DEFAULT_STANDINGS_SETTINGS } from "./standings";
import {
  type RuleError,
  type RuleResult,
  fail,
  isCount,
  ok,
  showValue,
  say,
  type Message,
} from "./result";

export const MAX_NAME_LENGTH = 80;
/** A pasted list is read a line at a time; a venue's whole field fits easily. */
export const MAX_LIST_LINES = 1000;

/**
 * Invisible formatting characters (zero-width space and joiners, soft hyphen, byte-order mark,
 * direction marks: Unicode category Cf) are dropped, and any run of space-like characters
 * becomes one space, so a pasted name cannot register a look-alike of someone already entered.
 */
export function cleanName(name: string): string {
  return typeof name === "string"
    ? name
        .normalize("NFC")
        .replace(/\p{Cf}/gu, "")
        .replace(/\s+/gu, " ")
        .replace(/\p{Cc}/gu, "")
        .trim()
    : "";
}

/** Invisible, direction-changing and control characters (Unicode Cf, Cc): a name with them could pass for another in the history. */
export const HIDDEN_CHARACTERS = /[\p{Cf}\p{Cc}]/u;

/** Whether a name as typed or imported holds such characters (forms and imports refuse it). */
export function hasHiddenCharacters(name: string): boolean {
  return typeof name === "string" && HIDDEN_CHARACTERS.test(name);
}

/** Two entrants may not share a name once case and spacing are ignored. */
export function nameKey(name: string): string {
  return cleanName(name).toLocaleLowerCase("en");
}

const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });

/** Players are listed by name as people read names (Ångström near Anders, Émile near Emma), not by character code. */
export function compareNames(a: string, b: string): number {
  const [x, y] = [typeof a === "string" ? a : "", typeof b === "string" ? b : ""];
  // Names equal to the collator (case or accents only) still get one fixed order.
  return collator.compare(x, y) || (x < y ? -1 : x > y ? 1 : 0);
}

export type ListLine =
  | { line: number; text: string; status: "valid"; name: string }
  | {
      line: number;
      text: string;
      status: "blank" | "duplicate" | "too-long" | "registered";
      message: Message;
    };

/** A pasted list's lines (blank lines at either end dropped, numbers kept as pasted), at most MAX_LIST_LINES of them. */
export function pastedLines(
  text: string,
  what: Message,
): RuleResult<{ lines: string[]; first: number }> {
  if (typeof text !== "string")
    return fail("INVALID_INPUT", say("registration.listText", { text: showValue(text) }));
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  while (lines.length > 0 && cleanName(lines.at(-1)!) === "") lines.pop();
  let first = 0;
  while (first < lines.length && cleanName(lines[first]!) === "") first++;
  if (lines.length - first > MAX_LIST_LINES)
    return fail(
      "INVALID_INPUT",
      say("registration.pasteMostTimeList", {
        most: MAX_LIST_LINES,
        what,
        count: lines.length - first,
      }),
    );
  return ok({ lines, first });
}

/**
 * A pasted list of names, one per line, read against the names already registered: each line is
 * a name to register, or says why it is skipped (empty, too long, twice in the list, already
 * registered). Blank lines at the very start and end are left out.
 */
export function readRegistrationList(
  text: string,
  registeredNames: readonly string[],
): RuleResult<ListLine[]> {
  const registered = new Set((Array.isArray(registeredNames) ? registeredNames : []).map(nameKey));
  const pasted = pastedLines(text, say("registration.names"));
  if (!pasted.ok) return pasted;
  const { lines, first } = pasted.value;
  const seen = new Map<string, number>();
  const read: ListLine[] = [];
  for (let index = first; index < lines.length; index++) {
    const textLine = lines[index]!;
    const line = index + 1;
    const name = cleanName(textLine);
    const key = nameKey(name);
    if (name === "")
      read.push({
        line,
        text: textLine,
        status: "blank",
        message: say("registration.lineEmpty", { line }),
      });
    else if (name.length > MAX_NAME_LENGTH)
      read.push({
        line,
        text: textLine,
        status: "too-long",
        message: say("registration.lineKeepNameCharacters", {
          line,
          most: MAX_NAME_LENGTH,
          length: name.length,
        }),
      });
    else if (registered.has(key))
      read.push({
        line,
        text: textLine,
        status: "registered",
        message: say("registration.lineAlreadyRegistered", { line, name }),
      });
    else if (seen.has(key))
      read.push({
        line,
        text: textLine,
        status: "duplicate",
        message: say("registration.lineAlreadyLine", { line, name, earlier: seen.get(key) }),
      });
    else {
      seen.set(key, line);
      read.push({ line, text: textLine, status: "valid", name });
    }
  }
  return ok(read);
}

/**
 * What a late entry is told when added: the rounds already paired count as match losses
 * (recorded 0-2 each, the late-entry setting; docs/rules.md "Late entries"), or, as the organizer
 * chose, are not counted.
 */
export function lateEntryNote(
  firstRound: number,
  lossGames: number = DEFAULT_STANDINGS_SETTINGS.lateEntryLossGames,
  missedRoundsAsLosses = true,
): Message | null {
  if (!isCount(firstRound, 1) || firstRound === 1) return null;
  const missed = firstRound - 1;
  if (missedRoundsAsLosses === false)
    return missed === 1
      ? say("registration.missedRoundNotCounted", { firstRound })
      : say("registration.missedRoundsNotCounted", { firstRound, missed });
  const games = isCount(lossGames) ? lossGames : DEFAULT_STANDINGS_SETTINGS.lateEntryLossGames;
  return missed === 1
    ? say("registration.missedRoundLoss", { firstRound, games })
    : say("registration.missedRoundsLosses", { firstRound, missed, games });
}

/**
 * An entry may be taken back (a typo, a duplicate, someone who never came) only before round 1
 * is paired; after that the player has taken part and leaves by dropping (MTR 2.10).
 */
export function checkEntryRemoval(input: {
  roundsPaired: number;
  name: string;
}): { ok: false; error: RuleError } | null {
  if (typeof input !== "object" || input === null || !isCount(input.roundsPaired))
    return fail("INVALID_INPUT", say("registration.howManyRoundsPaired"));
  if (input.roundsPaired === 0) return null;
  return fail(
    "ENTRY_NOT_REMOVABLE",
    say("registration.roundPairedTakenPart", {
      name: typeof input.name === "string" ? input.name : say("registration.thePlayer"),
      mtr: mtr("dropping"),
    }),
    mtr("dropping"),
  );
}

// ---- Registering from a phone, the waitlist and check-in, before round 1 ---------------------
//
// No Magic Tournament Rules section sets caps, waitlists or check-in: they are the organizer's
// logistics (MTR 1.6 Tournament Organizer). The rules below are this app's policy, said to the
// player in plain words; dropping a no-show is a drop like any other (MTR 2.10).

/** The most players a cap may name: far beyond any venue, small enough to stay a sane number. */
export const MAX_REGISTRATION_CAP = 4096;

export type SelfRegistrationState = {
  isOpen: boolean;
  roundsPaired: number;
  isEventComplete: boolean;
  /** Entrants in the event who have not dropped. */
  activePlayers: number;
  /** The organizer's cap, or null for none. */
  cap: number | null;
  /** People waiting on the waitlist (not yet promoted). */
  waitlisted: number;
};

export type Placement = { placement: "registered" } | { placement: "waitlisted"; position: number };

function hasCap(cap: unknown): cap is number {
  return isCount(cap, 1);
}

/**
 * Where someone who registers themselves goes (MTR 1.6: the organizer's policy): into the event
 * while registration is open, round 1 is not paired and a spot is free; onto the end of the
 * waitlist once the cap is reached, or while others are already waiting (first come, first served).
 */
export function placeSelfRegistration(input: SelfRegistrationState): RuleResult<Placement> {
  if (typeof input !== "object" || input === null)
    return fail(
      "INVALID_INPUT",
      say("registration.registrationStateRecord", { input: showValue(input) }),
    );
  const { roundsPaired, activePlayers, waitlisted, cap } = input;
  if (
    !isCount(roundsPaired) ||
    !isCount(activePlayers) ||
    !isCount(waitlisted) ||
    (cap !== null && !hasCap(cap))
  ) {
    return fail("INVALID_NUMBER", say("registration.roundsPairedPlayersWaitlist"));
  }
  if (input.isEventComplete === true)
    return fail(
      "REGISTRATION_CLOSED",
      say("registration.eventOverRegistrationClosed"),
      mtr("organizer"),
    );
  if (roundsPaired > 0)
    return fail(
      "REGISTRATION_CLOSED",
      say("registration.roundBeenPairedRegistering"),
      mtr("organizer"),
    );
  if (input.isOpen !== true)
    return fail(
      "REGISTRATION_CLOSED",
      say("registration.organizerOpenedRegistrationPhones"),
      mtr("organizer"),
    );
  const isFull = cap !== null && activePlayers >= cap;
  if (!isFull && waitlisted === 0) return ok({ placement: "registered" });
  return ok({ placement: "waitlisted", position: waitlisted + 1 });
}

/**
 * How many people at the front of the waitlist get in now: as many as there are free spots
 * under the cap (all of them once the cap is lifted), and only before round 1 is paired; later
 * the organizer enters late players by hand.
 */
export function waitlistPromotions(input: {
  roundsPaired: number;
  cap: number | null;
  activePlayers: number;
  waitlisted: number;
}): number {
  if (typeof input !== "object" || input === null) return 0;
  const { roundsPaired, cap, activePlayers, waitlisted } = input;
  if (!isCount(roundsPaired) || roundsPaired > 0 || !isCount(activePlayers) || !isCount(waitlisted))
    return 0;
  if (cap === null) return waitlisted;
  if (!hasCap(cap)) return 0;
  return Math.max(0, Math.min(waitlisted, cap - activePlayers));
}

/**
 * Whether a registered player may check in now: only before round 1 is paired (afterwards being
 * paired is what counts), and not after they were dropped (a no-show asks the organizer, who can
 * undo the drop). Checking in twice is no error: the first time stands.
 */
export function checkCheckIn(input: {
  roundsPaired: number;
  isDropped: boolean;
  name: string;
}): { ok: false; error: RuleError } | null {
  if (typeof input !== "object" || input === null || !isCount(input.roundsPaired))
    return fail("INVALID_INPUT", say("registration.howManyRoundsPaired"));
  const name = typeof input.name === "string" ? input.name : say("registration.thisPlayer");
  if (input.roundsPaired > 0)
    return fail(
      "CHECK_IN_CLOSED",
      say("registration.roundBeenPairedCheck", { name }),
      mtr("organizer"),
    );
  if (input.isDropped === true)
    return fail(
      "CHECK_IN_CLOSED",
      say("registration.droppedBeforeRoundAsk", { name, mtr: mtr("dropping") }),
      mtr("dropping"),
    );
  return null;
}

export type CheckInEntry = { id: string; isCheckedIn: boolean; isDropped: boolean };

/**
 * The no-shows: entrants still in the event who have not checked in. They are dropped in one step
 * before round 1 is paired (MTR 2.10, each with its history row), and only once check-in is in use
 * (someone has checked in): otherwise the step would drop the whole field.
 */
export function noShowsToDrop(input: {
  roundsPaired: number;
  entries: readonly CheckInEntry[];
}): RuleResult<string[]> {
  if (
    typeof input !== "object" ||
    input === null ||
    !isCount(input.roundsPaired) ||
    !Array.isArray(input.entries)
  ) {
    return fail("INVALID_INPUT", say("registration.showCheckNeedsRounds"));
  }
  if (input.roundsPaired > 0)
    return fail("CHECK_IN_CLOSED", say("registration.roundBeenPairedShows"), mtr("dropping"));
  const entries = input.entries.filter(
    (entry): entry is CheckInEntry =>
      typeof entry === "object" && entry !== null && typeof entry.id === "string",
  );
  const active = entries.filter((entry) => entry.isDropped !== true);
  if (!active.some((entry) => entry.isCheckedIn === true)) {
    return fail("NOBODY_CHECKED_IN", say("registration.nobodyCheckedYetEvery"), mtr("organizer"));
  }
  return ok(active.filter((entry) => entry.isCheckedIn !== true).map((entry) => entry.id));
}

// ---- Registering from a phone: the venue's link, the event's limit, one network's share ------
//
// Registering from a phone needs the link the check-in screen at the venue shows (its QR code),
// which changes every few minutes; the event takes a limited number of registrations from phones,
// which the organizer sees and raises; one network may register only so many in a while. Whoever
// is refused is sent to the desk, where staff register anyone: nobody waits out a window there.

/** The check-in screen shows a new registration link every 5 minutes. */
export const REGISTRATION_LINK_STEP_MINUTES = 5;
/** A link still works for 4 steps after the screen moved on: at least 20 minutes to type a name. */
export const REGISTRATION_LINK_GRACE_STEPS = 4;
/** A link from one step ahead is taken: two app instances' clocks may differ by a little. */
const REGISTRATION_LINK_CLOCK_STEPS = 1;
const STEP_MS = REGISTRATION_LINK_STEP_MINUTES * 60_000;

/**
 * Registrations from phones an event takes unless its organizer raises it: a full room at nearly
 * every event that registers at the venue, and few enough junk entries to read and remove at once.
 */
export const DEFAULT_PHONE_REGISTRATION_CAP = 200;
export const MAX_PHONE_REGISTRATION_CAP = 4096;
/** One network (a venue's Wi-Fi, one household, one script) registers at most 60 people per 15 minutes. */
export const PHONE_REGISTRATIONS_PER_NETWORK = 60;
export const PHONE_REGISTRATION_NETWORK_WINDOW_MINUTES = 15;

/** The link step of an instant (milliseconds since 1970): the screen shows one link per step. */
export function registrationLinkStep(atMs: number): number {
  return Number.isFinite(atMs) ? Math.floor(atMs / STEP_MS) : Number.NaN;
}

/** When the screen's link changes next, so it can show the new one by itself. */
export function nextRegistrationLinkAt(atMs: number): number {
  return Number.isFinite(atMs) ? (Math.floor(atMs / STEP_MS) + 1) * STEP_MS : Number.NaN;
}

/** What a phone brought from the QR code: nothing, something the server never signed, or a signed step. */
export type RegistrationLink =
  | { status: "missing" }
  | { status: "not-signed" }
  | { status: "signed"; step: number };

const AT_THE_DESK = say("registration.registerDesk");

/**
 * Whether a registration from a phone came through the venue's screen: a link the server signed,
 * from the current step or the last few (someone typing slowly is not refused), or refused with
 * what to do instead.
 */
export function checkRegistrationLink(
  link: RegistrationLink,
  nowMs: number,
): { ok: false; error: RuleError } | null {
  const missing = fail(
    "REGISTRATION_LINK_MISSING",
    say("registration.registerYourPhoneScan", { orDesk: AT_THE_DESK }),
    mtr("organizer"),
  );
  if (typeof link !== "object" || link === null || link.status === "missing") return missing;
  const invalid = fail(
    "REGISTRATION_LINK_INVALID",
    say("registration.registrationLinkDoesCome", { orDesk: AT_THE_DESK }),
    mtr("organizer"),
  );
  if (link.status !== "signed" || !isCount(link.step)) return invalid;
  const now = registrationLinkStep(nowMs);
  if (!Number.isFinite(now) || link.step > now + REGISTRATION_LINK_CLOCK_STEPS) return invalid;
  if (link.step < now - REGISTRATION_LINK_GRACE_STEPS) {
    return fail(
      "REGISTRATION_LINK_EXPIRED",
      say("registration.registrationLinkExpiredQr", { orDesk: AT_THE_DESK }),
      mtr("organizer"),
    );
  }
  return null;
}

export type PhoneRegistrationState = {
  /** Registrations from phones the event holds now: in the event (dropped ones too) or waiting. */
  fromPhones: number;
  /** The organizer's limit on them. */
  phoneCap: number;
  /** When each registration from this phone's network was taken (ms since 1970), in any order. */
  fromNetworkAt: readonly number[];
  nowMs: number;
};

/**
 * Whether the event takes one more registration from a phone: not past the organizer's limit on
 * registrations from phones (then the desk, until the organizer raises it), and not past one
 * network's share of the last minutes (then the desk, or that network waits a little; no other
 * network is held up by it).
 */
export function checkPhoneRegistration(
  input: PhoneRegistrationState,
): { ok: false; error: RuleError } | null {
  if (
    typeof input !== "object" ||
    input === null ||
    !isCount(input.fromPhones) ||
    !isCount(input.phoneCap, 1) ||
    !Array.isArray(input.fromNetworkAt) ||
    !Number.isFinite(input.nowMs)
  ) {
    return fail("INVALID_INPUT", say("registration.checkNeedsRegistrationsPhones"));
  }
  if (input.fromPhones >= input.phoneCap) {
    return fail(
      "PHONE_REGISTRATIONS_FULL",
      say("registration.registrationPhonesFullEvent"),
      mtr("organizer"),
    );
  }
  const windowMs = PHONE_REGISTRATION_NETWORK_WINDOW_MINUTES * 60_000;
  const recent = input.fromNetworkAt
    .filter(
      (at): at is number =>
        typeof at === "number" && at > input.nowMs - windowMs && at <= input.nowMs,
    )
    .sort((a, b) => a - b);
  if (recent.length < PHONE_REGISTRATIONS_PER_NETWORK) return null;
  // A place opens once enough of the oldest leave the window to bring the count under the limit.
  const freedAt = recent[recent.length - PHONE_REGISTRATIONS_PER_NETWORK]! + windowMs;
  const minutes = Math.max(1, Math.ceil((freedAt - input.nowMs) / 60_000));
  return fail(
    "TOO_MANY_FROM_NETWORK",
    say("registration.peopleRegisteredNetworkWi", {
      most: PHONE_REGISTRATIONS_PER_NETWORK,
      window: PHONE_REGISTRATION_NETWORK_WINDOW_MINUTES,
      minutes,
      s: minutes === 1 ? "" : "s",
    }),
    mtr("organizer"),
  );
}

/** A registration from a phone as staff review them: in the event or waiting, by its network. */
export type PhoneEntry = { id: string; network: string | null; registeredAt: number };
export type PhoneNetworkGroup = {
  network: string | null;
  ids: string[];
  firstAt: number;
  lastAt: number;
};

function phoneEntries(entries: readonly PhoneEntry[]): PhoneEntry[] {
  if (!Array.isArray(entries)) return [];
  return entries
    .filter(
      (entry): entry is PhoneEntry =>
        typeof entry === "object" &&
        entry !== null &&
        typeof entry.id === "string" &&
        (entry.network === null || typeof entry.network === "string") &&
        Number.isFinite(entry.registeredAt),
    )
    .sort((a, b) => a.registeredAt - b.registeredAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Registrations from phones by the network they came from, the largest group first: a flood stands out. */
export function phoneRegistrationsByNetwork(entries: readonly PhoneEntry[]): PhoneNetworkGroup[] {
  const groups = new Map<string | null, PhoneNetworkGroup>();
  for (const entry of phoneEntries(entries)) {
    const group = groups.get(entry.network) ?? {
      network: entry.network,
      ids: [],
      firstAt: entry.registeredAt,
      lastAt: entry.registeredAt,
    };
    group.ids.push(entry.id);
    group.lastAt = entry.registeredAt;
    groups.set(entry.network, group);
  }
  return [...groups.values()].sort((a, b) => b.ids.length - a.ids.length || a.firstAt - b.firstAt);
}

/** Which registrations from phones staff remove together: all from one network, or all since a moment. */
export type PhoneSelection =
  | { kind: "network"; network: string | null }
  | { kind: "since"; sinceMs: number };

/** The registrations a selection names, in the order they came. */
export function selectPhoneRegistrations(
  entries: readonly PhoneEntry[],
  selection: PhoneSelection,
): RuleResult<string[]> {
  if (typeof selection !== "object" || selection === null)
    return fail(
      "INVALID_INPUT",
      say("registration.selectionNetworkTime", { selection: showValue(selection) }),
    );
  if (selection.kind === "network") {
    if (selection.network !== null && typeof selection.network !== "string")
      return fail("INVALID_INPUT", say("registration.networkNamedLabel"));
    return ok(
      phoneEntries(entries)
        .filter((entry) => entry.network === selection.network)
        .map((entry) => entry.id),
    );
  }
  if (selection.kind === "since") {
    if (!Number.isFinite(selection.sinceMs))
      return fail("INVALID_INPUT", say("registration.timeRemoveRegistrationsMoment"));
    return ok(
      phoneEntries(entries)
        .filter((entry) => entry.registeredAt >= selection.sinceMs)
        .map((entry) => entry.id),
    );
  }
  return fail(
    "INVALID_INPUT",
    say("registration.selectionNetworkTime", { selection: showValue(selection) }),
  );
}

/**
 * Registrations from phones are removed in one step only before round 1 is paired, like any entry
 * (checkEntryRemoval); afterwards each player who should not play is dropped (MTR 2.10).
 */
export function checkPhoneRegistrationRemoval(input: {
  roundsPaired: number;
}): { ok: false; error: RuleError } | null {
  if (typeof input !== "object" || input === null || !isCount(input.roundsPaired))
    return fail("INVALID_INPUT", say("registration.howManyRoundsPaired"));
  if (input.roundsPaired === 0) return null;
  return fail(
    "ENTRY_NOT_REMOVABLE",
    say("registration.roundBeenPairedRegistrations", { mtr: mtr("dropping") }),
    mtr("dropping"),
  );
}
