// Plain Node, no loader: stccg-rules/client as a client installs it (with colyseus.js). A host on the
// embedded store in a temporary folder, a game created, both seats joined from their links with the
// kit, a command answered once its update has come; then left and closed. Prints what it saw (JSON).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JoinFailed, JoinRefusal, joinSeat } from 'stccg-rules/client';
import { startHost } from 'stccg-rules/host';

const example = JSON.parse(readFileSync(new URL('./boarding-party.json', import.meta.url), 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'stccg-consumer-client-'));
const host = await startHost({ port: 0, store: join(dir, 'store') });
try {
  const game = await host.createGame({ setup: example.setup, seed: example.seed });
  const alice = await joinSeat(game.seats.alice.link);
  const bob = await joinSeat(game.seats.bob.link);
  const answer = await alice.send(example.log[0]);
  await bob.waitFor((payload) => payload.step === 1, { timeoutMs: 5000 });
  const refused = await joinSeat({
    url: host.url,
    game: game.gameId,
    seat: 'carol',
    token: 'x'.repeat(43),
  }).catch((error) => error instanceof JoinFailed && error.code === JoinRefusal.seat);
  process.stdout.write(
    `${JSON.stringify({ answer, aliceStep: alice.payload.step, bobStep: bob.payload.step, battle: bob.payload.view.battle?.step ?? null, refused })}\n`,
  );
  await alice.leave();
  await bob.leave();
} finally {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
}
