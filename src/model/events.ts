import type { PairingOutcome } from './battle.ts';
import type { CardId, PlayerId, Position } from './board.ts';
import type { ClauseId } from './clauses.ts';
import type { BattleWindow } from './commands.ts';

/** The activation states of a hologram (its hologram actor's state). */
export type HologramState = 'deactivated' | 'active' | 'erased';

/**
 * What happened, and the clause that made it happen. Every accepted command yields one or more,
 * in the order they happened; the game actor also `emit`s each one.
 */
export type RuleEvent =
  | RuleEventOf<'reported', { card: CardId; at: Position }>
  | RuleEventOf<'moved', { card: CardId; from: Position; to: Position }>
  | RuleEventOf<'emitter-worn', { emitter: CardId; hologram: CardId }>
  | RuleEventOf<'emitter-removed', { emitter: CardId; hologram: CardId }>
  | RuleEventOf<'activated', { hologram: CardId; by: CardId }>
  | RuleEventOf<'deactivated', { hologram: CardId }>
  | RuleEventOf<'erased', { hologram: CardId }>
  | RuleEventOf<'discarded', { card: CardId; from: Position }>
  | RuleEventOf<'captured', { card: CardId; by: PlayerId; host: CardId | null }>
  | RuleEventOf<'left', { card: CardId; from: Position; to: Position }>
  | RuleEventOf<'stays', { card: CardId }>
  | RuleEventOf<
      'selected',
      { card: CardId | null; purpose: 'assimilation' | 'abduction'; excluded: CardId[] }
    >
  | RuleEventOf<'icon-added', { card: CardId; icon: string }>
  | RuleEventOf<'affiliation-changed', { card: CardId; from: string; to: string }>
  | RuleEventOf<'turn-ended', { ended: PlayerId; next: PlayerId; number: number }>
  | RuleEventOf<'unstopped', { card: CardId }>
  | RuleEventOf<'ship-moved', { ship: CardId; to: string }>
  /** A card played onto a ship (Rogue Borg Mercenaries, CARD-ROGUE-BORG-1). */
  | RuleEventOf<'played', { card: CardId; on: CardId }>
  | RuleEventOf<
      'battle-announced',
      { attacker: PlayerId; defender: PlayerId; attackers: CardId[]; defenders: CardId[] }
    >
  | RuleEventOf<'passed', { player: PlayerId; window: BattleWindow }>
  | RuleEventOf<'responded', { player: PlayerId; card: CardId; window: BattleWindow }>
  /** GAME-BATTLE-2: a card effect played as a response took a personnel out of the battle (dead, erased, captured, gone). */
  | RuleEventOf<'left-battle', { card: CardId }>
  /** A response changed a personnel's STRENGTH until the end of the battle (a client's response card). */
  | RuleEventOf<'strength-changed', { card: CardId; amount: number; by: CardId }>
  | RuleEventOf<'in-stasis', { card: CardId; by: CardId; untilEndOfTurn: number }>
  /** BATTLE-3: the piles' sizes only; their order is hidden information. */
  | RuleEventOf<'combat-piles', { attacker: number; defender: number; leftOut: CardId[] }>
  | RuleEventOf<
      'engaged',
      {
        pairing: number;
        attacker: CardId;
        defender: CardId;
        attackerStrength: number;
        defenderStrength: number;
      }
    >
  | RuleEventOf<'decision-awaited', { player: PlayerId; options: PairingOutcome[] }>
  | RuleEventOf<'stunned', { card: CardId; by: CardId }>
  | RuleEventOf<'mortally-wounded', { card: CardId; by: CardId }>
  | RuleEventOf<'no-outcome', { pairing: number }>
  /** BATTLE-4e: a pairing ends with a combatant struck down by a response in its window (Android Headlock). */
  | RuleEventOf<'pairing-ended', { pairing: number; outcome: 'stun' | 'mortally-wound' }>
  | RuleEventOf<'face-up', { cards: CardId[] }>
  | RuleEventOf<'totals', { attacker: number; defender: number }>
  | RuleEventOf<'battle-won', { winner: PlayerId; kills: boolean }>
  | RuleEventOf<'battle-tied', Record<never, never>>
  | RuleEventOf<'killed', { card: CardId }>
  | RuleEventOf<'recovered', { card: CardId }>
  | RuleEventOf<'stopped', { card: CardId }>
  | RuleEventOf<'battle-over', { winner: PlayerId | null; killed: CardId | null }>;

export type RuleEventKind = RuleEvent['kind'];

type RuleEventOf<K extends string, P> = {
  readonly type: 'rule';
  readonly kind: K;
  /** The clause that decided it. */
  readonly clause: ClauseId;
  /** One line a player can read, naming the clause. */
  readonly message: string;
} & P;

/** Why a command was refused. */
export type RejectionCode =
  /** Not a command of a known type, or a field of the wrong kind (GAME-INPUT-1). */
  | 'malformed'
  /** The player named is not in this game. */
  | 'unknown-player'
  /** A card or location id that does not exist in this game. */
  | 'unknown-card'
  /** Not that player's turn (GAME-TURN-1). */
  | 'not-your-turn'
  /** A card that player may not touch (GAME-OWN-1). */
  | 'not-your-card'
  /** Sent from one player's seat in another player's name, or from a spectator's (GAME-SEAT-1). */
  | 'not-your-seat'
  /** The rules forbid it now; `clause` says which. */
  | 'forbidden'
  /** The engine is in a state where this command has no meaning (the game is over, a step awaits). */
  | 'not-now'
  /** Made from a stale snapshot: the game has moved on since the step the command names (GAME-STEP-1). */
  | 'stale'
  /** The game is stopped (`game.stop()`): it answers no more commands. */
  | 'stopped'
  /**
   * Not answered yet: sent while the game was answering another input (from a listener, a subscriber,
   * a policy or an inspection callback). It is queued and answered in order, by the actor's next
   * `accepted` or `rejected` event for it; nothing has changed yet.
   */
  | 'queued';

/** A refused command. The game's state is exactly what it was before the command. */
export interface Rejection {
  readonly type: 'rejected';
  readonly code: RejectionCode;
  readonly clause: ClauseId;
  readonly message: string;
  /**
   * The command as the rules read it (for malformed input: a short description of it, never the whole
   * payload). Always plain JSON data.
   */
  readonly command: unknown;
}
