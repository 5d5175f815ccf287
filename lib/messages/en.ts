// The English message catalogue: every sentence the rules say, by key, in ICU message syntax.
// Values in braces are filled in by lib/messages/render.ts; a new language is a copy of this.
import { archive } from "./en/archive";
import { awardedByes } from "./en/awarded-byes";
import { blossomSolver } from "./en/blossom-solver";
import { bracket } from "./en/bracket";
import { checkManualPairings } from "./en/check-manual-pairings";
import { deckChecks } from "./en/deck-checks";
import { decklists } from "./en/decklists";
import { decks } from "./en/decks";
import { edition } from "./en/edition";
import { endOfMatch } from "./en/end-of-match";
import { finalStandings } from "./en/final-standings";
import { game } from "./en/game";
import { judgeCalls } from "./en/judge-calls";
import { match } from "./en/match";
import { matchRecord } from "./en/match-record";
import { matchReport } from "./en/match-report";
import { nextStep } from "./en/next-step";
import { pastedPairings } from "./en/pasted-pairings";
import { penalty } from "./en/penalty";
import { permissions } from "./en/permissions";
import { playDraw } from "./en/play-draw";
import { push } from "./en/push";
import { playerCode } from "./en/player-code";
import { podBracket } from "./en/pod-bracket";
import { podEvent } from "./en/pod-event";
import { podGame } from "./en/pod-game";
import { podReport } from "./en/pod-report";
import { podSizes } from "./en/pod-sizes";
import { podSearch } from "./en/pod-search";
import { podStandings } from "./en/pod-standings";
import { pods } from "./en/pods";
import { publishedEvent } from "./en/published-event";
import { quickEntry } from "./en/quick-entry";
import { registration } from "./en/registration";
import { reopen } from "./en/reopen";
import { reportFlow } from "./en/report-flow";
import { random } from "./en/random";
import { result } from "./en/result";
import { roundClock } from "./en/round-clock";
import { settings } from "./en/settings";
import { standings } from "./en/standings";
import { swiss } from "./en/swiss";
import { swissInput } from "./en/swiss-input";
import { swissRounds } from "./en/swiss-rounds";
import { teamList } from "./en/team-list";
import { teams } from "./en/teams";
import { topCutOutlook } from "./en/top-cut-outlook";
import { fieldPlayers } from "./en/field-players";
import { pairingReason } from "./en/pairing-reason";

export const en = {
  archive,
  awardedByes,
  blossomSolver,
  bracket,
  checkManualPairings,
  deckChecks,
  decklists,
  decks,
  edition,
  endOfMatch,
  finalStandings,
  game,
  judgeCalls,
  match,
  matchRecord,
  matchReport,
  nextStep,
  pastedPairings,
  penalty,
  permissions,
  playDraw,
  push,
  playerCode,
  podBracket,
  podEvent,
  podGame,
  podReport,
  podSizes,
  podSearch,
  podStandings,
  pods,
  publishedEvent,
  quickEntry,
  registration,
  reopen,
  reportFlow,
  random,
  result,
  roundClock,
  settings,
  standings,
  swiss,
  swissInput,
  swissRounds,
  teamList,
  teams,
  topCutOutlook,
  fieldPlayers,
  pairingReason,
} as const;
