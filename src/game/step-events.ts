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
 * The kinds of rule event told to everyone (GAME-VIEW-1): today, every kind the engine emits. The only
 * hidden things at the table are a hand, the order of a face-down combat pile and the generator's state,
 * and no event names them: a card an event names is in play or entering it (reported, played, responded
 * with), or face up in a discard pile; the combat piles are told by their sizes alone (`combat-piles`),
 * and a card is named there only once it is turned face up (`engaged`, `face-up`). The docs give each
 * kind's reason (docs/host.md); a kind that could ever name a hidden card would be told to its owner
 * alone, and `test/seat.test.ts` checks over random games that no public event names a card in a hand.
 */
type PublicKind =
  | 'reported'
  | 'moved'
  | 'emitter-worn'
  | 'emitter-removed'
  | 'activated'
  | 'deactivated'
  | 'erased'
  | 'discarded'
  | 'captured'
  | 'left'
  | 'stays'
  | 'selected'
  | 'icon-added'
  | 'affiliation-changed'
  | 'turn-ended'
  | 'unstopped'
  | 'ship-moved'
  | 'played'
  | 'battle-announced'
  | 'passed'
  | 'responded'
  | 'left-battle'
  | 'strength-changed'
  | 'in-stasis'
  | 'combat-piles'
  | 'engaged'
  | 'decision-awaited'
  | 'stunned'
  | 'mortally-wounded'
  | 'no-outcome'
  | 'pairing-ended'
  | 'face-up'
  | 'totals'
  | 'battle-won'
  | 'battle-tied'
  | 'killed'
  | 'recovered'
  | 'stopped'
  | 'battle-over';

/** Kinds told to their own player alone: none today (see above). */
type PrivateKind = never;
const PRIVATE: ReadonlySet<string> = new Set<PrivateKind>();

/**
 * Fails to compile while a kind of rule event is in neither list: every kind's audience is decided here
 * (types alone, so that a page that plays carries none of it).
 */
export type EveryKindHasAnAudience = NoneLeft<Exclude<RuleEventKind, PublicKind | PrivateKind>>;
type NoneLeft<T extends never> = T;

/** Who may hear of this rule event (GAME-VIEW-1). */
export function audienceOf(event: RuleEvent): Audience {
  return PRIVATE.has(event.kind) ? { player: ownerOf(event) } : 'public';
}

/** The player a private event is for: the one it names. */
function ownerOf(event: RuleEvent): PlayerId {
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
