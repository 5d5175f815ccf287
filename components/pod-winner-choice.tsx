/** Who won a pod: one radio per player still in the game (`winnerId`), roomy on a phone, compact for staff. */
export function PodWinnerChoice({
  legend,
  players,
  isPhone = false,
}: {
  legend: string;
  players: readonly { registrationId: string; name: string }[];
  isPhone?: boolean;
}) {
  return (
    <fieldset>
      <legend
        className={
          isPhone ? "text-sm font-medium text-slate-700" : "text-xs font-medium text-slate-600"
        }
      >
        {legend}
      </legend>
      <div className={isPhone ? "mt-1 grid gap-1" : "mt-1 flex flex-wrap gap-x-4 gap-y-1"}>
        {players.map((player) => (
          <label
            key={player.registrationId}
            className={
              isPhone
                ? "flex min-h-11 items-center gap-3 text-base"
                : "flex min-h-11 items-center gap-2 text-sm sm:min-h-8"
            }
          >
            <input
              type="radio"
              name="winnerId"
              value={player.registrationId}
              className={isPhone ? "size-5" : "size-5 sm:size-4"}
            />
            {player.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
