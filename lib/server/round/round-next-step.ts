import "server-only";
import { type RoundPageStep, roundPageStep } from "@/lib/rules/next-step";
import type { TournamentAccess } from "@/lib/server/access/tournament-access";
import {
  type EventStatus,
  getEventStatus,
  getRoundTitle,
} from "@/lib/server/tournament/event-status";

export type RoundNextStepView = {
  step: RoundPageStep;
  status: EventStatus;
  laterRoundTitle: string | null;
};

/** A round page's next step, read only once its results are in (MTR 2.5); null while it waits. */
export async function getRoundNextStep(
  access: TournamentAccess,
  roundNumber: number,
  resultsIn: boolean,
): Promise<RoundNextStepView | null> {
  if (!resultsIn) return null;
  const [status, laterRoundTitle] = await Promise.all([
    getEventStatus(access.tournamentId),
    getRoundTitle(access, roundNumber + 1),
  ]);
  if (!status) return null;
  const step = roundPageStep({
    round: roundNumber,
    resultsIn,
    laterRoundExists: laterRoundTitle !== null,
    step: status.step,
  });
  return step ? { step, status, laterRoundTitle } : null;
}
