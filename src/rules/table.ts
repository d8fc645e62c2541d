import type { CardLibrary } from '../cards/library.ts';
import type { BattleView } from '../model/battle.ts';
import type { Board, CardId } from '../model/board.ts';
import type { HologramState } from '../model/events.ts';

/** What the rules know of a hologram: its actor's state, and when it was last deactivated. */
export interface HologramView {
  readonly state: HologramState;
  /**
   * The turn on which it last deactivated; null when it has not deactivated since it was reported
   * (a reported hologram may be activated on the same turn, HOLO-ACT-2; a deactivated one not, HOLO-ACT-3).
   */
  readonly deactivatedOnTurn: number | null;
}

/**
 * Everything a rule may read: the board, the card library, and the holograms' states (which their
 * actors own). Rules never write to it; they describe what follows.
 */
export interface Table {
  readonly board: Board;
  readonly library: CardLibrary;
  /** How many commands the game has carried out (GAME-STEP-1). */
  readonly step: number;
  hologram(card: CardId): HologramView | undefined;
  /** The battle running now, if any (its actor owns its step and data). */
  battle(): BattleView | undefined;
}
