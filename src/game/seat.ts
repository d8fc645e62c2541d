import type { PlayerId } from '../model/board.ts';
import type { PlayerCommand } from '../model/commands.ts';
import type { Rejection } from '../model/events.ts';
import { copyPlain, safeText } from '../model/plain.ts';
import type { CommandResult, Game } from './game.ts';
import type { Awaiting } from './policies.ts';
import { type StepEvents, stepEventsFor } from './step-events.ts';
import type { PlayerView } from './view.ts';

/**
 * Everything one seat needs to draw its table and act, in one plain JSON object: what a host sends a
 * player after each step (whole once, then as patches: `payloadPatch`).
 */
export interface SeatPayload {
  /** The seat's player; null for a spectator. */
  readonly player: PlayerId | null;
  /** The game's step this payload shows. */
  readonly step: number;
  /** What this seat sees (GAME-VIEW-1). */
  readonly view: PlayerView;
  /**
   * The commands this seat may send now, each carrying the step (GAME-STEP-1): sent as they are, one
   * made stale by a step in between is refused, never applied out of order. None for a spectator.
   */
  readonly legal: readonly PlayerCommand[];
  /** What the game awaits now in a battle, and from whom (either seat); null outside one. */
  readonly awaiting: Awaiting | null;
}

/**
 * One player's door to a game (GAME-SEAT-1), or a spectator's (`game.spectator()`): what a server
 * hands each connection, so that a message forwarded unchecked can only ever act for that seat. Made by
 * `game.seat(player)`; the game's own doors (`send`, `effect`) stay the host's.
 */
export class Seat {
  /** @internal Made by `game.seat(player)` and `game.spectator()`. */
  constructor(
    /** The game this seat sits at. */
    readonly game: Game,
    /** The seat's player; null for a spectator. */
    readonly player: PlayerId | null,
  ) {}

  /**
   * A command from this seat's player, as `game.send` takes it: a command naming no player is this
   * seat's; one naming another player, or any from a spectator, is refused (`not-your-seat`,
   * GAME-SEAT-1) and changes nothing. Never throws.
   */
  send(command: PlayerCommand | Omit<PlayerCommand, 'player'>): CommandResult;
  send(command: unknown): CommandResult;
  send(command: unknown): CommandResult {
    // Read from a copy by value, as the game's gate reads input: none of the sender's code runs here.
    const copy = copyPlain(command, { maxNodes: MAX_COMMAND_VALUES });
    const plain =
      copy.ok && typeof copy.value === 'object' && copy.value !== null && !Array.isArray(copy.value)
        ? (copy.value as { player?: unknown })
        : undefined;
    const refused = this.refusal(plain);
    if (refused) return { ok: false, rejection: refused };
    // A command naming no player is this seat's. What is no plain object goes on as it came, for the
    // game's gate to refuse as malformed.
    if (!plain) return this.game.send(command);
    return this.game.send(plain.player === undefined ? { ...plain, player: this.player } : plain);
  }

  /** Why this seat may not send this command, if it may not (GAME-SEAT-1). */
  private refusal(command: { player?: unknown } | undefined): Rejection | undefined {
    if (this.player === null) return seatRefusal('a spectator sends no commands', summary(command));
    if (command === undefined || command.player === undefined || command.player === this.player)
      return undefined;
    return seatRefusal(
      `this is ${this.player}'s seat: it sends no command in ${safeText(String(command.player), 40)}'s name`,
      summary(command),
    );
  }

  /** The seat's view, legal commands (each with the step) and what the game awaits, now. */
  payload(): SeatPayload {
    const step = this.game.step();
    const view = this.game.view(this.player ?? '');
    const legal =
      this.player === null
        ? []
        : this.game.legalCommands(this.player).map((command) => ({ ...command, step }) as PlayerCommand);
    return { player: this.player, step, view, legal, awaiting: this.game.awaiting() };
  }

  /**
   * What happened after step `since` that this seat may hear (GAME-VIEW-1): each step's command and its
   * rule events for this seat, so that a player who reconnects at the step it last saw gets exactly what
   * it missed. Throws `RangeError` as `game.eventsSince` does (and takes its `replay` option).
   */
  eventsSince(since: number, options: { readonly replay?: boolean } = {}): StepEvents[] {
    return this.game.eventsSince(since, options).map((step) => stepEventsFor(this.player, step));
  }
}

/** How many values a command may hold, as the game's gate counts them (a command holds a few dozen). */
const MAX_COMMAND_VALUES = 10_000;

/** A seat's refusal: nothing reaches the game, so the game is exactly as it was. */
function seatRefusal(message: string, command: unknown): Rejection {
  return {
    type: 'rejected',
    code: 'not-your-seat',
    clause: 'GAME-SEAT-1',
    message: `GAME-SEAT-1: ${message}`,
    command,
  };
}

/** A short description of what was sent, for a refusal (never the whole payload): its type. */
function summary(command: unknown): unknown {
  const type = typeof command === 'object' && command !== null ? (command as { type?: unknown }).type : null;
  return typeof type === 'string' ? { type: safeText(type, 40) } : null;
}
