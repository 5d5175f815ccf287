// What lib/rules/round-clock.ts says, in English.
export const roundClock = {
  roundClock: "The round clock",
  currentTimeTime: "The current time must be a time, not {now}.",
  timeExtensionsGivenList: "The time extensions must be given as a list, not {extensions}.",
  timeExtension: "A time extension",
  timeExtensionWholeNumber:
    "A time extension must be a whole number of minutes from {min} to {max}, not {minutes}.",
  tableNumberWholeNumber: "A table number must be a whole number of at least 1, not {tableNumber}.",
  callingTime: "Calling time",
  tableStillClockTime:
    "Table {tableNumber} still has {timeLeft} on its clock: time is called when it runs out ({mtr}, {mtr2}). If the hall's clock says time, say why and call it anyway.",
  tableStillClockTimeExtended:
    "Table {tableNumber} still has {timeLeft} on its clock (includes {extension} minute{s} of time extension): time is called when it runs out ({mtr}, {mtr2}). If the hall's clock says time, say why and call it anyway.",
  matchExtend: "The match to extend",
  tableByeThereMatch: "Table {tableNumber} is a bye: there is no match to give more time.",
  tableAlreadyResultNeeds: "Table {tableNumber} already has a result: it needs no more time.",
  matchByeThereMatch: "This match is a bye: there is no match to give more time.",
  matchAlreadyResultNeeds: "This match already has a result: it needs no more time.",
  timeBeenCalledMatch:
    "Time has been called: the end-of-match procedure has begun, and an extension only delays its start ({mtr}, {mtr2}). Give the time before calling time.",
  timeBeenCalledTable:
    "Time has been called at table {tableNumber}: the end-of-match procedure has begun, and an extension only delays its start ({mtr}, {mtr2}). Give the time before calling time.",
} as const;
