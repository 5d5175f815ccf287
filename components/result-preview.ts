import {
  evaluateResultSlip,
  questionResultSlip,
  resultSummary,
  type MatchFormat,
  type SlipContext,
} from "@/lib/rules/match";
import { render } from "@/lib/messages/render";

export type SlipText = { winsA: string; winsB: string; draws: string };

export type Preview = {
  text: string;
  isError: boolean;
  /** Ruling F (MTR 2.1): a possible but unusual slip the reporter must confirm before it is saved. */
  question?: string;
};

/**
 * What the result row says under the slip as it is typed, from the same rules the server
 * applies: who wins and how, or what is wrong — in the players' names, never "NaN" or "player A".
 */
export function describePreview(
  format: MatchFormat,
  slip: SlipText,
  nameA: string,
  nameB: string,
  context: SlipContext = {},
): Preview {
  if (slip.winsA.trim() === "" || slip.winsB.trim() === "")
    return { text: "Enter the games each player won.", isError: false };
  const fields: [keyof SlipText, string][] = [
    ["winsA", `Games won by ${nameA}`],
    ["winsB", `Games won by ${nameB}`],
    ["draws", "Drawn games"],
  ];
  for (const [key, label] of fields) {
    const value = slip[key].trim();
    if (key === "draws" && value === "") continue;
    if (!/^\d$/.test(value))
      return { text: `${label} must be a whole number from 0 to 9.`, isError: true };
  }
  const numbers = {
    winsA: Number(slip.winsA),
    winsB: Number(slip.winsB),
    draws: Number(slip.draws.trim() || 0),
  };
  const outcome = evaluateResultSlip(format, numbers, context);
  if (!outcome.ok)
    return { text: render(outcome.error, { sides: { A: nameA, B: nameB } }), isError: true };
  const { winner, slip: reported } = outcome.value;
  const question = questionResultSlip(format, numbers);
  const extra = question ? { question: render(question.error) } : {};
  const text = render(resultSummary({ winner, slip: reported }, context), {
    sides: { A: nameA, B: nameB },
  });
  return { text, isError: false, ...extra };
}
