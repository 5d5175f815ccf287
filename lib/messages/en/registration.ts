// What lib/rules/registration.ts says, in English.
export const registration = {
  listText: "The list must be text, not {text}.",
  pasteMostTimeList: "Paste at most {most} {what} at a time (this list has {count} lines).",
  lineEmpty: "Line {line} is empty.",
  lineKeepNameCharacters:
    "Line {line}: keep the name to {most} characters or fewer (it has {length}).",
  lineAlreadyRegistered: "Line {line}: {name} is already registered.",
  lineAlreadyLine: "Line {line}: {name} is already on line {earlier}.",
  missedRoundNotCounted:
    "They join in round {firstRound}: the round they missed is not counted in their standings.",
  missedRoundsNotCounted:
    "They join in round {firstRound}: the {missed} rounds they missed are not counted in their standings.",
  missedRoundLoss:
    "They join in round {firstRound}: the round they missed counts as a match loss (0-{games}).",
  missedRoundsLosses:
    "They join in round {firstRound}: the {missed} rounds they missed count as match losses (0-{games} each).",
  howManyRoundsPaired: "How many rounds are paired must be a whole number.",
  roundPairedTakenPart:
    "Round 1 is paired, so {name} has taken part: drop them instead ({mtr}); they keep their results.",
  registrationStateRecord: "The registration state must be a record, not {input}.",
  roundsPairedPlayersWaitlist:
    "Rounds paired, players, the waitlist and the cap must be whole numbers.",
  eventOverRegistrationClosed: "The event is over; registration is closed.",
  roundBeenPairedRegistering:
    "Round 1 has been paired, so registering from a phone is closed. Ask the organizer at the desk to enter you late.",
  organizerOpenedRegistrationPhones:
    "The organizer has not opened registration from phones. Ask at the desk to be registered.",
  roundBeenPairedCheck:
    "Round 1 has been paired: check-in is over. {name}, look for your table on the pairings.",
  droppedBeforeRoundAsk:
    "{name} was dropped before round 1. Ask the organizer at the desk: they can undo it ({mtr}).",
  showCheckNeedsRounds: "The no-show check needs the rounds paired and the list of entrants.",
  roundBeenPairedShows:
    "Round 1 has been paired: no-shows are no longer dropped in one step. Drop a player who left from their row instead.",
  nobodyCheckedYetEvery:
    "Nobody has checked in yet, so every player would count as a no-show. Let players check in first.",
  registerDesk: "or register at the desk",
  names: "names",
  thePlayer: "the player",
  thisPlayer: "This player",
  registerYourPhoneScan:
    "To register from your phone, scan the QR code on the check-in screen at the venue, {orDesk}.",
  registrationLinkDoesCome:
    "This registration link does not come from the check-in screen. Scan the QR code on the screen at the venue, {orDesk}.",
  registrationLinkExpiredQr:
    "This registration link has expired: the QR code on the check-in screen changes every few minutes. Scan it again, {orDesk}.",
  checkNeedsRegistrationsPhones:
    "The check needs the registrations from phones, their limit, the network's registrations and the time.",
  registrationPhonesFullEvent:
    "Registration from phones is full for this event. Register at the desk: staff there can still add you.",
  peopleRegisteredNetworkWi:
    "{most} people have registered from this network (Wi-Fi or mobile connection) in the last {window} minutes, the most one network may. Register at the desk, or try again in {minutes} minute{s}.",
  selectionNetworkTime: "A selection must be a network or a time, not {selection}.",
  networkNamedLabel: "A network must be named by its label.",
  timeRemoveRegistrationsMoment: "The time to remove registrations from must be a moment.",
  roundBeenPairedRegistrations:
    "Round 1 has been paired: registrations are no longer removed in one step. Drop a player who should not play from their row ({mtr}).",
} as const;
