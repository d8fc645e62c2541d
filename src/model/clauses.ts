/**
 * Every clause the engine can cite, by its stable id.
 *
 * The HOLO-* and BATTLE-* clauses are the specification (`spec/CLAUSES.md`), copied here word
 * for word so that the engine, its errors and its traces carry the text without reading outside files
 * (a test checks the copy against the spec). The GAME-* and CARD-* clauses are the engine's own: the
 * general game rules and card texts that the two rules sections take for granted (turns, ownership,
 * movement, well-formed input). They are marked `source: 'engine'` so nobody mistakes them for the spec.
 */

/** Clauses of the specification, keyed by id. */
export const SPEC_CLAUSES = {
  'HOLO-EXIST-1':
    'Holographic (Holo icon) personnel and equipment can only exist aboard ships and facilities, unless a card such as Holo-projectors allows it to exist elsewhere.',
  'HOLO-EXIST-2':
    'They are deactivated if the ship or facility they are aboard does not have a Holodeck they are allowed to use. A deactivated personnel is disabled; a deactivated Equipment card may not be used in any way.',
  'HOLO-EMIT-1':
    'A hologram wearing a Mobile Holo-Emitter does not need a Holodeck and is not confined to ships and facilities.',
  'HOLO-EMIT-2':
    'If their Emitter is removed when they are not aboard a ship or facility (or on a planet with Holo-projectors), they are erased (discarded).',
  'HOLO-ACT-1': 'A hologram is deactivated when reported.',
  'HOLO-ACT-2':
    'It may be activated on the same or a subsequent turn (if aboard a ship or facility with a Holodeck, or wearing a Mobile Holo-Emitter) by any of your "unstopped" personnel present (even another active hologram).',
  'HOLO-ACT-3':
    'If later deactivated, it may be reactivated in the same way during one of your subsequent turns (not on the same turn it deactivates).',
  'HOLO-DEATH-1':
    'When a holographic personnel would normally be killed (or a holographic Equipment card would be destroyed), by battle or by a card, it is instead deactivated.',
  'HOLO-DEATH-2': 'A hologram that is "discarded" or "erased" goes to the discard pile.',
  'HOLO-DEATH-3': 'If a ship or facility is destroyed, any holographic cards aboard are discarded.',
  'HOLO-DILEMMA-1':
    'If a dilemma (or other card, such as Escape Pod or Penalty Box) requires a hologram to leave a ship, facility, or planet with Holo-projectors without immediately boarding another ship or facility, it instead deactivates (unless wearing a Mobile Holo-Emitter).',
  'HOLO-BATTLE-1':
    '"Holographic safety protocols": holograms may stun (but not mortally wound) non-holographic adversaries.',
  'HOLO-BATTLE-2':
    'If total STRENGTH at the end of a battle is entirely derived from holograms, they may win the battle but may not kill an opposing personnel.',
  'HOLO-ASSIM-1':
    'Borg do not assimilate (or target for assimilation) holographic personnel. Exclude holographic personnel from any selections for abduction or assimilation.',
  'HOLO-CAPTURE-1':
    "A hologram without a Mobile Holo-Emitter may be captured if it can be relocated to the opponent's crew aboard a ship or facility at the same location; otherwise it deactivates (the trap card would remove it from the ship).",
  'HOLO-CAPTURE-2': 'A hologram with a Mobile Holo-Emitter is captured normally.',
  'HOLO-NORMAL-1':
    'Except as noted, holographic personnel are treated exactly like normal personnel. They need no "supervision" when staffing ships, attempting missions, etc.',
  'HOLO-SPECIES-1':
    'The gameplay species of every holographic personnel is "hologram", whatever its appearance or lore: Sumek may not use a Vulcan Nerve Pinch, nor may Data if a Holo icon has been added to him by Holoprogram: 221B Baker Street.',
  'HOLO-AFFIL-1':
    'Holograms may use game text relating to affiliation: when in Hirogen mode, Iden may use a Hirogen Talon.',
  'BATTLE-0':
    'Personnel battles may include Rogue Borg; "personnel" means "personnel or Rogue Borg" throughout. Special rules apply to holographic personnel (HOLO-BATTLE-*).',
  'BATTLE-1':
    "Announce the attack: which one of your Away Teams or crews attacks which one of your opponent's. The attacked group may include disabled personnel (they do not engage in personal combat) but not those in stasis. The battle is now initiated.",
  'BATTLE-2':
    "Both players may use cards that apply at the start of battle: responses to the initiation, such as an interrupt (Vulcan Nerve Pinch) or equipment that may report to a just-initiated battle (D'k Tahg); see Emergency Transporter Armbands.",
  'BATTLE-3':
    'Each player shuffles their personnel (not those disabled, stunned or mortally wounded) face down into a combat pile.',
  'BATTLE-4':
    'Both players simultaneously turn over the top card of their combat piles; those two adversaries engage in personal combat, comparing STRENGTH with relevant modifiers (phasers, Lower Decks, ...).',
  'BATTLE-4a': 'If one STRENGTH is greater than the other, the higher may choose to stun its adversary.',
  'BATTLE-4b':
    'If one STRENGTH is more than double the other, that personnel may choose to mortally wound its adversary.',
  'BATTLE-4c': 'Equal STRENGTH: neither may stun or mortally wound the other.',
  'BATTLE-4d':
    "Repeat until one player's combat pile runs out; cards remaining in the other pile are turned face up.",
  'BATTLE-4e':
    "If both cards in a pairing have a stun effect, or both players wish to respond to a pairing, the player whose turn it is has the first opportunity (example: Data vs Fek'lhr with '45 Dom Perignon present; Android Headlock first if it is Data's owner's turn).",
  'BATTLE-5':
    'Compare total remaining STRENGTH (with modifiers). Stunned and mortally wounded cards do not add their own STRENGTH but may still modify other cards (a stunned Shakaar Edon still makes other Bajorans stronger).',
  'BATTLE-5a':
    'The higher total wins and immediately kills one opposing personnel: random selection among those not mortally wounded, including stunned or disabled ones. Equal totals: no one wins or loses.',
  'BATTLE-6':
    'After the battle: mortally wounded cards die (discarded), stunned cards recover, all survivors are "stopped".',
} as const;

/** Clauses the engine adds: general game rules and card texts the specification relies on. */
export const ENGINE_CLAUSES = {
  'GAME-INPUT-1':
    'A command must be well formed: a known type, naming a known player and existing cards, with every field of the right kind.',
  'GAME-TURN-1':
    'Players take turns; a player performs the actions of a turn (reporting, moving, activating, changing affiliation, ending the turn) only during their own turn. The turn number counts every turn of both players.',
  'GAME-OWN-1':
    'A player may only report, move, equip, activate with or change the affiliation of their own cards.',
  'GAME-MOVE-1':
    "Personnel and equipment move (walk or beam) between the ships, facilities and planet surface at one location; a stopped or captured card does not move, and a card moves onto its owner's ships and facilities only.",
  'GAME-REPORT-1':
    "A personnel or equipment card reports from its owner's hand aboard one of that player's ships or facilities.",
  'GAME-STOP-1': 'Stopped cards recover (are no longer stopped) at the end of each turn.',
  'GAME-AFFIL-1':
    'A card with several affiliations (such as Iden, Bajoran/Hirogen) is in one affiliation mode at a time; its owner may change the mode during their turn.',
  'GAME-PLAY-1':
    'A card effect (kill, destroy, discard, capture, relocate, select) applies to cards in play only: not to cards in a hand or a discard pile.',
  'GAME-DESTROY-1':
    "A card that is discarded, destroyed or killed takes with it the cards aboard it, worn by it or played on it: they go to their owners' discard piles.",
  'GAME-STEP-1':
    'A command that names the step of the game it was made at is carried out only at that step: one made from a stale snapshot is refused, never applied out of order.',
  'GAME-CAPTURE-1':
    "A capture takes one of the opponent's personnel in play, aboard a ship or facility or on a planet, and holds it captive for the capturing player; a captive is not captured again.",
  'GAME-BATTLE-1':
    "While a personnel battle runs, the players only respond (with a response card, or a card's effect played in the open window), pass and decide within it; a new battle waits until it is over.",
  'GAME-BATTLE-2':
    'A personnel that dies, is erased, is captured or leaves its group during a battle leaves the battle: its combat pile, the pairing it is in (which ends with no outcome) and the totals. One disabled during the battle (a hologram deactivated) stays in it, but engages no one and adds nothing to its total.',
  'GAME-SEAT-1':
    "A player acts only for themself: a command sent from a player's seat is that player's, and one naming another player is refused; a spectator sends none.",
  'GAME-VIEW-1':
    "What a player could not see across a real table (the opponent's hand, the order of a face-down combat pile, the generator's state) is shown to no one else: a view or a rule event names only what its listener may see.",
  'GAME-KERNEL-1':
    "The engine's two drivers, the statecharts and the kernel, carry out every command alike: the same board, rule events, rejections, legal commands, awaited decision and generator state after each.",
  'GAME-KERNEL-2':
    "A game's state moves between the two drivers without loss: a game at a kernel's state saves as the game whose state it is.",
  'GAME-STAFF-1':
    'A ship is staffed when its unstopped, undisabled crew carries the staffing icons its card requires; only a staffed ship may move.',
  'CARD-EMITTER-1':
    'Mobile Holo-Emitter: may be "worn" by (placed on) one of your Holo personnel; you may remove it during your turn. Wearer moves normally.',
  'CARD-ROGUE-BORG-1':
    "Rogue Borg Mercenaries: plays on any occupied ship. Battles crew now and at start of every players' turn. Two Borg =2 STRENGTH each, three =3 each, etc. Surviving Borg remain.",
  'CARD-HOLOPROGRAM-1':
    'Holoprogram: 221B Baker Street: personnel placed here add the Holo icon to your copies of the same personnel in play.',
} as const;

export type SpecClauseId = keyof typeof SPEC_CLAUSES;
export type EngineClauseId = keyof typeof ENGINE_CLAUSES;
/** The id of a clause the engine may cite in a rule event or a rejection. */
export type ClauseId = SpecClauseId | EngineClauseId;

/** A clause with its text and where it comes from. */
export interface Clause {
  readonly id: ClauseId;
  readonly text: string;
  readonly source: 'spec' | 'engine';
}

/** The clause with that id, with its text. */
export function clause(id: ClauseId): Clause {
  if (Object.hasOwn(SPEC_CLAUSES, id)) return { id, text: SPEC_CLAUSES[id as SpecClauseId], source: 'spec' };
  if (Object.hasOwn(ENGINE_CLAUSES, id))
    return { id, text: ENGINE_CLAUSES[id as EngineClauseId], source: 'engine' };
  throw new RangeError(`there is no clause "${String(id)}"`);
}

/** Every clause, the specification's first, in the order the rulebook gives them. */
export function allClauses(): Clause[] {
  return (Object.keys({ ...SPEC_CLAUSES, ...ENGINE_CLAUSES }) as ClauseId[]).map(clause);
}
