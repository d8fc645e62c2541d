import { describe, expect, it } from 'vitest';
import { createGame, replayGame, restoreGame, saveGame } from '../src/index.ts';
import { ROGUE_BORG } from '../src/model/battle.ts';
import { strengthOf } from '../src/rules/battle/strength.ts';
import { battleGame, playOut } from './battle-table.ts';
import { accept, cited, refuse } from './table.ts';

/** Rogue Borg Mercenaries as a force of their own (BATTLE-0, CARD-ROGUE-BORG-1). */

type Cards = Parameters<typeof battleGame>[0];

const borg = (id: string, at: Cards[number]['at'] = { aboard: 'enterprise' }, owner = 'bob') => ({
  id,
  card: 'Rogue Borg Mercenaries',
  owner,
  at,
});
const crew = (id: string, card: string, host = 'enterprise', owner = 'alice') => ({
  id,
  card,
  owner,
  at: { aboard: host },
});

function passing(cards: Cards, extra: Parameters<typeof battleGame>[1] = {}, seed = 1) {
  const game = battleGame(cards, extra, seed);
  game.setPolicy('alice', 'pass');
  game.setPolicy('bob', 'pass');
  return game;
}

describe('CARD-ROGUE-BORG-1: played on an occupied ship, Rogue Borg battle its crew now', () => {
  it('BATTLE-0: two Borg are STRENGTH 2 each, three are 3 each, as a side of their own', () => {
    for (const n of [1, 2, 3]) {
      const already = Array.from({ length: n - 1 }, (_, i) => borg(`borg${i}`));
      const game = passing([crew('a', 'Fighter 1'), ...already, borg('new', 'hand')]);
      game.setPolicy(ROGUE_BORG, 'pass');
      const events = accept(game, { type: 'play', player: 'bob', card: 'new', on: 'enterprise' });
      expect(cited(events).slice(0, 2)).toEqual(['played:CARD-ROGUE-BORG-1', 'battle-announced:BATTLE-0']);
      const record = game.lastBattle()!;
      expect(record.attacker).toBe(ROGUE_BORG);
      expect(record.defender).toBe('alice');
      expect(record.participants.attacker).toHaveLength(n);
      expect(record.totals).toEqual({ attacker: n * n, defender: 1 });
      // One Borg alone is STRENGTH 1: a tie with Fighter 1 (BATTLE-5a).
      expect(record.winner).toBe(n > 1 ? ROGUE_BORG : null);
    }
  });

  it('CARD-ROGUE-BORG-1: only from hand, only Rogue Borg Mercenaries, only on a ship with crew aboard', () => {
    const game = battleGame(
      [
        crew('a', 'Fighter 1'),
        borg('inplay'),
        borg('new', 'hand'),
        { id: 'phaser', card: 'Starfleet Type II Phaser', owner: 'bob', at: 'hand' },
      ],
      { turn: { player: 'bob', number: 2 } },
    );
    refuse(game, { type: 'play', player: 'bob', card: 'new', on: 'husnock' }, 'CARD-ROGUE-BORG-1');
    refuse(game, { type: 'play', player: 'bob', card: 'inplay', on: 'enterprise' }, 'GAME-PLAY-1');
    refuse(game, { type: 'play', player: 'bob', card: 'phaser', on: 'enterprise' }, 'CARD-ROGUE-BORG-1');
    // Bob's hand is hidden from Alice: his card there is, to her, no card at all (GAME-OWN-1 aside).
    refuse(
      game,
      { type: 'play', player: 'alice', card: 'new', on: 'enterprise' },
      'GAME-INPUT-1',
      'unknown-card',
    );
    expect(game.legalCommands('bob').filter((c) => c.type === 'play')).toEqual([
      { type: 'play', player: 'bob', card: 'new', on: 'enterprise' },
    ]);
    // An interrupt: Bob plays it on Alice's turn as well as on his own.
    const onAlicesTurn = battleGame([crew('a', 'Fighter 1'), borg('new', 'hand')]);
    accept(onAlicesTurn, { type: 'play', player: 'bob', card: 'new', on: 'enterprise' });
    expect(onAlicesTurn.battle()?.data.attacker).toBe(ROGUE_BORG);
  });

  it("BATTLE-1: no player attacks with Rogue Borg; they are no player's group", () => {
    const game = battleGame([crew('a', 'Fighter 1'), borg('b1'), borg('b2')], {
      turn: { player: 'bob', number: 2 },
    });
    refuse(
      game,
      {
        type: 'attack',
        player: 'bob',
        attackers: { aboard: 'enterprise' },
        defenders: { aboard: 'enterprise' },
      },
      'BATTLE-1',
    );
    expect(game.legalCommands('bob').some((c) => c.type === 'attack')).toBe(false);
  });
});

describe("CARD-ROGUE-BORG-1: Rogue Borg battle the crew at the start of every player's turn", () => {
  it("CARD-ROGUE-BORG-1: the engine starts the battle when either player's turn starts", () => {
    // Three Borg (3 each) against four Fighter 9: each battle the crew wins and kills one Borg.
    const game = passing([
      ...['c1', 'c2', 'c3', 'c4'].map((id) => crew(id, 'Fighter 9')),
      borg('b1'),
      borg('b2'),
      borg('b3'),
    ]);
    game.setPolicy(ROGUE_BORG, 'pass');
    for (const [ending, number] of [
      ['alice', 2],
      ['bob', 3],
    ] as const) {
      const events = accept(game, { type: 'endTurn', player: ending });
      const announced = events.find((e) => e.kind === 'battle-announced');
      expect(announced?.clause).toBe('BATTLE-0');
      expect(announced?.message).toContain(`turn ${number}`);
      expect(game.battle()).toBeUndefined();
    }
  });

  it('CARD-ROGUE-BORG-1: Borg aboard two ships battle one crew after the other, the same start of turn', () => {
    const game = passing([
      crew('a', 'Fighter 9'),
      crew('d', 'Fighter 9', 'husnock', 'bob'),
      borg('b1'),
      borg('b2', { aboard: 'husnock' }, 'alice'),
    ]);
    game.setPolicy(ROGUE_BORG, 'pass');
    const events = accept(game, { type: 'endTurn', player: 'alice' });
    const announced = events.filter((e) => e.kind === 'battle-announced');
    expect(announced.map((e) => (e.kind === 'battle-announced' ? e.defender : ''))).toEqual(['alice', 'bob']);
    expect(events.filter((e) => e.kind === 'battle-over')).toHaveLength(2);
    expect(game.actor.getSnapshot().value).toBe('playing');
  });

  it('BATTLE-4e, BATTLE-2: both players act at once, the player whose turn it is first, in every window', () => {
    const game = battleGame([
      crew('a', 'Fighter 9'),
      borg('b1'),
      { id: 'pinch', card: 'Vulcan Nerve Pinch', owner: 'bob', at: 'hand' },
    ]);
    accept(game, { type: 'endTurn', player: 'alice' });
    const seen: string[] = [];
    for (let i = 0; i < 50 && game.battle(); i++) {
      const awaiting = game.awaiting()!;
      if (awaiting.for === 'response') {
        seen.push(`${awaiting.window}:${awaiting.player}:${game.battle()!.window!.passes}`);
        if (awaiting.player === 'bob')
          refuse(
            game,
            { type: 'respond', player: 'bob', card: 'pinch' },
            game.battle()!.window!.kind === 'pairing'
              ? 'BATTLE-4e'
              : game.battle()!.window!.kind === 'until-winner'
                ? 'BATTLE-5'
                : 'BATTLE-2',
          );
        accept(game, { type: 'pass', player: awaiting.player });
      } else accept(game, { type: 'decide', player: awaiting.player, outcome: 'none' });
    }
    // Bob's turn: Bob, with no card in the battle, has the first opportunity in each window.
    expect(seen).toEqual([
      'start-of-battle:bob:0',
      'start-of-battle:alice:1',
      'pairing:bob:0',
      'pairing:alice:1',
      'until-winner:bob:0',
      'until-winner:alice:1',
    ]);
  });
});

describe("CARD-ROGUE-BORG-1: the Rogue Borg's decisions", () => {
  const threeBorgAgainstOne = () => {
    const game = battleGame([crew('a', 'Fighter 1'), borg('b1'), borg('b2'), borg('b3', 'hand')]);
    game.setPolicy('alice', 'pass');
    game.setPolicy('bob', 'pass');
    return game;
  };

  it("CARD-ROGUE-BORG-1: by the engine's rule, the strongest outcome allowed (more than double: a mortal wound)", () => {
    const game = threeBorgAgainstOne();
    const events = accept(game, { type: 'play', player: 'bob', card: 'b3', on: 'enterprise' });
    const awaited = events.find((e) => e.kind === 'decision-awaited');
    expect(awaited).toMatchObject({ player: ROGUE_BORG, clause: 'BATTLE-4b' });
    expect(cited(events)).toContain('mortally-wounded:BATTLE-4b');
    expect(game.discardPile('alice')).toEqual(['a']);
  });

  it("CARD-ROGUE-BORG-1: a game where the Rogue Borg decided by the engine's rule replays from its log", () => {
    const game = threeBorgAgainstOne();
    accept(game, { type: 'play', player: 'bob', card: 'b3', on: 'enterprise' });
    expect(game.log().some((c) => c.type === 'decide' && c.player === ROGUE_BORG)).toBe(true);
    // The log holds the Borg's decision: the replay plays it, rather than deciding again.
    const replayed = replayGame(game.origin, game.log());
    expect(replayed.board()).toEqual(game.board());
    expect(replayed.step()).toBe(game.step());
    expect(restoreGame(saveGame(game), { verify: 'replay' }).board()).toEqual(game.board());
  });

  it('CARD-ROGUE-BORG-1: a policy for the Rogue Borg overrides the rule', () => {
    const game = threeBorgAgainstOne();
    game.setPolicy(ROGUE_BORG, 'pass');
    const events = accept(game, { type: 'play', player: 'bob', card: 'b3', on: 'enterprise' });
    expect(cited(events)).not.toContain('mortally-wounded:BATTLE-4b');
    expect(cited(events)).toContain('no-outcome:BATTLE-4b');
  });

  it('CARD-ROGUE-BORG-1: a policy function answers for the Rogue Borg from what the rules allow', () => {
    const game = battleGame([crew('a', 'Fighter 1'), borg('b1'), borg('b2'), borg('b3', 'hand')]);
    game.setPolicy(ROGUE_BORG, (situation) => {
      expect(situation.awaiting).toMatchObject({ player: ROGUE_BORG, for: 'decision' });
      return situation.legal.find((c) => c.type === 'decide' && c.outcome === 'stun')!;
    });
    accept(game, { type: 'play', player: 'bob', card: 'b3', on: 'enterprise' });
    for (const player of ['alice', 'bob', 'alice', 'bob']) accept(game, { type: 'pass', player });
    expect(game.board().cards.a?.status).toMatchObject({ stunned: true, mortallyWounded: false });
  });

  it('CARD-ROGUE-BORG-1: a decide may name the Rogue Borg; a player may not make their decision', () => {
    const game = battleGame([crew('a', 'Fighter 1'), borg('b1'), borg('b2'), borg('b3', 'hand')]);
    // A policy that answers wrongly leaves the decision waiting (policyRejection): the client answers.
    game.setPolicy(ROGUE_BORG, () => ({ type: 'pass', player: ROGUE_BORG }) as never);
    accept(game, { type: 'play', player: 'bob', card: 'b3', on: 'enterprise' });
    for (const player of ['alice', 'bob', 'alice']) accept(game, { type: 'pass', player });
    const result = game.send({ type: 'pass', player: 'bob' });
    expect(result.ok && result.policyRejection?.code).toBe('unknown-player');
    expect(game.awaiting()).toMatchObject({ player: ROGUE_BORG, for: 'decision' });
    refuse(game, { type: 'decide', player: 'alice', outcome: 'none' }, 'BATTLE-4a');
    refuse(game, { type: 'decide', player: 'bob', outcome: 'stun' }, 'BATTLE-4a');
    game.setPolicy(ROGUE_BORG, null);
    const events = accept(game, { type: 'decide', player: ROGUE_BORG, outcome: 'mortally-wound' });
    expect(cited(events)).toContain('mortally-wounded:BATTLE-4b');
  });

  it("GAME-INPUT-1: no player may take the Rogue Borg's id", () => {
    expect(() => createGame({ players: ['alice', ROGUE_BORG], locations: [], cards: [] })).toThrow(
      /Rogue Borg/,
    );
  });
});

describe('CARD-ROGUE-BORG-1: STRENGTH from their number', () => {
  it('CARD-ROGUE-BORG-1: Rogue Borg in stasis (Vulcan Nerve Pinch) are out of the battle and do not count', () => {
    const game = battleGame([
      crew('spock', 'Data'),
      { id: 'pinch', card: 'Vulcan Nerve Pinch', owner: 'alice', at: 'hand' },
      borg('b1'),
      borg('b2'),
      borg('b3', 'hand'),
    ]);
    accept(game, { type: 'play', player: 'bob', card: 'b3', on: 'enterprise' });
    expect(game.battle()?.data.participants.attacker).toHaveLength(3);
    const events = accept(game, { type: 'respond', player: 'alice', card: 'pinch' });
    const frozen = events.find((e) => e.kind === 'in-stasis');
    expect(frozen?.clause).toBe('BATTLE-2');
    expect(game.battle()?.data.participants.attacker).toHaveLength(2);
    for (const id of game.battle()!.data.participants.attacker)
      expect(strengthOf(game.table(), id).total).toBe(2);
  });
});

describe("BATTLE-5a: the crew's win kills one Rogue Borg at random; surviving Borg remain", () => {
  it('BATTLE-5a: either Borg may be the kill; the other stays aboard, STRENGTH 1 alone', () => {
    const killed = new Set<string>();
    for (let seed = 1; seed <= 12; seed++) {
      const game = passing([crew('a', 'Fighter 9'), borg('b1'), borg('b2', 'hand')], {}, seed);
      accept(game, { type: 'play', player: 'bob', card: 'b2', on: 'enterprise' });
      const record = game.lastBattle()!;
      expect(record.winner).toBe('alice');
      killed.add(record.killed!);
      const survivor = record.killed === 'b1' ? 'b2' : 'b1';
      expect(game.discardPile('bob')).toEqual([record.killed]);
      expect(game.where(survivor)).toEqual({ in: 'aboard', host: 'enterprise' });
    }
    expect([...killed].sort()).toEqual(['b1', 'b2']);
  });

  it('BATTLE-6: the Borg that survive are stopped like any survivor, and battle again at the next turn', () => {
    const game = passing([crew('a', 'Fighter 9'), borg('b1'), borg('b2', 'hand')]);
    game.setPolicy(ROGUE_BORG, 'pass');
    accept(game, { type: 'play', player: 'bob', card: 'b2', on: 'enterprise' });
    const survivor = game.lastBattle()!.killed === 'b1' ? 'b2' : 'b1';
    expect(game.board().cards[survivor]?.status.stopped).toBe(true);
    const events = accept(game, { type: 'endTurn', player: 'alice' });
    expect(events.find((e) => e.kind === 'battle-announced')).toMatchObject({ attackers: [survivor] });
    playOut(game);
  });
});

describe('CARD-ROGUE-BORG-1: a Rogue Borg battle saves and restores like any', () => {
  it('CARD-ROGUE-BORG-1: saved in a window of a start-of-turn battle, restored, it goes on to the same end', () => {
    const setup = () =>
      battleGame([crew('a', 'Fighter 3'), crew('b', 'Fighter 5'), borg('b1'), borg('b2')], {}, 4);
    const original = setup();
    accept(original, { type: 'endTurn', player: 'alice' });
    expect(original.awaiting()).toMatchObject({ player: 'bob', for: 'response' });
    const restored = restoreGame(JSON.parse(JSON.stringify(saveGame(original))));
    for (const game of [original, restored]) {
      game.setPolicy('alice', 'pass');
      // Bob has priority: his policy answers at once, and the policies play the battle to its end.
      const played = game.setPolicy('bob', 'pass');
      expect(played.ok && played.auto[0]).toEqual({ type: 'pass', player: 'bob' });
    }
    expect(restored.lastBattle()).toEqual(original.lastBattle());
    expect(restored.lastBattle()?.attacker).toBe(ROGUE_BORG);
    expect(restored.board()).toEqual(original.board());
  });
});
