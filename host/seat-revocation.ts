import { matchMaker } from '@colyseus/core';
import type { PlayerId } from '../src/index.ts';

/**
 * A seat's token revoked (rotated) while its game's room is open, in this process or another: the
 * store's new hash is what a join is checked against, but an open room holds the seats it read as it
 * opened, and the connections the old token made. The process that rotates tells its own room at once,
 * and the others through Colyseus's presence (Redis, where hosts share one); whichever holds the room
 * re-reads its seats and closes the seat's connections.
 */

/** The presence channel every host listens on. */
const CHANNEL = 'stccg:seat-revoked';

/** What a room does as its seat's token is replaced (`GameRoom.seatRevoked`). */
interface RevocableRoom {
  /** Re-reads the game's seats from the store, and closes the seat's connections. */
  seatRevoked(seat: PlayerId): Promise<void>;
}

interface Revoked {
  readonly gameId: string;
  readonly seat: PlayerId;
  /** The process that sent it (it has told its own room already). */
  readonly from: string;
}

/** Tells the room of this game, wherever it is open, that this seat's token is replaced. */
export async function revokeSeat(
  rooms: ReadonlyMap<string, RevocableRoom>,
  gameId: string,
  seat: PlayerId,
  log: (line: string) => void,
): Promise<void> {
  await revokeHere(rooms, gameId, seat, log);
  try {
    await matchMaker.presence.publish(CHANNEL, {
      gameId,
      seat,
      from: matchMaker.processId,
    } satisfies Revoked);
  } catch (error) {
    // The store holds the new hash whatever happens here: a room elsewhere that missed this still holds
    // the old one until it is opened again (a host cut off from its Redis fences itself and closes it).
    log(
      `game ${gameId}: seat ${seat}'s revocation could not be sent to the other hosts: ${(error as Error).message}`,
    );
  }
}

/** Listens for revocations from other processes; returns what stops listening. */
export async function hearRevocations(
  rooms: ReadonlyMap<string, RevocableRoom>,
  log: (line: string) => void,
): Promise<() => void> {
  const presence = matchMaker.presence;
  const heard = (message: unknown) => {
    const revoked = message as Partial<Revoked> | null;
    if (typeof revoked?.gameId !== 'string' || typeof revoked.seat !== 'string') return;
    if (revoked.from === matchMaker.processId) return;
    void revokeHere(rooms, revoked.gameId, revoked.seat, log);
  };
  await presence.subscribe(CHANNEL, heard);
  return () => void presence.unsubscribe(CHANNEL, heard);
}

async function revokeHere(
  rooms: ReadonlyMap<string, RevocableRoom>,
  gameId: string,
  seat: PlayerId,
  log: (line: string) => void,
): Promise<void> {
  const room = rooms.get(gameId);
  if (!room) return;
  try {
    await room.seatRevoked(seat);
    log(`game ${gameId}: seat ${seat}'s token replaced, its connections closed`);
  } catch (error) {
    log(`game ${gameId}: seat ${seat} could not be revoked in its room: ${(error as Error).message}`);
  }
}
