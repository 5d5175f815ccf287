import type { decks } from "@/lib/messages/en/decks";
import { render } from "@/lib/messages/render";
import { type MessageValue, say } from "@/lib/rules/result";

/** A word of the decks catalogue, for the paper sheets: a key it lacks does not compile. */
export function deckWord(key: keyof typeof decks, values?: Record<string, MessageValue>): string {
  return render(say(`decks.${key}`, values));
}
