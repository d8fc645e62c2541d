/**
 * A small client of a running host (`npx stccg host`): creates a game of the boarding party, joins both
 * seats with Colyseus's client, and plays the battle to its end, each command from its own seat, printing
 * what each seat hears as it comes. `npx tsx examples/host-client/client.ts http://localhost:2567`
 *
 * In this repository the engine and the host are imported from their sources; in a client, from
 * 'stccg-rules' and 'stccg-rules/host'.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Client, type Room } from 'colyseus.js';
import type { CreatedGame, UpdateMessage, WelcomeMessage } from '../../host/index.ts';
import { applyPayloadPatch, type Command, type SeatPayload, type StepEvents } from '../../src/index.ts';

const example = JSON.parse(
  readFileSync(new URL('../replays/boarding-party.json', import.meta.url), 'utf8'),
) as {
  setup: unknown;
  log: Command[];
};

/** The strongest outcome a decision offers, else a pass: what a seat plays when the game awaits it. */
function choose(legal: readonly Command[]): Command | undefined {
  for (const outcome of ['mortally-wound', 'stun', 'none'])
    for (const command of legal) if (command.type === 'decide' && command.outcome === outcome) return command;
  return legal.find((command) => command.type === 'pass');
}

/**
 * Plays the boarding party's battle on the host at `url` (the host deals with a seed of its own): Alice
 * attacks, then whichever seat the game awaits plays the strongest outcome it is offered, or passes,
 * until the battle is over. Returns the step it ended at and each seat's payload there; `say` gets a
 * line at a time (what each seat hears).
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
  const seats = { alice: await sit(url, game, 'alice', say), bob: await sit(url, game, 'bob', say) };
  const both = async (step: number) => {
    while (seats.alice.payload?.step !== step || seats.bob.payload?.step !== step)
      await new Promise((resolve) => setTimeout(resolve, 10));
  };
  await both(0);
  let command: Command | undefined = seats.alice.payload!.legal.find((c) => c.type === 'attack');
  let seat = seats.alice;
  while (command) {
    say(`${command.player} sends ${command.type}${command.type === 'decide' ? ` ${command.outcome}` : ''}`);
    const answer = await seat.send(command);
    if (!answer.ok) throw new Error(`refused: ${JSON.stringify(answer)}`);
    await both(answer.step);
    // Whom the game awaits now, if anyone: the battle is over when no one is.
    const awaited = seats.alice.payload!.awaiting?.player as 'alice' | 'bob' | undefined;
    seat = awaited ? seats[awaited] : seat;
    command = awaited ? choose(seat.payload!.legal) : undefined;
  }
  const step = seats.alice.payload!.step;
  say(`the battle is over at step ${step}`);
  await seats.alice.room.leave();
  await seats.bob.room.leave();
  return { step, payloads: { alice: seats.alice.payload!, bob: seats.bob.payload! } };
}

/** One seat: its payload kept up to date, its events printed, its answers awaited. */
async function sit(url: string, game: CreatedGame, seat: string, say: (line: string) => void) {
  const room: Room = await new Client(url.replace(/^http/, 'ws')).joinOrCreate('game', {
    gameId: game.gameId,
    seat,
    token: game.seats[seat]!.token,
  });
  let payload: SeatPayload | undefined;
  const hear = (steps: readonly StepEvents[]) => {
    for (const step of steps) for (const event of step.events) say(`  ${seat} hears: ${event.message}`);
  };
  room.onMessage('welcome', (message: WelcomeMessage) => (payload = message.payload));
  room.onMessage('update', (message: UpdateMessage) => {
    payload = applyPayloadPatch(payload!, message.patch);
    hear(message.steps);
  });
  room.onMessage('sync', (message: { payload: SeatPayload; steps: StepEvents[] }) => {
    payload = message.payload;
    hear(message.steps);
  });
  let answered: (answer: { ok: boolean; step: number }) => void = () => {};
  room.onMessage('answer', (answer) => answered(answer));
  return {
    room,
    get payload() {
      return payload;
    },
    send(command: Command) {
      return new Promise<{ ok: boolean; step: number }>((resolve) => {
        answered = resolve;
        room.send('command', { id: Date.now(), command });
      });
    },
  };
}

// Run as a program: play on the host given (default http://localhost:2567).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await playBoardingParty(process.argv[2] ?? 'http://localhost:2567');
}
