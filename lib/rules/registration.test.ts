import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import {
  checkCheckIn,
  checkEntryRemoval,
  checkPhoneRegistration,
  checkPhoneRegistrationRemoval,
  checkRegistrationLink,
  compareNames,
  lateEntryNote,
  nextRegistrationLinkAt,
  noShowsToDrop,
  PHONE_REGISTRATIONS_PER_NETWORK,
  phoneRegistrationsByNetwork,
  placeSelfRegistration,
  readRegistrationList,
  registrationLinkStep,
  selectPhoneRegistrations,
  waitlistPromotions,
} from "./registration";
import { shownResult } from "./testing/shown";

describe("a pasted registration list, one name per line", () => {
  it("each line is a name to register or says why it is skipped: empty, too long, twice in the list, already registered", () => {
    const read = readRegistrationList(
      ["", "Ana Silva", "  ben   ortiz ", "", "ANA SILVA", "x".repeat(81), "Cal", ""].join("\n"),
      ["Cal"],
    );
    if (!read.ok) throw new Error(render(read.error));
    expect(read.value.map((line) => [line.line, line.status])).toEqual([
      [2, "valid"],
      [3, "valid"],
      [4, "blank"],
      [5, "duplicate"],
      [6, "too-long"],
      [7, "registered"],
    ]);
    expect(read.value[1]).toMatchObject({ name: "ben ortiz" });
    expect(
      read.value
        .filter((line) => line.status !== "valid")
        .map((line) => ("message" in line ? render(line.message) : "")),
    ).toEqual([
      "Line 4 is empty.",
      "Line 5: ANA SILVA is already on line 2.",
      "Line 6: keep the name to 80 characters or fewer (it has 81).",
      "Line 7: Cal is already registered.",
    ]);
  });

  it("Windows line ends and invisible characters are cleaned like a typed name", () => {
    const read = readRegistrationList("Dee\r\nE\u200Bve\r\n", []);
    expect(
      read.ok && read.value.map((line) => (line.status === "valid" ? line.name : line.status)),
    ).toEqual(["Dee", "Eve"]);
  });
});

describe("names in the order people read them", () => {
  it("the overview lists names by the locale's collation, not by character code", () => {
    const names = [
      "Zoë",
      "émile",
      "Anders",
      "Ångström",
      "bob",
      "Émile 2",
      "Emma",
      "Player 10",
      "Player 9",
    ];
    expect([...names].sort(compareNames)).toEqual([
      "Anders",
      "Ångström",
      "bob",
      "émile",
      "Émile 2",
      "Emma",
      "Player 9",
      "Player 10",
      "Zoë",
    ]);
  });
});

describe("late entries (docs/rules.md: each missed round is a match loss recorded 0-2)", () => {
  it("the success message says the missed rounds count as losses", () => {
    expect(lateEntryNote(1)).toBeNull();
    expect(render(lateEntryNote(2)!)).toBe(
      "They join in round 2: the round they missed counts as a match loss (0-2).",
    );
    expect(render(lateEntryNote(4)!)).toBe(
      "They join in round 4: the 3 rounds they missed count as match losses (0-2 each).",
    );
    expect(render(lateEntryNote(3, 2, false)!)).toBe(
      "They join in round 3: the 2 rounds they missed are not counted in their standings.",
    );
  });
});

describe("MTR 2.10: removing an entry", () => {
  it("MTR 2.10: an entry may be removed before round 1 is paired; afterwards the player drops instead", () => {
    expect(checkEntryRemoval({ roundsPaired: 0, name: "Ana" })).toBeNull();
    expect(checkEntryRemoval({ roundsPaired: 1, name: "Ana" })).toMatchObject({
      ok: false,
      error: { code: "ENTRY_NOT_REMOVABLE", rule: "MTR 2.10" },
    });
  });
});

const open = {
  isOpen: true,
  roundsPaired: 0,
  isEventComplete: false,
  activePlayers: 3,
  cap: 4,
  waitlisted: 0,
};

describe("MTR 1.6 (the organizer's logistics; no MTR section sets caps or waitlists): registering from a phone", () => {
  it("MTR 1.6: while registration is open and a spot is free, the player is registered", () => {
    expect(placeSelfRegistration(open)).toEqual({ ok: true, value: { placement: "registered" } });
    expect(placeSelfRegistration({ ...open, cap: null, activePlayers: 500 })).toEqual({
      ok: true,
      value: { placement: "registered" },
    });
  });

  it("MTR 1.6: once the cap is reached, the player joins the end of the waitlist and is told their place", () => {
    expect(placeSelfRegistration({ ...open, activePlayers: 4 })).toEqual({
      ok: true,
      value: { placement: "waitlisted", position: 1 },
    });
    expect(placeSelfRegistration({ ...open, activePlayers: 5, waitlisted: 2 })).toEqual({
      ok: true,
      value: { placement: "waitlisted", position: 3 },
    });
  });

  it("MTR 1.6: first come, first served: while others wait, a newcomer does not jump the waitlist even if a spot is free", () => {
    expect(placeSelfRegistration({ ...open, activePlayers: 3, waitlisted: 1 })).toEqual({
      ok: true,
      value: { placement: "waitlisted", position: 2 },
    });
  });

  it("MTR 1.6: registration is closed unless the organizer opened it, before round 1 is paired and while the event runs", () => {
    expect(placeSelfRegistration({ ...open, isOpen: false })).toMatchObject({
      ok: false,
      error: { code: "REGISTRATION_CLOSED", rule: "MTR 1.6" },
    });
    expect(shownResult(placeSelfRegistration({ ...open, roundsPaired: 1 }))).toMatchObject({
      ok: false,
      error: {
        code: "REGISTRATION_CLOSED",
        message: expect.stringContaining("Round 1 has been paired"),
      },
    });
    expect(placeSelfRegistration({ ...open, isEventComplete: true })).toMatchObject({
      ok: false,
      error: { code: "REGISTRATION_CLOSED" },
    });
  });

  it("a cap or count that is not a whole number is refused, not guessed", () => {
    expect(placeSelfRegistration({ ...open, cap: 0 })).toMatchObject({
      ok: false,
      error: { code: "INVALID_NUMBER" },
    });
    expect(placeSelfRegistration({ ...open, activePlayers: -1 })).toMatchObject({
      ok: false,
      error: { code: "INVALID_NUMBER" },
    });
  });
});

describe("MTR 1.6: the waitlist moves up when a spot frees", () => {
  it("MTR 1.6: as many people as there are free spots get in, from the front", () => {
    expect(waitlistPromotions({ roundsPaired: 0, cap: 4, activePlayers: 3, waitlisted: 2 })).toBe(
      1,
    );
    expect(waitlistPromotions({ roundsPaired: 0, cap: 4, activePlayers: 1, waitlisted: 2 })).toBe(
      2,
    );
    expect(waitlistPromotions({ roundsPaired: 0, cap: 4, activePlayers: 4, waitlisted: 2 })).toBe(
      0,
    );
    expect(waitlistPromotions({ roundsPaired: 0, cap: 4, activePlayers: 6, waitlisted: 2 })).toBe(
      0,
    );
  });

  it("MTR 1.6: lifting the cap lets everyone waiting in", () => {
    expect(
      waitlistPromotions({ roundsPaired: 0, cap: null, activePlayers: 40, waitlisted: 3 }),
    ).toBe(3);
  });

  it("MTR 1.6: nobody is promoted once round 1 is paired: the organizer enters late players by hand", () => {
    expect(waitlistPromotions({ roundsPaired: 1, cap: 8, activePlayers: 2, waitlisted: 3 })).toBe(
      0,
    );
  });
});

describe("MTR 1.6, MTR 2.10: checking in and dropping no-shows before round 1", () => {
  it("MTR 1.6: a registered player checks in before round 1 is paired; afterwards check-in is over", () => {
    expect(checkCheckIn({ roundsPaired: 0, isDropped: false, name: "Ana" })).toBeNull();
    expect(checkCheckIn({ roundsPaired: 1, isDropped: false, name: "Ana" })).toMatchObject({
      ok: false,
      error: { code: "CHECK_IN_CLOSED", rule: "MTR 1.6" },
    });
  });

  it("MTR 2.10: a player dropped as a no-show cannot check themselves back in: the organizer undoes the drop", () => {
    expect(
      shownResult(checkCheckIn({ roundsPaired: 0, isDropped: true, name: "Ana" })),
    ).toMatchObject({
      ok: false,
      error: {
        code: "CHECK_IN_CLOSED",
        rule: "MTR 2.10",
        message: expect.stringContaining("Ana was dropped before round 1"),
      },
    });
  });

  it("MTR 2.10: the no-shows are the players still in the event who have not checked in", () => {
    const entries = [
      { id: "a", isCheckedIn: true, isDropped: false },
      { id: "b", isCheckedIn: false, isDropped: false },
      { id: "c", isCheckedIn: false, isDropped: true },
      { id: "d", isCheckedIn: false, isDropped: false },
    ];
    expect(noShowsToDrop({ roundsPaired: 0, entries })).toEqual({ ok: true, value: ["b", "d"] });
    expect(noShowsToDrop({ roundsPaired: 0, entries: entries.slice(0, 1) })).toEqual({
      ok: true,
      value: [],
    });
  });

  it("MTR 1.6: before anyone has checked in, dropping no-shows is refused: it would drop the whole field", () => {
    expect(
      noShowsToDrop({
        roundsPaired: 0,
        entries: [{ id: "a", isCheckedIn: false, isDropped: false }],
      }),
    ).toMatchObject({ ok: false, error: { code: "NOBODY_CHECKED_IN" } });
    expect(noShowsToDrop({ roundsPaired: 0, entries: [] })).toMatchObject({
      ok: false,
      error: { code: "NOBODY_CHECKED_IN" },
    });
  });

  it("MTR 2.10: once round 1 is paired, no-shows are not dropped in one step (a player who left drops from their row)", () => {
    expect(
      noShowsToDrop({
        roundsPaired: 1,
        entries: [{ id: "a", isCheckedIn: true, isDropped: false }],
      }),
    ).toMatchObject({ ok: false, error: { code: "CHECK_IN_CLOSED" } });
  });
});

const MINUTE = 60_000;
/** 18:02:30 on an event day, in the middle of a 5-minute link step. */
const SHOWN_AT = Date.UTC(2026, 10, 28, 18, 2, 30);
const shownLink = { status: "signed" as const, step: registrationLinkStep(SHOWN_AT) };

describe("MTR 1.6: registering from a phone needs the link the check-in screen at the venue shows", () => {
  it("the screen shows a new link every 5 minutes and knows when the next one is due", () => {
    expect(registrationLinkStep(SHOWN_AT + 2 * MINUTE)).toBe(shownLink.step);
    expect(registrationLinkStep(SHOWN_AT + 3 * MINUTE)).toBe(shownLink.step + 1);
    expect(nextRegistrationLinkAt(SHOWN_AT)).toBe(Date.UTC(2026, 10, 28, 18, 5));
  });

  it("a link scanned from the screen works for at least 20 minutes, so someone typing slowly is not refused", () => {
    for (const minutes of [0, 5, 12, 20])
      expect(
        checkRegistrationLink(shownLink, SHOWN_AT + minutes * MINUTE),
        `${minutes} minutes later`,
      ).toBeNull();
  });

  it("a link older than that has expired: scan the screen again, or register at the desk", () => {
    expect(shownResult(checkRegistrationLink(shownLink, SHOWN_AT + 25 * MINUTE))).toMatchObject({
      ok: false,
      error: {
        code: "REGISTRATION_LINK_EXPIRED",
        message: expect.stringContaining("Scan it again, or register at the desk"),
      },
    });
  });

  it("no link at all says plainly to scan the QR code at the venue or go to the desk", () => {
    expect(shownResult(checkRegistrationLink({ status: "missing" }, SHOWN_AT))).toMatchObject({
      ok: false,
      error: {
        code: "REGISTRATION_LINK_MISSING",
        message:
          "To register from your phone, scan the QR code on the check-in screen at the venue, or register at the desk.",
      },
    });
  });

  it("a link the server never signed, or signed for a step far in the future, is refused", () => {
    expect(checkRegistrationLink({ status: "not-signed" }, SHOWN_AT)).toMatchObject({
      ok: false,
      error: { code: "REGISTRATION_LINK_INVALID" },
    });
    expect(
      checkRegistrationLink({ status: "signed", step: shownLink.step + 1 }, SHOWN_AT),
      "one step ahead: another instance's clock",
    ).toBeNull();
    expect(
      checkRegistrationLink({ status: "signed", step: shownLink.step + 3 }, SHOWN_AT),
    ).toMatchObject({ ok: false, error: { code: "REGISTRATION_LINK_INVALID" } });
    expect(checkRegistrationLink({ status: "signed", step: -1 }, SHOWN_AT)).toMatchObject({
      ok: false,
      error: { code: "REGISTRATION_LINK_INVALID" },
    });
  });
});

describe("MTR 1.6: the event's limit on registrations from phones, and one network's share", () => {
  const state = { fromPhones: 10, phoneCap: 200, fromNetworkAt: [] as number[], nowMs: SHOWN_AT };

  it("MTR 1.6: under the limit, a registration from a phone is taken", () => {
    expect(checkPhoneRegistration(state)).toBeNull();
    expect(checkPhoneRegistration({ ...state, fromPhones: 199 })).toBeNull();
  });

  it("MTR 1.6: at the limit, phones are sent to the desk with no time to wait: only the organizer raising it reopens it", () => {
    const full = checkPhoneRegistration({ ...state, fromPhones: 200 });
    expect(shownResult(full)).toMatchObject({
      ok: false,
      error: {
        code: "PHONE_REGISTRATIONS_FULL",
        message:
          "Registration from phones is full for this event. Register at the desk: staff there can still add you.",
      },
    });
    expect(checkPhoneRegistration({ ...state, fromPhones: 200, phoneCap: 201 })).toBeNull();
  });

  it("one network registers at most 60 people in 15 minutes; it is told when its next place opens", () => {
    const everyTenSeconds = Array.from(
      { length: PHONE_REGISTRATIONS_PER_NETWORK },
      (_, index) => SHOWN_AT - 10 * MINUTE + index * 10_000,
    );
    expect(
      checkPhoneRegistration({ ...state, fromNetworkAt: everyTenSeconds.slice(1) }),
    ).toBeNull();
    expect(
      shownResult(checkPhoneRegistration({ ...state, fromNetworkAt: everyTenSeconds })),
    ).toMatchObject({
      ok: false,
      error: {
        code: "TOO_MANY_FROM_NETWORK",
        message: expect.stringContaining("Register at the desk, or try again in 5 minutes."),
      },
    });
    expect(
      checkPhoneRegistration({
        ...state,
        fromNetworkAt: everyTenSeconds,
        nowMs: SHOWN_AT + 5 * MINUTE,
      }),
      "the oldest has left the window",
    ).toBeNull();
  });

  it("registrations older than 15 minutes do not count against a network", () => {
    const lastHour = Array.from(
      { length: 200 },
      (_, index) => SHOWN_AT - 60 * MINUTE + index * 1_000,
    );
    expect(checkPhoneRegistration({ ...state, fromNetworkAt: lastHour })).toBeNull();
  });
});

describe("MTR 2.10: removing a flood of registrations from phones before round 1", () => {
  const entries = [
    { id: "ana", network: "HOME", registeredAt: SHOWN_AT },
    { id: "junk-2", network: "FLOOD", registeredAt: SHOWN_AT + 2 * MINUTE },
    { id: "junk-1", network: "FLOOD", registeredAt: SHOWN_AT + MINUTE },
    { id: "ben", network: null, registeredAt: SHOWN_AT + 90_000 },
    { id: "junk-3", network: "FLOOD", registeredAt: SHOWN_AT + 3 * MINUTE },
  ];

  it("groups by network put the largest first, in the order each came", () => {
    expect(phoneRegistrationsByNetwork(entries)).toEqual([
      {
        network: "FLOOD",
        ids: ["junk-1", "junk-2", "junk-3"],
        firstAt: SHOWN_AT + MINUTE,
        lastAt: SHOWN_AT + 3 * MINUTE,
      },
      { network: "HOME", ids: ["ana"], firstAt: SHOWN_AT, lastAt: SHOWN_AT },
      { network: null, ids: ["ben"], firstAt: SHOWN_AT + 90_000, lastAt: SHOWN_AT + 90_000 },
    ]);
  });

  it("a selection names exactly one network's registrations, or every registration since a moment", () => {
    expect(selectPhoneRegistrations(entries, { kind: "network", network: "FLOOD" })).toEqual({
      ok: true,
      value: ["junk-1", "junk-2", "junk-3"],
    });
    expect(selectPhoneRegistrations(entries, { kind: "network", network: null })).toEqual({
      ok: true,
      value: ["ben"],
    });
    expect(
      selectPhoneRegistrations(entries, { kind: "since", sinceMs: SHOWN_AT + 90_000 }),
    ).toEqual({ ok: true, value: ["ben", "junk-2", "junk-3"] });
    expect(selectPhoneRegistrations(entries, { kind: "network", network: "NOBODY" })).toEqual({
      ok: true,
      value: [],
    });
  });

  it("MTR 2.10: removal in one step is for before round 1; afterwards a player drops from their row", () => {
    expect(checkPhoneRegistrationRemoval({ roundsPaired: 0 })).toBeNull();
    expect(checkPhoneRegistrationRemoval({ roundsPaired: 1 })).toMatchObject({
      ok: false,
      error: { code: "ENTRY_NOT_REMOVABLE", rule: "MTR 2.10" },
    });
  });
});
