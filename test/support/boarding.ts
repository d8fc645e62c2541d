import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { type Command, createGame, type Game, type Setup } from '../../src/index.ts';
import { sendAny } from './doors.ts';
import { SeatClient } from './host-client.ts';

/**
 * The boarding party (examples/replays/boarding-party.json), as the host's tests play it: its setup,
 * seed and commands; the game itself played here, to compare with what a host shows; and its seats
 * joined to a host.
 */
export const BOARDING = JSON.parse(
  readFileSync(new URL('../../examples/replays/boarding-party.json', import.meta.url), 'utf8'),
) as { setup: Setup; seed: number; log: Command[] };

/** The boarding party played here to `steps` commands: what a host should be holding. */
export function boardingReference(steps = BOARDING.log.length): Game {
  const game = createGame(BOARDING.setup, { seed: BOARDING.seed });
  for (const command of BOARDING.log.slice(0, steps)) expect(sendAny(game, command).ok).toBe(true);
  return game;
}

/** A game as a host creates it: its id and each seat's token. */
export interface HostedGame {
  readonly gameId: string;
  readonly seats: Readonly<Record<string, { readonly token: string }>>;
}

/** One of a game's seats joined to a host, with its token (and the step it last saw, if any). */
export function sit(url: string, game: HostedGame, seat: string, since?: number): Promise<SeatClient> {
  return SeatClient.join(url, {
    gameId: game.gameId,
    seat,
    token: game.seats[seat]!.token,
    ...(since === undefined ? {} : { since }),
  });
}

/** Plays the boarding party's commands `from` to `to`, each from its own player's seat; waits for every seat. */
export async function playBoarding(
  players: Record<string, SeatClient>,
  from: number,
  to: number,
): Promise<void> {
  for (const command of BOARDING.log.slice(from, to)) {
    const answer = await players[command.player]!.send(command);
    expect(answer, JSON.stringify(command)).toMatchObject({ ok: true });
  }
  for (const seat of new Set(Object.values(players)))
    await seat.until(() => seat.step === to, `step ${to} everywhere`);
}

/** A game of the boarding party created on a host by `POST /games` (its seed fixed, so that its log applies). */
export async function createBoarding(url: string): Promise<HostedGame> {
  const response = await fetch(`${url}/games`, {
    method: 'POST',
    body: JSON.stringify({ setup: BOARDING.setup, seed: BOARDING.seed }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as HostedGame;
}
