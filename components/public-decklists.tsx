import type { ListedDecklist } from "@/lib/server/decklists/decklist-reads";
import type { MetagameShare } from "@/lib/rules/decklists";

/** A published list's cards, section by section, as a player reads them on a phone. */
function ListCards({ list }: { list: ListedDecklist }) {
  const sections = [
    { title: "Commander", cards: list.entries.commanders },
    { title: "Main deck", cards: list.entries.main },
    { title: "Sideboard", cards: list.entries.sideboard },
    { title: "Companion", cards: list.entries.companions },
  ].filter((section) => section.cards.length > 0);
  return (
    <div className="mt-2 grid gap-3 sm:grid-cols-2">
      {sections.map((section) => (
        <div key={section.title}>
          <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {section.title} ({section.cards.reduce((sum, card) => sum + card.count, 0)})
          </h3>
          <ul className="text-sm">
            {section.cards.map((card) => (
              <li key={card.oracleId}>
                <span className="inline-block w-6 tabular-nums">{card.count}</span> {card.name}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** MTR 2.7: the lists the organizer made public (all, or the top cut's), with the metagame by archetype. */
export function PublicDecklists({
  lists,
  shares,
  total,
}: {
  lists: ListedDecklist[];
  shares: MetagameShare[];
  total: number;
}) {
  return (
    <div className="space-y-4">
      <section className="rounded-lg border border-slate-200 bg-white p-4" aria-label="Metagame">
        <h2 className="text-base font-semibold text-slate-900">Metagame</h2>
        <ul className="mt-2 space-y-1 text-sm">
          {shares.map((share) => (
            <li key={share.archetype} className="flex justify-between gap-3">
              <span className={share.isUnnamed ? "text-slate-500 italic" : ""}>
                {share.isUnnamed ? "Unnamed" : share.archetype}
              </span>
              <span className="tabular-nums">
                {share.count} ({Math.round((share.count / Math.max(1, total)) * 100)}%)
              </span>
            </li>
          ))}
        </ul>
      </section>
      <ul className="space-y-3" aria-label="Decklists">
        {lists.map((list) => (
          <li
            key={`${list.registrationId} ${list.seat}`}
            className="rounded-lg border border-slate-200 bg-white p-4"
          >
            <details>
              <summary className="flex cursor-pointer flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-medium text-slate-900">{list.playerName}</span>
                <span className="text-sm text-slate-600">
                  {list.archetype || "Unnamed"}
                  {list.isInTopCut ? " · top cut" : ""}
                </span>
              </summary>
              <ListCards list={list} />
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}
