import {
  CLOSE_MOVED,
  CLOSE_REPLACED,
  CLOSE_REVOKED,
  CLOSE_UNAVAILABLE,
  CLOSE_UNKNOWN_FRAME,
  REFUSED_DAMAGED,
  REFUSED_ELSEWHERE,
  REFUSED_FULL,
  REFUSED_NO_GAME,
  REFUSED_OPTIONS,
  REFUSED_SEAT,
  REFUSED_UNAVAILABLE,
} from '../host/protocol.ts';

/**
 * The numbers a client is told why with: the code a connection is closed with (a WebSocket close
 * code), and the code a join is refused with. The host's own (host/protocol.ts), and the few of
 * Colyseus's a client meets; each with what the kit does about it.
 */
export const CloseCode = {
  /**
   * Colyseus's "consented": the client left (`seat.leave()`), or the host closed the room as it shut
   * down. The kit joins again after the latter (the game comes back with its host, or on another).
   */
  left: 4000,
  /** Another host carries the game on now (this one lost its lease). The kit joins again, and finds it. */
  moved: CLOSE_MOVED,
  /**
   * The seat was joined again with its token (another tab, another device): one connection a seat, the
   * latest. The kit stops: joining back on its own, two clients would take the seat in turns.
   */
  replaced: CLOSE_REPLACED,
  /** The seat's token was changed: the one this client holds claims the seat no more. The kit stops. */
  revoked: CLOSE_REVOKED,
  /** The client sent a frame that is none of Colyseus's protocol. The kit stops. */
  unknownFrame: CLOSE_UNKNOWN_FRAME,
  /** The store could not serve the connection. The kit joins again, after a moment. */
  unavailable: CLOSE_UNAVAILABLE,
  /**
   * Colyseus's: a reconnection found no room (it closed, everyone gone). The kit joins again (which opens
   * the game from the store), with the step it last saw.
   */
  roomGone: 4212,
  /**
   * Colyseus's: a reconnection came after the grace period (the seat's place was given up). The kit
   * joins again with the seat's token, which still claims it, and the step it last saw.
   */
  expired: 4214,
} as const;
export type CloseCode = (typeof CloseCode)[keyof typeof CloseCode];

/** Why a join was refused at the door (`joinSeat` rejects with a `JoinFailed` carrying the code). */
export const JoinRefusal = {
  /** The options are not `{ gameId, seat?, token?, since? }` (a token without its seat, too). */
  options: REFUSED_OPTIONS,
  /**
   * An unknown seat, or a token that does not claim it: one answer for both, on purpose, so that a
   * guess tells nothing of a game's seats. A token changed since is refused so too.
   */
  seat: REFUSED_SEAT,
  /** No game of that id on the host. */
  noGame: REFUSED_NO_GAME,
  /** The game is open elsewhere, or its room is opening here: the kit tries again, for a while. */
  elsewhere: REFUSED_ELSEWHERE,
  /** As many spectators as a room takes. */
  full: REFUSED_FULL,
  /** The store holds what no host of its key wrote (a step changed, missing or unsealed). */
  damaged: REFUSED_DAMAGED,
  /** The store is unavailable: the kit tries again, for a while. */
  unavailable: REFUSED_UNAVAILABLE,
  /**
   * Colyseus's: a request it could not complete (the process holding the room did not answer: a host
   * gone, among several): the kit tries again, for a while.
   */
  unanswered: 4213,
} as const;
export type JoinRefusal = (typeof JoinRefusal)[keyof typeof JoinRefusal];

/** A join that failed: refused by the host (its `code`, a `JoinRefusal`), or never reaching it (no code). */
export class JoinFailed extends Error {
  override readonly name = 'JoinFailed';
  constructor(
    message: string,
    readonly code: number | undefined,
  ) {
    super(message);
  }
}

/** Join refusals that pass: the kit tries again (a host restarting, a room opening, a store back). */
const PASSING: ReadonlySet<number> = new Set([
  JoinRefusal.elsewhere,
  JoinRefusal.unavailable,
  JoinRefusal.unanswered,
]);

/** Whether a join that failed so is worth trying again; `network`: also one that never reached the host. */
export function passing(code: number | undefined, network: boolean): boolean {
  return code === undefined ? network : PASSING.has(code);
}

/** Closes that end a seat's connection for good: joining back would undo what they did. */
const FINAL: ReadonlySet<number> = new Set([CloseCode.replaced, CloseCode.revoked, CloseCode.unknownFrame]);

/**
 * What the kit does after a connection it did not end closed with `code`: come back to the same room
 * (`reconnect`, within the grace period: a drop of the network, codes below 4000), join the game again
 * (`rejoin`: the room closed, or its host went away, even with Colyseus's "consented" 4000 of a host
 * shutting down), or stop (the host's codes that end a seat's connection for good).
 */
export function afterClose(code: number): 'reconnect' | 'rejoin' | 'stop' {
  if (FINAL.has(code)) return 'stop';
  return code >= 4000 ? 'rejoin' : 'reconnect';
}
