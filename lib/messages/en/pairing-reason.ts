// What lib/rules/pairing-reason.ts says, in English.
export const pairingReason = {
  theInput: "The pairing's facts",
  pairing: "A pairing names two different players, or one player and a bye.",
  source: "A pairing is made by the pairer, entered, swapped or seeded, not {value}.",
  seeds: "A playoff pairing needs both players' seeds.",
  round: "The round is a whole number from 1, not {value}.",
  unknown: "A player of this pairing is not in the field.",
  playoffSeeds:
    "Seed {high} plays seed {low}: the playoff is seeded from the final Swiss standings.",
  entered: "Paired by the organizer: this round's pairings were entered by hand.",
  swapped: "Paired by the staff: a judge or organizer swapped players at this table.",
  roundOne: "Round 1 is paired at random.",
  byeRandom: "{player} has the bye: the field is odd, and round 1's bye is drawn at random.",
  byeLowest:
    "{player} has the bye: the field is odd, and it goes to the player on the fewest points ({points}) without a bye so far, lowest in the standings first.",
  byeRepeated: "{player} has the bye again: everyone has had one, so it goes to the fewest points.",
  byeAvoidsRematch:
    "{player} has the bye: giving it lower down would have forced a rematch elsewhere.",
  rematch: "A rematch: no pairing of this round avoided every rematch.",
  sameGroup:
    "Both on {points, plural, one {# point} other {# points}}: players meet others on the same points.",
  pairedDownOddGroup:
    "{player} was paired down from {from, plural, one {# point} other {# points}} to {to}: the {from}-point group had an odd number of players.",
  pairedDownIntoGroup:
    "{player} was paired down from {from, plural, one {# point} other {# points}} to {to}: a player paired down into the {from}-point group left it odd.",
  pairedDownRematch:
    "{player} was paired down from {from, plural, one {# point} other {# points}}: {other} was on {from, plural, one {# point} other {# points}} too, but they have already played.",
  pairedDown:
    "{player} was paired down from {from, plural, one {# point} other {# points}} to {to}: the closest pairing without a rematch.",
} as const;
