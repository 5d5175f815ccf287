// What lib/rules/judge-calls.ts says, in English.
export const judgeCalls = {
  nothingMore: "Nothing more",
  givePenalty: "Give a penalty",
  giveTimeExtension: "Give a time extension",
  openTimeScreen: "Open the time screen",
  youByeRoundThere:
    "You have a bye this round, so there is no table to call a judge to. Find a judge at the stage.",
  matchLongerPlayedFind: "This match is no longer played. Find a judge at the stage.",
  youCalledJudgeTimes:
    "You have called a judge {calls} times in the last {windowMinutes} minutes. You can call again in {minutesLeft} minute{s}; if it is urgent, raise your hand.",
  judgesCanAnswerJudge: "Only judges can answer judge calls.",
  callAlreadyBeenResolved: "This call has already been resolved.",
  anotherJudge: "Another judge",
  alreadyTakenCall: "{judge} has already taken this call.",
  callTheyHeadJudge:
    "{judge} has this call; only they, the head judge or the organizer can resolve it.",
  justNow: "just now",
  minutes: "{minutes} min",
  hMin: "{hours} h {minutes} min",
} as const;
