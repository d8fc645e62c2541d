/**
 * A small client of a running host (`npx stccg host`), on the client's kit: creates a game of the
 * boarding party, joins both seats from their links, and plays the battle to its end, each command from
 * its own seat, printing what each seat hears as it comes.
 * `npx tsx examples/host-client/client.ts http://localhost:2567`
 *
 * In this repository the kit and the host's types are imported from their sources; in a client, from
 * 'stccg-rules/client' and 'stccg-rules/host'.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { joinSeat, type PlayerCommand, type SeatPayload } from '../../client/index.ts';
import type { CreatedGame } from '../../host/index.ts';

const example = JSON.parse(readFileSync(new URL('../replays/boarding-party.json', import.meta.url), 'utf8'));

/** The strongest outcome a decision offers, else a pass: what a seat plays when the game awaits it. */
function choose(legal: readonly PlayerCommand[]): PlayerCommand | undefined {
  for (const outcome of ['mortally-wound', 'stun', 'none'])
    for (const command of legal) if (command.type === 'decide' && command.outcome === outcome) return command;
  return legal.find((command) => command.type === 'pass');
}

/**
 * Plays the boarding party's battle on the host at `url`: Alice attacks, then whichever seat the game
 * awaits plays the strongest outcome it is offered, or passes, until no one is awaited. Returns the step
 * it ended at and each seat's payload there; `say` gets a line at a time.
 */
export async function playBoardingParty(
  url: string,
  say: (line: string) => void = console.log,
): Promise<{ step: number; payloads: Record<string, SeatPayload> }> {
  const response = await fetch(`${url}/games`, {
    method: 'POST',
    body: JSON.stringify({ setup: example.setup }),
  });
  if (response.status !== 201) throw new Error(`the host refused the game: ${await response.text()}`);
  const game = (await response.json()) as CreatedGame;
  say(`game ${game.gameId}; watch it at ${game.spectate}`);
  const seats = { alice: await joinSeat(game.seats.alice!.link), bob: await joinSeat(game.seats.bob!.link) };
  for (const seat of Object.values(seats))
    seat.on('events', (steps) => {
      for (const { events } of steps)
        for (const event of events) say(`  ${seat.player} hears: ${event.message}`);
    });
  let seat = seats.alice;
  let command: PlayerCommand | undefined = seat.payload.legal.find((c) => c.type === 'attack');
  while (command) {
    say(`${seat.player} sends ${command.type}${command.type === 'decide' ? ` ${command.outcome}` : ''}`);
    const answer = await seat.send(command);
    if (!answer.ok) throw new Error(`refused: ${JSON.stringify(answer)}`);
    // The answer comes with its step's update: whom the game awaits now, if anyone (over when no one).
    const awaited = seat.payload.awaiting?.player as keyof typeof seats | undefined;
    if (!awaited) break;
    seat = seats[awaited];
    command = choose((await seat.waitFor((payload) => payload.step >= answer.step)).legal);
  }
  const step = seat.payload.step;
  for (const each of Object.values(seats)) await each.waitFor((payload) => payload.step === step);
  say(`the battle is over at step ${step}`);
  await Promise.all(Object.values(seats).map((each) => each.leave()));
  return { step, payloads: { alice: seats.alice.payload, bob: seats.bob.payload } };
}

// Run as a program: play on the host given (default http://localhost:2567).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await playBoardingParty(process.argv[2] ?? 'http://localhost:2567');
}
