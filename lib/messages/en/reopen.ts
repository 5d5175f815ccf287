// What lib/rules/reopen.ts says, in English.
export const reopen = {
  factsNotAnEvent: "The event's status, playoff and import must be given.",
  notFinished: "The event is not finished: there is nothing to reopen.",
  importedAsPublished:
    "This event was imported from its published results: they stay final as published.",
  finalEndedIt:
    "The playoff's Final ended this event: to change how it ended, correct the Final's result.",
  nothingBuildsOnStandings:
    "Nothing builds on the final standings yet (no prizes, ratings or series are recorded here): the event may reopen.",
  reopenBeforeResultChange:
    "The event is finished and its standings are final: reopen the event first (Reopen the event), then correct the result.",
} as const;
