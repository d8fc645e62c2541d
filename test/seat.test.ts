/**
 * A seat's door (GAME-SEAT-1): one player's commands only, one payload (view, legal commands with the
 * step, what the game awaits), patches from one payload to the next, and the rule events a seat may hear
 * since a step (GAME-VIEW-1), so that a player who reconnects gets exactly what it missed.
 */

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyPayloadPatch,
  audienceOf,
  type Command,
  createGame,
  type Game,
  PatchError,
  payloadPatch,
  type RuleEvent,
  restoreGame,
  resumeGame,
  type SeatPayload,
  saveGame,
} from '../src/index.ts';
import { PLAY, play, seedArb, setupArb, steps } from './generators.ts';
import { sendAny } from './table.ts';

const BOARDING = JSON.parse(
  readFileSync(new URL('../examples/replays/boarding-party.json', import.meta.url), 'utf8'),
) as { setup: unknown; seed: number; log: Command[] };

/** The boarding party's game, played `steps` commands into its log. */
function boardingParty(steps = BOARDING.log.length, options: { history?: number } = {}): Game {
  const game = createGame(BOARDING.setup, { seed: BOARDING.seed, ...options });
  for (const command of BOARDING.log.slice(0, steps)) expect(sendAny(game, command).ok).toBe(true);
  return game;
}

const snapshotOf = (game: Game) => JSON.stringify(game.persistedSnapshot());

describe('GAME-SEAT-1: a seat sends its own player’s commands only', () => {
  it('GAME-SEAT-1: a command naming the other player is refused (not-your-seat) and changes nothing', () => {
    const game = boardingParty(0);
    const bob = game.seat('bob');
    const before = snapshotOf(game);
    const attack = BOARDING.log[0]!; // Alice's attack
    const result = bob.send(attack);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.rejection).toMatchObject({ code: 'not-your-seat', clause: 'GAME-SEAT-1' });
    expect(result.rejection.message).toMatch(/^GAME-SEAT-1: this is bob's seat/);
    expect(snapshotOf(game)).toBe(before);
    expect(game.step()).toBe(0);
    // The same command from Alice's own seat is hers to send.
    expect(game.seat('alice').send(attack).ok).toBe(true);
  });

  it('GAME-SEAT-1: a command naming no player is the seat’s own', () => {
    const game = boardingParty(0);
    const { player: _alice, ...unnamed } = BOARDING.log[0] as Command & { player: string };
    const result = game.seat('alice').send(unnamed);
    expect(result.ok).toBe(true);
    expect(game.log()[0]).toMatchObject({ type: 'attack', player: 'alice' });
    // From Bob's seat, that command is Bob's: and it is not his turn.
    const other = boardingParty(0);
    const refused = other.seat('bob').send(unnamed);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.rejection.code).toBe('not-your-turn');
  });

  it('GAME-SEAT-1: a spectator sends nothing, and anything malformed is refused by the game as ever', () => {
    const game = boardingParty(0);
    const before = snapshotOf(game);
    const watcher = game.spectator();
    for (const command of [BOARDING.log[0], { type: 'endTurn' }]) {
      const result = watcher.send(command);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.rejection.code).toBe('not-your-seat');
    }
    for (const junk of [null, 7, 'attack', [], { type: 'teleport' }]) {
      const result = game.seat('alice').send(junk);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.rejection.code).toBe('malformed');
    }
    expect(snapshotOf(game)).toBe(before);
  });

  it('GAME-SEAT-1: a seat runs none of the sender’s code (a getter or a proxy is read by value)', () => {
    const game = boardingParty(0);
    let ran = 0;
    const trap = new Proxy(
      { type: 'endTurn', player: 'bob' },
      {
        get(target, key) {
          ran++;
          return Reflect.get(target, key);
        },
      },
    );
    const result = game.seat('alice').send(trap);
    expect(result.ok).toBe(false);
    expect(ran).toBe(0);
  });

  it('a seat for someone who does not play is a RangeError; the seat of a player is always the same door', () => {
    const game = boardingParty(0);
    expect(() => game.seat('carol')).toThrow(RangeError);
    expect(game.seat('alice')).toBe(game.seat('alice'));
  });
});

describe('the payload: view, legal commands with the step, and what is awaited, in one', () => {
  it('GAME-STEP-1: each legal command carries the step, is accepted as sent, and is refused as stale a step later', () => {
    const game = boardingParty(0);
    const payload = game.seat('alice').payload();
    expect(payload.step).toBe(0);
    expect(payload.legal.length).toBeGreaterThan(0);
    for (const command of payload.legal) expect(command).toMatchObject({ player: 'alice', step: 0 });
    expect(payload.view).toEqual(game.view('alice'));
    expect(payload.awaiting).toBeNull();
    const attack = payload.legal.find((command) => command.type === 'attack')!;
    expect(game.seat('alice').send(attack).ok).toBe(true);
    // In the battle, Bob is awaited; a command Alice could send at step 0 is stale now.
    const next = game.seat('bob').payload();
    expect(next.awaiting).toEqual(game.awaiting());
    expect(next.legal.every((command) => command.step === 1)).toBe(true);
    const stale = game.seat('alice').send(payload.legal.find((command) => command.type === 'endTurn')!);
    expect(stale.ok).toBe(false);
    if (!stale.ok) expect(stale.rejection).toMatchObject({ code: 'stale', clause: 'GAME-STEP-1' });
  });

  it('a spectator’s payload is the public view: no hand, no legal command', () => {
    const game = boardingParty(0);
    const payload = game.spectator().payload();
    expect(payload.player).toBeNull();
    expect(payload.legal).toEqual([]);
    expect(Object.values(payload.view.cards).some((card) => card.at.in === 'hand')).toBe(false);
    expect(payload.view.handSizes).toEqual(game.view('alice').handSizes);
  });
});

describe('patches: from one payload to the next', () => {
  it('applying each step’s patch to the payload before it gives the payload after it, for both seats, through a battle', () => {
    const game = boardingParty(0);
    const last: Record<string, SeatPayload> = {
      alice: game.seat('alice').payload(),
      bob: game.seat('bob').payload(),
    };
    for (const command of BOARDING.log) {
      expect(sendAny(game, command).ok).toBe(true);
      for (const player of ['alice', 'bob']) {
        const next = game.seat(player).payload();
        const patch = payloadPatch(last[player]!, next);
        expect(patch.length).toBeGreaterThan(0);
        // Through JSON, as a host sends it.
        const applied = applyPayloadPatch(last[player]!, JSON.parse(JSON.stringify(patch)));
        expect(applied).toEqual(next);
        last[player] = next;
      }
    }
  });

  it('a card entering a view is one operation on that card alone (cards are keyed by id)', () => {
    const game = boardingParty(BOARDING.log.length);
    // Alice's turn has ended: Bob reports his D'k Tahg from hand, and it enters Alice's view.
    const seen = game.seat('alice').payload();
    expect(seen.view.cards.tahg).toBeUndefined();
    const tahg = game
      .seat('bob')
      .payload()
      .legal.find((command) => command.type === 'report')!;
    expect(tahg).toMatchObject({ card: 'tahg', step: BOARDING.log.length });
    expect(game.seat('bob').send(tahg).ok).toBe(true);
    const after = game.seat('alice').payload();
    const patch = payloadPatch(seen, after);
    const onCards = patch.filter((op) => op.path.startsWith('/view/cards/'));
    expect(onCards).toEqual([{ op: 'add', path: '/view/cards/tahg', value: after.view.cards.tahg }]);
    expect(JSON.stringify(patch).length).toBeLessThan(JSON.stringify(after).length / 4);
  });

  it('a patch made from another payload is refused with PatchError, and the payload is left as it was', () => {
    const game = boardingParty(0);
    const first = game.seat('alice').payload();
    expect(sendAny(game, BOARDING.log[0]).ok).toBe(true);
    const second = game.seat('alice').payload();
    const patch = payloadPatch(first, second);
    const unrelated = { ...second, view: { ...second.view, cards: {} } };
    const copy = JSON.stringify(unrelated);
    const removal = [{ op: 'remove' as const, path: '/view/cards/nobody' }];
    expect(() => applyPayloadPatch(unrelated, removal)).toThrow(PatchError);
    expect(JSON.stringify(unrelated)).toBe(copy);
    expect(applyPayloadPatch(first, patch)).toEqual(second);
  });
});

describe('events since a step (GAME-VIEW-1)', () => {
  it('a player who missed the other’s move gets exactly the rule events of the steps it missed', () => {
    const game = createGame(
      {
        players: ['alice', 'bob'],
        turn: { player: 'alice', number: 1 },
        locations: [{ id: 'ligos', name: 'Ligos VII' }],
        cards: [
          { id: 'enterprise', card: 'U.S.S. Enterprise', owner: 'alice', at: { space: 'ligos' } },
          { id: 'data', card: 'Data', owner: 'alice', at: { aboard: 'enterprise' } },
          { id: 'doctor', card: 'The Doctor', owner: 'alice', at: 'hand' },
          { id: 'husnock', card: 'Husnock Ship', owner: 'bob', at: { space: 'ligos' } },
        ],
      },
      { seed: 5 },
    );
    const bob = game.seat('bob');
    const seen = bob.payload().step; // Bob's connection drops here.
    const alice = game.seat('alice');
    const reported = alice.send({ type: 'report', card: 'doctor', to: { aboard: 'enterprise' } });
    const activated = alice.send({ type: 'activate', hologram: 'doctor', by: 'data' });
    expect(reported.ok && activated.ok).toBe(true);
    if (!reported.ok || !activated.ok) return;
    const missed = bob.eventsSince(seen);
    expect(missed.map((step) => step.step)).toEqual([1, 2]);
    expect(missed.flatMap((step) => step.events)).toEqual([...reported.events, ...activated.events]);
    expect(missed.map((step) => step.command.type)).toEqual(['report', 'activate']);
    expect(bob.eventsSince(2)).toEqual([]);
    expect(() => bob.eventsSince(3)).toThrow(RangeError);
    expect(() => bob.eventsSince(-1)).toThrow(RangeError);
  });

  it('a battle’s own steps after a command are that command’s events, for both seats', () => {
    const game = boardingParty(0);
    const results = BOARDING.log.map((command) => sendAny(game, command));
    const told = results.flatMap((result) => (result.ok ? result.events : []));
    for (const seat of [game.seat('alice'), game.seat('bob'), game.spectator()])
      expect(seat.eventsSince(0).flatMap((step) => step.events)).toEqual(told);
  });

  it('a game that keeps fewer steps, or was restored, works the earlier ones out again from its log', () => {
    const whole = boardingParty();
    const short = boardingParty(BOARDING.log.length, { history: 3 });
    expect(short.eventsSince(0)).toEqual(whole.eventsSince(0));
    const restored = restoreGame(saveGame(whole));
    expect(restored.eventsSince(4)).toEqual(whole.eventsSince(4));
  });

  it('a game resumed from a checkpoint does not know the events before it: a RangeError says to read a journal', () => {
    const game = boardingParty(6);
    const checkpoint = saveGame(game, { log: false });
    const later = BOARDING.log.slice(6);
    const resumed = resumeGame(checkpoint, later);
    expect(resumed.eventsSince(6)).toEqual(boardingParty().eventsSince(6));
    expect(() => resumed.eventsSince(5)).toThrow(/resumed from step 6/);
  });

  it('GAME-VIEW-1: in random games, no event a seat hears names a card in a hand (its own excepted)', () => {
    let events = 0;
    fc.assert(
      fc.property(setupArb, seedArb, steps(PLAY, 20), (setup, seed, plan) => {
        const { game } = play(setup, seed, plan, ({ game, result }) => {
          if (!result.ok) return;
          const hands = Object.values(game.board().cards).filter((card) => card.at.in === 'hand');
          for (const listener of ['alice', 'bob', null]) {
            const step = (listener === null ? game.spectator() : game.seat(listener)).eventsSince(
              game.step() - 1,
            );
            for (const event of step.flatMap((s) => s.events) as RuleEvent[]) {
              events++;
              const text = JSON.stringify({ ...event, message: undefined });
              for (const card of hands) {
                if (card.owner === listener) continue;
                expect(text, `${event.kind} names ${card.id}, in a hand`).not.toContain(`"${card.id}"`);
              }
              if (listener === null) expect(audienceOf(event)).toBe('public');
            }
          }
        });
        game.stop();
      }),
      { numRuns: 40 },
    );
    expect(events).toBeGreaterThan(100);
  });
});

describe('what eventsSince gives is the caller’s own', () => {
  it('changing an answer of eventsSince changes no later answer', () => {
    const game = boardingParty(4);
    const first = game.eventsSince(0);
    (first[0]!.events as unknown[]).push({ kind: 'forged' });
    (first as unknown[]).pop();
    expect(game.eventsSince(0)).toEqual(boardingParty(4).eventsSince(0));
  });

  it('with replay: false, a game that no longer keeps a step throws rather than work it out again', () => {
    const game = boardingParty(BOARDING.log.length, { history: 3 });
    expect(game.eventsKeptSince).toBe(BOARDING.log.length - 3);
    expect(() => game.eventsSince(0, { replay: false })).toThrow(RangeError);
    expect(game.eventsSince(BOARDING.log.length - 3, { replay: false })).toHaveLength(3);
  });
});
