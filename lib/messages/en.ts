// The English message catalogue: every sentence the rules say, by key, in ICU message syntax.
// Values in braces are filled in by lib/messages/render.ts; a new language is a copy of this.
import { archive } from "./en/archive";
import { awardedByes } from "./en/awarded-byes";
import { edition } from "./en/edition";
import { endOfMatch } from "./en/end-of-match";
import { finalStandings } from "./en/final-standings";
import { game } from "./en/game";
import { judgeCalls } from "./en/judge-calls";
import { matchRecord } from "./en/match-record";
import { matchReport } from "./en/match-report";
import { match } from "./en/match";
import { nextStep } from "./en/next-step";
import { pastedPairings } from "./en/pasted-pairings";
import { penalty } from "./en/penalty";
import { permissions } from "./en/permissions";
import { playDraw } from "./en/play-draw";
import { playerCode } from "./en/player-code";
import { podEvent } from "./en/pod-event";
import { podGame } from "./en/pod-game";
import { podReport } from "./en/pod-report";
import { podStandings } from "./en/pod-standings";
import { publishedEvent } from "./en/published-event";
import { quickEntry } from "./en/quick-entry";
import { registration } from "./en/registration";
import { reportFlow } from "./en/report-flow";
import { result } from "./en/result";
import { roundClock } from "./en/round-clock";
import { settings } from "./en/settings";
import { standings } from "./en/standings";
import { swissRounds } from "./en/swiss-rounds";
import { teamList } from "./en/team-list";
import { teams } from "./en/teams";

export const en = {
  archive,
  awardedByes,
  edition,
  endOfMatch,
  finalStandings,
  game,
  judgeCalls,
  matchRecord,
  matchReport,
  match,
  nextStep,
  pastedPairings,
  penalty,
  permissions,
  playDraw,
  playerCode,
  podEvent,
  podGame,
  podReport,
  podStandings,
  publishedEvent,
  quickEntry,
  registration,
  reportFlow,
  result,
  roundClock,
  settings,
  standings,
  swissRounds,
  teamList,
  teams,
} as const;
