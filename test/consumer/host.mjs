// Plain Node, no loader: stccg-rules/host as a game server installs it (with its optional peers). A host
// on the embedded store in a temporary folder, a game created, both seats joined with colyseus.js, a
// command answered and its patch applied; then closed. Prints what it saw (JSON).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'colyseus.js';
import { applyPayloadPatch } from 'stccg-rules';
import { startHost } from 'stccg-rules/host';

const example = JSON.parse(readFileSync(new URL('./boarding-party.json', import.meta.url), 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'stccg-consumer-host-'));
const host = await startHost({ port: 0, store: join(dir, 'store') });
try {
  const game = await host.createGame({ setup: example.setup, seed: example.seed });
  const client = new Client(host.url.replace('http', 'ws'));
  const join = async (seat) => {
    const room = await client.joinOrCreate('game', {
      gameId: game.gameId,
      seat,
      token: game.seats[seat].token,
    });
    const seen = { room, payload: null, answer: null };
    room.onMessage('welcome', (message) => (seen.payload = message.payload));
    room.onMessage('update', (message) => (seen.payload = applyPayloadPatch(seen.payload, message.patch)));
    room.onMessage('answer', (message) => (seen.answer = message));
    return seen;
  };
  const alice = await join('alice');
  const bob = await join('bob');
  const until = async (check) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  };
  await until(() => alice.payload && bob.payload);
  alice.room.send('command', { id: 1, command: example.log[0] });
  await until(() => alice.answer && bob.payload.step === 1);
  process.stdout.write(
    `${JSON.stringify({ answer: alice.answer, bobStep: bob.payload.step, battle: bob.payload.view.battle?.step ?? null })}\n`,
  );
  await alice.room.leave();
  await bob.room.leave();
} finally {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
}
