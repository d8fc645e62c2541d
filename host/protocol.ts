import * as z from 'zod/mini';
import type { PatchOperation, PlayerId, Rejection, SeatPayload, StepEvents } from '../src/index.ts';

/**
 * What a host and its clients say to each other over a room (Colyseus messages, MessagePack on the
 * wire). Every message from a client is read as untrusted: copied by value, checked against these
 * schemas and limits, and refused with a `refused` message (nothing changed) where it fails them.
 */

/** An id as the engine takes one (a game's, a player's): letters, digits and `_ . : ' -`, up to 64. */
const idSchema = z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9_.:'-]{0,63}$/));

/** The room every game is played in (one room per game, found by its `gameId`). */
export const ROOM_NAME = 'game';

/** What a client joins with: the game, and its seat with the seat's token (none: a spectator). */
export const joinOptionsSchema = z.strictObject({
  gameId: idSchema,
  seat: z.optional(idSchema),
  token: z.optional(z.string().check(z.minLength(16), z.maxLength(128))),
  /** The step the client last saw: the welcome carries the events since (a player coming back). */
  since: z.optional(z.int().check(z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER))),
});
export type JoinOptions = z.infer<typeof joinOptionsSchema>;

/** A client's own number or text for a command, echoed in its answer. */
const messageId = z.optional(
  z.union([
    z.string().check(z.maxLength(64)),
    z.int().check(z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER)),
  ]),
);

// Why the host closes a connection: WebSocket close codes of the 4000-4999 range the protocol leaves to
// applications, none of them one Colyseus uses itself (docs/host.md, "Close codes and refusals").

/** Another host carries the game on now (this one lost its lease): join again, and find it there. */
export const CLOSE_MOVED = 4100;
/**
 * The seat was joined again with its token (another tab, another device): one connection a seat, the
 * latest. A client closed so should not join back on its own, or two of them take the seat in turns.
 */
export const CLOSE_REPLACED = 4101;
/** The seat's token was changed: the one this connection joined with claims the seat no more. */
export const CLOSE_REVOKED = 4102;
/** A frame whose first byte is none of Colyseus's protocol (Colyseus 0.16 alone would ignore it). */
export const CLOSE_UNKNOWN_FRAME = 4103;
/**
 * The store could not serve the connection, or confirm that this host still holds the game: join again
 * in a moment.
 */
export const CLOSE_UNAVAILABLE = 4503;

// Why a join is refused at the door: the code a client's join fails with (`ServerError.code`).

/** Join options not of the protocol's shape (`{ gameId, seat?, token?, since? }`). */
export const REFUSED_OPTIONS = 4400;
/** An unknown seat, or a token that does not claim it: one answer for both, on purpose. */
export const REFUSED_SEAT = 4403;
/** No game of that id in the store. */
export const REFUSED_NO_GAME = 4404;
/** The game is open elsewhere (another host holds it, or a room for it opens here): join again. */
export const REFUSED_ELSEWHERE = 4409;
/** As many spectators as a room takes. */
export const REFUSED_FULL = 4429;
/** The store holds what no host of this key wrote (a step changed, missing or unsealed). */
export const REFUSED_DAMAGED = 4500;
/** The store is unavailable, or this host cannot confirm it still holds the game: join again. */
export const REFUSED_UNAVAILABLE = 4503;

export type JoinRefusalCode =
  | typeof REFUSED_OPTIONS
  | typeof REFUSED_SEAT
  | typeof REFUSED_NO_GAME
  | typeof REFUSED_ELSEWHERE
  | typeof REFUSED_FULL
  | typeof REFUSED_DAMAGED
  | typeof REFUSED_UNAVAILABLE;

/** A join refused at the door, with its code: the transport tells it to the client in its own way. */
export class JoinRefused extends Error {
  override readonly name = 'JoinRefused';
  constructor(
    readonly code: JoinRefusalCode,
    message: string,
  ) {
    super(message);
  }
}

/** Client → host messages, by type. */
export const clientMessageSchemas = {
  /** A command for the client's own seat (`player` may be left out: it is the seat's). */
  command: z.strictObject({ id: messageId, command: z.record(z.string(), z.unknown()) }),
  /** Asks again for the whole payload and the events since a step (after a reconnect, or a patch that failed). */
  sync: z.strictObject({
    since: z.optional(z.int().check(z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER))),
  }),
} as const;
export type ClientMessageType = keyof typeof clientMessageSchemas;
export type CommandMessage = z.infer<typeof clientMessageSchemas.command>;
export type SyncMessage = z.infer<typeof clientMessageSchemas.sync>;

/** Host → client: on joining, the whole payload and the events the client asked for (`since`). */
export interface WelcomeMessage {
  readonly gameId: string;
  readonly seat: PlayerId | null;
  readonly payload: SeatPayload;
  readonly steps: readonly StepEvents[];
  /** Present where more steps were missed than a reply carries: `steps` are the latest of them. */
  readonly truncated?: true;
}

/** Host → client, after every step: the patch to the client's payload, and what it may hear of the step. */
export interface UpdateMessage {
  /** The step of the payload the patch applies to. */
  readonly from: number;
  /** The step it leads to. */
  readonly to: number;
  readonly patch: readonly PatchOperation[];
  readonly steps: readonly StepEvents[];
}

/** Host → client: the whole payload again, and the events since the step asked (or since its last). */
export interface SyncReply {
  readonly payload: SeatPayload;
  readonly steps: readonly StepEvents[];
  /** Present where more steps were missed than a reply carries: `steps` are the latest of them. */
  readonly truncated?: true;
}

/** Host → every connection: the computer played for a seat (before the update of that step). */
export interface BotMessage {
  readonly player: PlayerId;
  readonly step: number;
  /** Its choice in a line a player can read ("attack with Worf and Kor: 71% to win, ..."). */
  readonly explanation: string;
}

/** Host → the sender of a command: carried out (and committed), refused by the rules, or by the host. */
export type AnswerMessage =
  | { readonly id: string | number | null; readonly ok: true; readonly step: number }
  | { readonly id: string | number | null; readonly ok: false; readonly rejection: Rejection }
  | { readonly id: string | number | null; readonly ok: false; readonly refused: HostRefusal };

/** Host → client messages, by type: what a connection is sent. */
export interface HostMessages {
  readonly welcome: WelcomeMessage;
  readonly update: UpdateMessage;
  readonly sync: SyncReply;
  readonly answer: AnswerMessage;
  readonly bot: BotMessage;
  readonly refused: RefusedMessage;
}

/** Why the host refused a message without judging it (the game is unchanged). */
export interface HostRefusal {
  readonly code: /** Not a message of the protocol, or not of its shape. */
    | 'malformed'
    /** Larger than the host reads. */
    | 'too-large'
    /** Sent faster than the host reads: dropped. */
    | 'flood'
    /**
     * The store could not be reached, or did not confirm the commit: the command may not have been
     * carried out; send it again later with its step (one carried out already is refused as stale).
     */
    | 'unavailable';
  readonly message: string;
}

/** Host → client: a message refused without an answer of its own (not a command, or one it could not read). */
export interface RefusedMessage extends HostRefusal {
  readonly type: string | null;
}

/** The most a client's message may hold, as JSON text. */
export const MAX_MESSAGE_BYTES = 16 * 1024;

/**
 * A client's message, read: copied by value (no code of the sender runs), measured, and checked against
 * its type's schema; or the refusal that answers it.
 */
export function readClientMessage<T extends ClientMessageType>(
  type: T,
  message: unknown,
): { ok: true; value: z.infer<(typeof clientMessageSchemas)[T]> } | { ok: false; refusal: HostRefusal } {
  // MessagePack decodes to plain data (no getter or proxy of the sender's): measured as JSON, which
  // also refuses what JSON cannot hold.
  let size: number;
  try {
    size = JSON.stringify(message ?? null).length;
  } catch {
    return { ok: false, refusal: { code: 'malformed', message: 'the message is not JSON data' } };
  }
  if (size > MAX_MESSAGE_BYTES)
    return {
      ok: false,
      refusal: {
        code: 'too-large',
        message: `a message holds at most ${MAX_MESSAGE_BYTES} bytes of JSON (this one ${size})`,
      },
    };
  const parsed = clientMessageSchemas[type].safeParse(message);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return {
      ok: false,
      refusal: {
        code: 'malformed',
        message:
          `a ${type} message is ${type === 'command' ? '{ id?, command }' : '{ since? }'}: ${issue.path.join('.') || '(message)'}: ${issue.message}`.slice(
            0,
            300,
          ),
      },
    };
  }
  return { ok: true, value: parsed.data as z.infer<(typeof clientMessageSchemas)[T]> };
}

/**
 * How many messages a client may send: a bucket of `burst` that refills at `perSecond`. A message that
 * finds it empty is refused (`flood`) and dropped, changing nothing.
 */
export class MessageBudget {
  private tokens: number;
  private last: number;
  constructor(
    private readonly burst = 40,
    private readonly perSecond = 20,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** Takes one message's worth; false when the client has sent too fast. */
  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
