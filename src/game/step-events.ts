import type { PlayerId } from '../model/board.ts';
import type { Command } from '../model/commands.ts';
import type { RuleEvent, RuleEventKind } from '../model/events.ts';

/**
 * Who may hear of a rule event (GAME-VIEW-1): both players and any spectator (`'public'`), or one
 * player alone (`{ player }`). What a seat hears is what it could see across a real table.
 */
export type Audience = 'public' | { readonly player: PlayerId };

/**
 * What happened at one step of a game: the command carried out there (a host effect as the effect
 * itself) and the rule events it caused, the battle's own steps that followed it included. `step` is
 * the game's step after it: the first command of a game is step 1.
 */
export interface StepEvents {
  readonly step: number;
  readonly command: Command;
  readonly events: readonly RuleEvent[];
}

/**
 * Why every rule event the engine emits today is public, kind by kind (GAME-VIEW-1). The only hidden
 * things at the table are a hand, the order of a face-down combat pile and the generator's state, and
 * no event names them: a card an event names is in play or entering it (reported, played, responded
 * with), or face up in a discard pile; the combat piles are told by their sizes alone (`combat-piles`),
 * and a card is named there only once it is turned face up (`engaged`, `face-up`). A kind that could
 * ever name a hidden card would be told to its owner alone here, and `test/seat.test.ts` checks, over
 * random games, that no public event names a card hidden from either player.
 */
const PUBLIC: Readonly<Record<RuleEventKind, string>> = {
  reported: 'a card reported from hand is face up in play',
  moved: 'a move is between places in play',
  'emitter-worn': 'both cards are in play',
  'emitter-removed': 'both cards are in play',
  activated: 'both cards are in play',
  deactivated: 'the hologram is in play',
  erased: 'the hologram goes face up to the discard pile',
  discarded: 'a discard pile is face up',
  captured: 'the captive was in play, and is held in play',
  left: 'between places in play (or held by a card in play)',
  stays: 'the card is in play',
  selected: 'chosen among cards in play',
  'icon-added': 'the card is in play',
  'affiliation-changed': 'the card is in play',
  'turn-ended': 'the turn is public',
  unstopped: 'the card is in play',
  'ship-moved': 'the ship is in play',
  played: 'a card played is face up',
  'battle-announced': 'the groups are in play',
  passed: 'a pass is said aloud',
  responded: 'a card responded with is face up',
  'left-battle': 'the card was in the battle, face up or in a group in play',
  'strength-changed': 'both cards are in play',
  'in-stasis': 'both cards are in play',
  'combat-piles': 'their sizes only, and who was left out of them (in play)',
  engaged: 'the two cards are turned face up',
  'decision-awaited': 'the options follow from STRENGTH both players see',
  stunned: 'the cards are face up in a pairing',
  'mortally-wounded': 'the cards are face up in a pairing',
  'no-outcome': 'the pairing is face up',
  'pairing-ended': 'the pairing is face up',
  'face-up': 'the cards are turned face up',
  totals: 'STRENGTH both players see',
  'battle-won': 'the outcome is public',
  'battle-tied': 'the outcome is public',
  killed: 'the card was in play, and goes face up to the discard pile',
  recovered: 'the card is in play',
  stopped: 'the card is in play',
  'battle-over': 'the outcome is public',
};

/** Who may hear of this rule event (GAME-VIEW-1). See `PUBLIC` for each kind's reason. */
export function audienceOf(event: RuleEvent): Audience {
  return Object.hasOwn(PUBLIC, event.kind) ? 'public' : { player: ownerOfUnknownKind(event) };
}

/** Why each kind of rule event is public, in words (for the docs and the tests). */
export function whyPublic(kind: RuleEventKind): string {
  return PUBLIC[kind];
}

/**
 * A kind this table does not know yet (a newer engine's) is told to no one but the player it names:
 * hidden information is never shown by default.
 */
function ownerOfUnknownKind(event: RuleEvent): PlayerId {
  const player = (event as { player?: unknown }).player;
  return typeof player === 'string' ? player : '';
}

/** Whether a player (or, with null, a spectator) may hear of this rule event. */
export function hears(listener: PlayerId | null, event: RuleEvent): boolean {
  const audience = audienceOf(event);
  return audience === 'public' || (listener !== null && audience.player === listener);
}

/** What one listener may hear of a step: the command, and the events for it (GAME-VIEW-1). */
export function stepEventsFor(listener: PlayerId | null, step: StepEvents): StepEvents {
  const events = step.events.filter((event) => hears(listener, event));
  return events.length === step.events.length ? step : { ...step, events };
}
