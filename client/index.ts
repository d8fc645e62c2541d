/**
 * stccg-rules/client: a seat at a game on a host (stccg-rules/host), for browsers and Node. `joinSeat`
 * joins from a play link or an address, keeps the seat's payload current from the host's patches,
 * answers each command once the update of its step has come, tells the rule events as they come, and
 * brings the connection back after a drop. It needs `colyseus.js` (0.16), an optional peer of
 * stccg-rules, and nothing of the host's server.
 */

import { addressOfLink, type SeatAddress } from './link.ts';
import { joinSeat as join, type RemoteSeat, type SeatOptions } from './seat.ts';

export type {
  AnswerMessage,
  BotMessage,
  HostRefusal,
  RefusedMessage,
  SyncReply,
  UpdateMessage,
  WelcomeMessage,
} from '../host/protocol.ts';
export type {
  Awaiting,
  BattlePublicView,
  CardView,
  PlayerCommand,
  PlayerView,
  Rejection,
  RuleEvent,
  SeatPayload,
  StepEvents,
} from '../src/index.ts';
export type { Answer } from './answers.ts';
export { CloseCode, JoinFailed, JoinRefusal } from './close-codes.ts';
export { addressOfLink, type SeatAddress } from './link.ts';
export type { RemoteSeat, SeatClosed, SeatEvents, SeatOptions } from './seat.ts';

/**
 * Joins a game on a host, from a seat's play link (`http://HOST/play#game=…&seat=…&token=…`, as
 * `POST /games` gives it; a spectator's has no seat) or an address `{ url, game, seat?, token?, since? }`.
 * Resolves once the host's welcome has come (`seat.payload` is there); rejects with `JoinFailed` (its
 * `code` a `JoinRefusal`) where the host refuses the join, or cannot be reached.
 */
export function joinSeat(link: string | SeatAddress, options?: SeatOptions): Promise<RemoteSeat> {
  return join(typeof link === 'string' ? addressOfLink(link) : link, options);
}
