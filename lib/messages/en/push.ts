// What Web Push notifications say on a phone's lock screen (lib/server/push/push-channel.ts).
export const push = {
  pairedTitle: "{round}: {place, select, pod {pod} other {table}} {table}",
  pairedBody: "{round}: table {table} against {opponent}",
  pairedPodBody:
    "{round}: pod {table} with {others} ({count, plural, one {# other player} other {# other players}})",
  byeTitle: "{round}: a bye",
  byeBody: "{round}: you have a bye",
  timeTitle: "Time at {place, select, pod {pod} other {table}} {table}",
  timeBody:
    "Time in {number, select, playoff {the {round}} other {round {number}}}: {turns, plural, =0 {the active player finishes the turn} one {one more turn} =2 {two more turns} =3 {three more turns} =5 {five more turns} other {# more turns}}",
  judgeComingTitle: "A judge is coming",
  judgeComingBody: "A judge is on the way to {place, select, pod {pod} other {table}} {table}",
  judgeCallTitle: "Judge call: {place, select, pod {pod} other {table}} {table}",
  judgeCallBody: "{caller} at {place, select, pod {pod} other {table}} {table}, {round}",
} as const;
