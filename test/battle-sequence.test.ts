import { describe, expect, it } from 'vitest';
import { createGame } from '../src/index.ts';
import {
  ATTACK_ON_PLANET,
  battleGame,
  closeWindow,
  holoOnPlanet,
  onPlanet,
  playOut,
} from './battle-table.ts';
import { accept, cited, refuse } from './table.ts';

describe('BATTLE-0: Rogue Borg take part as personnel', () => {
  it('BATTLE-0: Rogue Borg battle the crew of the ship they play on: two are STRENGTH 2 each, three are 3 each', () => {
    for (const n of [2, 3]) {
      const borg = Array.from({ length: n }, (_, i) => ({
        id: `borg${i}`,
        card: 'Rogue Borg Mercenaries',
        owner: 'bob',
        at: i === 0 ? ('hand' as const) : { aboard: 'enterprise' },
      }));
      const game = battleGame(
        [{ id: 'a', card: 'Fighter 1', owner: 'alice', at: { aboard: 'enterprise' } }, ...borg],
        { turn: { player: 'bob', number: 2 } },
      );
      accept(game, { type: 'play', player: 'bob', card: 'borg0', on: 'enterprise' });
      expect(game.battle()?.data.participants.attacker).toHaveLength(n);
      playOut(game, () => 'none');
      // The Rogue Borg decide by the engine's rule: Fighter 1 is struck down and adds nothing.
      expect(game.lastBattle()?.totals).toEqual({ attacker: n * n, defender: 0 });
    }
  });
});

describe('BATTLE-1: announcing the attack', () => {
  it('BATTLE-1: your Away Team against the opponent’s at the same location; the battle is initiated', () => {
    const game = battleGame([onPlanet('alice', 'a', 'Fighter 5'), onPlanet('bob', 'd', 'Fighter 5')]);
    const events = accept(game, ATTACK_ON_PLANET());
    expect(cited(events)).toEqual(['battle-announced:BATTLE-1']);
    expect(game.battle()?.step).toBe('startOfBattle');
    expect(game.actor.getSnapshot().value).toBe('battling');
  });

  it('BATTLE-1: stopped personnel may not attack, but may defend', () => {
    const game = battleGame([
      onPlanet('alice', 'a', 'Fighter 5', { status: { stopped: true } }),
      onPlanet('bob', 'd', 'Fighter 5', { status: { stopped: true } }),
    ]);
    refuse(game, ATTACK_ON_PLANET(), 'BATTLE-1');
    const defended = battleGame([
      onPlanet('alice', 'a', 'Fighter 5'),
      onPlanet('bob', 'd', 'Fighter 5', { status: { stopped: true } }),
    ]);
    accept(defended, ATTACK_ON_PLANET());
    expect(defended.battle()?.data.participants.defender).toEqual(['d']);
  });

  it('BATTLE-1: disabled defenders belong to the group but do not engage; those in stasis are not attacked', () => {
    const game = battleGame([
      onPlanet('alice', 'a', 'Fighter 5'),
      onPlanet('bob', 'd', 'Fighter 3'),
      onPlanet('bob', 'sick', 'Fighter 9', { status: { disabled: true } }),
      onPlanet('bob', 'frozen', 'Fighter 9', { status: { inStasisUntilEndOfTurn: 2 } }),
    ]);
    accept(game, ATTACK_ON_PLANET());
    expect(game.battle()?.data.participants.defender).toEqual(['d', 'sick']);
    closeWindow(game);
    expect(game.battle()?.data.pairing).toMatchObject({ attacker: 'a', defender: 'd' });
  });

  it('BATTLE-1: the groups must be at one location, and the attack is an action of your turn', () => {
    const game = battleGame([
      onPlanet('alice', 'a', 'Fighter 5'),
      onPlanet('bob', 'd', 'Fighter 5', { at: { planet: 'holana' } }),
    ]);
    refuse(game, { ...ATTACK_ON_PLANET(), defenders: { planet: 'holana' } }, 'BATTLE-1');
    // An Away Team on the planet does not fight a crew in orbit.
    const orbit = battleGame([
      onPlanet('alice', 'a', 'Fighter 5'),
      { id: 'd', card: 'Fighter 5', owner: 'bob', at: { aboard: 'husnock' } },
    ]);
    refuse(orbit, { ...ATTACK_ON_PLANET(), defenders: { aboard: 'husnock' } }, 'BATTLE-1');
    refuse(game, ATTACK_ON_PLANET('bob'), 'GAME-TURN-1', 'not-your-turn');
    refuse(game, ATTACK_ON_PLANET(), 'BATTLE-1');
  });
});

describe('BATTLE-1, BATTLE-5a, BATTLE-6: disabled members of the attacking group are in the battle', () => {
  const disabledAttacker = (seed: number) =>
    battleGame(
      [
        onPlanet('alice', 'a', 'Fighter 5'),
        onPlanet('alice', 'sick', 'Fighter 9', { status: { disabled: true } }),
        holoOnPlanet('alice', 'off', 'Holo Fighter 9', { hologram: 'deactivated' }),
        onPlanet('bob', 'd', 'Fighter 9'),
      ],
      {},
      seed,
    );

  it('BATTLE-1: the attacking group keeps its disabled personnel (a deactivated hologram too); they do not engage', () => {
    const game = disabledAttacker(1);
    const events = accept(game, ATTACK_ON_PLANET());
    expect(game.battle()?.data.participants.attacker).toEqual(['a', 'sick', 'off']);
    expect(events.find((e) => e.kind === 'battle-announced')?.message).toContain('do not engage');
    closeWindow(game);
    expect(game.battle()?.data.pairing).toMatchObject({ attacker: 'a', defender: 'd' });
    expect(game.battle()?.data.piles.attacker).toEqual([]);
  });

  it('BATTLE-5a: a disabled attacker may be the random kill, over consecutive seeds as often as the others', () => {
    const kills = new Map<string, number>();
    for (let seed = 1; seed <= 60; seed++) {
      const game = disabledAttacker(seed);
      accept(game, ATTACK_ON_PLANET());
      playOut(game, () => 'none');
      const killed = game.lastBattle()!.killed!;
      kills.set(killed, (kills.get(killed) ?? 0) + 1);
    }
    expect([...kills.keys()].sort()).toEqual(['a', 'off', 'sick']);
    for (const count of kills.values()) expect(count).toBeGreaterThan(8);
  });

  it('BATTLE-6: disabled attackers who survive are stopped', () => {
    const game = disabledAttacker(1);
    accept(game, ATTACK_ON_PLANET());
    playOut(game, () => 'none');
    const killed = game.lastBattle()!.killed;
    for (const id of ['a', 'sick', 'off'].filter((id) => id !== killed && game.where(id)?.in !== 'discard')) {
      expect(game.board().cards[id]?.status.stopped).toBe(true);
    }
  });

  it('BATTLE-1: a group of disabled personnel only may not attack', () => {
    const game = battleGame([
      onPlanet('alice', 'sick', 'Fighter 9', { status: { disabled: true } }),
      onPlanet('bob', 'd', 'Fighter 9'),
    ]);
    refuse(game, ATTACK_ON_PLANET(), 'BATTLE-1');
  });
});

describe('BATTLE-2 and BATTLE-4e: response windows and priority', () => {
  it('BATTLE-2: at the start of battle the opponent of the attacker has the first opportunity', () => {
    const game = battleGame([onPlanet('alice', 'a', 'Fighter 5'), onPlanet('bob', 'd', 'Fighter 5')]);
    accept(game, ATTACK_ON_PLANET());
    expect(game.awaiting()).toEqual({ player: 'bob', for: 'response', window: 'start-of-battle' });
    refuse(game, { type: 'pass', player: 'alice' }, 'BATTLE-2');
    accept(game, { type: 'pass', player: 'bob' });
    expect(game.awaiting()).toMatchObject({ player: 'alice' });
  });

  it('BATTLE-2: after a response the other player has the next opportunity; two passes in a row close the window', () => {
    const game = battleGame([
      onPlanet('alice', 'a', 'Fighter 5'),
      onPlanet('bob', 'kor', 'Fighter 5', { affiliation: 'Non-Aligned' }),
      onPlanet('bob', 'worf', "Fek'lhr", { hologram: 'active' }),
      { id: 'tahg', card: "D'k Tahg", owner: 'bob', at: 'hand' },
      { id: 'tahg2', card: "D'k Tahg", owner: 'bob', at: 'hand' },
    ]);
    accept(game, ATTACK_ON_PLANET());
    accept(game, { type: 'respond', player: 'bob', card: 'tahg' });
    expect(game.awaiting()).toMatchObject({ player: 'alice', for: 'response' });
    accept(game, { type: 'pass', player: 'alice' });
    accept(game, { type: 'respond', player: 'bob', card: 'tahg2' });
    accept(game, { type: 'pass', player: 'alice' });
    expect(game.battle()?.step).toBe('startOfBattle');
    accept(game, { type: 'pass', player: 'bob' });
    expect(game.battle()?.step).toBe('engaged');
  });

  it("BATTLE-4e: in a pairing's window the player whose turn it is goes first", () => {
    for (const [turn, first] of [
      ['alice', 'alice'],
      ['bob', 'bob'],
    ] as const) {
      const game = battleGame([onPlanet('alice', 'a', 'Fighter 5'), onPlanet('bob', 'd', 'Fighter 5')], {
        turn: { player: turn, number: turn === 'alice' ? 1 : 2 },
      });
      accept(game, ATTACK_ON_PLANET(turn));
      closeWindow(game);
      expect(game.awaiting()).toEqual({ player: first, for: 'response', window: 'pairing' });
    }
  });

  it("BATTLE-4e: Data against Fek'lhr with '45 Dom Perignon present: on Data's owner's turn, Android Headlock comes first", () => {
    const cards = [
      onPlanet('alice', 'data', 'Data'),
      { id: 'headlock', card: 'Android Headlock', owner: 'alice', at: 'hand' as const },
      holoOnPlanet('bob', 'fek', "Fek'lhr"),
      holoOnPlanet('bob', 'dom', "'45 Dom Perignon"),
    ];
    const game = battleGame(cards);
    accept(game, ATTACK_ON_PLANET());
    closeWindow(game);
    expect(game.awaiting()).toMatchObject({ player: 'alice', window: 'pairing' });
    const events = accept(game, { type: 'respond', player: 'alice', card: 'headlock' });
    expect(cited(events)).toContain('mortally-wounded:BATTLE-4e');
    // Fek'lhr, mortally wounded, can no longer use the Dom Perignon on Data.
    refuse(game, { type: 'respond', player: 'bob', card: 'dom' }, 'BATTLE-4e');

    const theirs = battleGame(cards, { turn: { player: 'bob', number: 2 } });
    accept(theirs, {
      type: 'attack',
      player: 'bob',
      attackers: { planet: 'ligos' },
      defenders: { planet: 'ligos' },
    });
    closeWindow(theirs);
    expect(theirs.awaiting()).toMatchObject({ player: 'bob', window: 'pairing' });
    expect(cited(accept(theirs, { type: 'respond', player: 'bob', card: 'dom' }))).toContain(
      'stunned:BATTLE-4e',
    );
    refuse(theirs, { type: 'respond', player: 'alice', card: 'headlock' }, 'BATTLE-4e');
  });

  it('GAME-BATTLE-1: while the battle runs, other commands wait', () => {
    const game = battleGame([onPlanet('alice', 'a', 'Fighter 5'), onPlanet('bob', 'd', 'Fighter 5')]);
    accept(game, ATTACK_ON_PLANET());
    refuse(game, { type: 'endTurn', player: 'alice' }, 'GAME-BATTLE-1', 'not-now');
    refuse(game, ATTACK_ON_PLANET(), 'GAME-BATTLE-1', 'not-now');
    refuse(game, { type: 'kill', player: 'bob', card: 'a', by: 'x' }, 'GAME-BATTLE-1', 'not-now');
  });
});

describe('BATTLE-3 and BATTLE-4d: combat piles', () => {
  it('BATTLE-3, BATTLE-4, BATTLE-4a: the pass that closes a window carries the battle on: the piles and the first pairing, then the decision it awaits, come with that pass, and the battle asks the game for nothing', () => {
    const told: string[] = [];
    const toBattle: string[] = [];
    const game = battleGame([onPlanet('alice', 'a', 'Fighter 9'), onPlanet('bob', 'd', 'Fighter 2')]);
    game.actor.system.inspect({
      next: (event) => {
        if (event.type !== '@xstate.event' || event.sourceRef === undefined) return;
        if (event.actorRef === game.actor) told.push(event.event.type);
        else if (event.sourceRef === game.actor) toBattle.push(event.event.type);
      },
    });
    accept(game, ATTACK_ON_PLANET());
    expect(accept(game, { type: 'pass', player: 'bob' }).map((e) => e.kind)).toEqual(['passed']);
    // The second pass in a row closes the start-of-battle window: the piles are formed with it.
    const closing = accept(game, { type: 'pass', player: 'alice' });
    expect(cited(closing)).toEqual(['passed:BATTLE-2', 'combat-piles:BATTLE-3', 'engaged:BATTLE-4']);
    expect(game.battle()?.step).toBe('engaged');
    // The pairing's window closes: the decision the pairing awaits comes with the pass, held by the game.
    closeWindow(game);
    expect(game.battle()?.step).toBe('deciding');
    expect(game.awaiting()).toMatchObject({ player: 'alice', for: 'decision' });
    expect(game.actor.getSnapshot().context.awaitedDecision).toMatchObject({ side: 'attacker' });
    accept(game, { type: 'decide', player: 'alice', outcome: 'stun' });
    expect(game.actor.getSnapshot().context.awaitedDecision).toBeNull();
    // The game tells the battle; nothing but XState's own word (a child done) reaches the game from inside.
    expect(toBattle).toEqual(['xstate.init', 'PASS', 'PASS', 'PILES_FORMED', 'PASS', 'PASS', 'DECIDED']);
    expect(told.filter((type) => !type.startsWith('xstate.'))).toEqual([]);
  });

  it('BATTLE-3: piles leave out the disabled, stunned and mortally wounded; their order is hidden', () => {
    const game = battleGame([
      onPlanet('alice', 'a1', 'Fighter 5'),
      onPlanet('alice', 'a2', 'Fighter 6'),
      onPlanet('bob', 'd1', 'Fighter 5'),
      onPlanet('bob', 'd2', 'Fighter 4', { status: { stunned: true } }),
      onPlanet('bob', 'd3', 'Fighter 4', { status: { mortallyWounded: true } }),
      onPlanet('bob', 'd4', 'Fighter 4', { status: { disabled: true } }),
      holoOnPlanet('bob', 'd5', 'Holo Fighter 9', { hologram: 'deactivated' }),
    ]);
    accept(game, ATTACK_ON_PLANET());
    accept(game, { type: 'pass', player: 'bob' });
    const events = accept(game, { type: 'pass', player: 'alice' });
    expect(events.find((e) => e.kind === 'combat-piles')).toMatchObject({
      clause: 'BATTLE-3',
      attacker: 2,
      defender: 1,
      leftOut: ['d2', 'd3', 'd4', 'd5'],
    });
    const view = game.view('alice');
    expect(view.battle?.pileSizes).toEqual({ attacker: 1, defender: 0 });
    expect(JSON.stringify(view)).not.toMatch(/"piles"|random/);
  });

  it('BATTLE-4d: when one pile runs out the rest of the other is turned face up', () => {
    const game = battleGame([
      onPlanet('alice', 'a1', 'Fighter 5'),
      onPlanet('alice', 'a2', 'Fighter 6'),
      onPlanet('alice', 'a3', 'Fighter 7'),
      onPlanet('bob', 'd1', 'Fighter 5'),
    ]);
    accept(game, ATTACK_ON_PLANET());
    closeWindow(game);
    closeWindow(game);
    const events = accept(game, { type: 'decide', player: game.awaiting()!.player, outcome: 'none' });
    expect(events.find((e) => e.kind === 'face-up')).toMatchObject({ clause: 'BATTLE-4d' });
    expect((events.find((e) => e.kind === 'face-up') as { cards: string[] }).cards).toHaveLength(2);
    playOut(game, () => 'none');
    const record = game.lastBattle()!;
    expect(record.pairings).toHaveLength(1);
    expect(record.faceUp).toHaveLength(2);
    expect(new Set([record.pairings[0]!.attacker, ...record.faceUp])).toEqual(new Set(['a1', 'a2', 'a3']));
  });

  it('BATTLE-3: the same seed and commands give the same piles and pairings; another seed may not', () => {
    const cards = [1, 2, 3, 4, 5].flatMap((i) => [
      onPlanet('alice', `a${i}`, `Fighter ${i}`),
      onPlanet('bob', `d${i}`, `Fighter ${i + 1}`),
    ]);
    const run = (seed: number) => {
      const game = battleGame(cards, {}, seed);
      accept(game, ATTACK_ON_PLANET());
      playOut(game);
      return JSON.stringify(game.lastBattle()?.pairings);
    };
    expect(run(7)).toBe(run(7));
    const seen = new Set([1, 2, 3, 4, 5, 6].map(run));
    expect(seen.size).toBeGreaterThan(1);
  });
});

describe('BATTLE-5 and BATTLE-5a: the winner', () => {
  it('BATTLE-5: stunned and mortally wounded add no STRENGTH of their own, but a stunned Shakaar Edon still raises other Bajorans', () => {
    const game = battleGame(
      [
        onPlanet('alice', 'a', 'Fighter 9'),
        onPlanet('bob', 'shakaar', 'Shakaar Edon'),
        onPlanet('bob', 'kira', 'Bajoran Fighter'),
      ],
      {
        cardDefinitions: [
          {
            name: 'Bajoran Fighter',
            type: 'Personnel',
            affiliation: 'Bajoran',
            strength: 3,
            characteristics: ['Bajoran'],
          },
          { name: 'Fighter 9', type: 'Personnel', strength: 9 },
        ],
      },
    );
    accept(game, ATTACK_ON_PLANET());
    // Alice stuns whoever she meets; if that is Kira, Shakaar stays; either way the totals follow BATTLE-5.
    playOut(game, (options) => (options.includes('stun') ? 'stun' : 'none'));
    const record = game.lastBattle()!;
    const stunned = record.pairings
      .filter((p) => p.outcome === 'stun')
      .map((p) => (p.by === 'a' ? p.defender : p.attacker));
    const bobTotal = (stunned.includes('shakaar') ? 0 : 8) + (stunned.includes('kira') ? 0 : 3 + 2);
    expect(record.totals?.defender).toBe(bobTotal);
  });

  it('BATTLE-5a: the winner kills one at random among those not mortally wounded, stunned and disabled included', () => {
    const kills = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const game = battleGame(
        [
          onPlanet('alice', 'a', 'Fighter 17'),
          onPlanet('bob', 'd', 'Fighter 3'),
          onPlanet('bob', 'sick', 'Fighter 3', { status: { disabled: true } }),
          onPlanet('bob', 'hurt', 'Fighter 3', { status: { stunned: true } }),
          onPlanet('bob', 'dying', 'Fighter 3', { status: { mortallyWounded: true } }),
        ],
        {},
        seed,
      );
      accept(game, ATTACK_ON_PLANET());
      playOut(game, () => 'none');
      kills.add(game.lastBattle()!.killed!);
    }
    expect(kills).toEqual(new Set(['d', 'sick', 'hurt']));
  });

  it('BATTLE-5a: when every opposing personnel is mortally wounded already, the winner kills no one more', () => {
    const game = battleGame([onPlanet('alice', 'a', 'Fighter 17'), onPlanet('bob', 'd', 'Fighter 3')]);
    accept(game, ATTACK_ON_PLANET());
    closeWindow(game);
    closeWindow(game);
    accept(game, { type: 'decide', player: 'alice', outcome: 'mortally-wound' });
    closeWindow(game);
    expect(game.lastBattle()).toMatchObject({ winner: 'alice', killed: null });
    expect(game.discardPile('bob')).toEqual(['d']); // dead of the wound (BATTLE-6), not killed by the winner
  });

  it('BATTLE-5a: equal totals: no one wins or loses, no one is killed', () => {
    const game = battleGame([onPlanet('alice', 'a', 'Fighter 5'), onPlanet('bob', 'd', 'Fighter 5')]);
    accept(game, ATTACK_ON_PLANET());
    playOut(game);
    expect(game.lastBattle()).toMatchObject({
      winner: null,
      killed: null,
      totals: { attacker: 5, defender: 5 },
    });
  });

  it('HOLO-DEATH-1: a hologram the winner would kill is deactivated instead', () => {
    const game = battleGame([
      onPlanet('alice', 'a', 'Fighter 17'),
      holoOnPlanet('bob', 'h', 'Holo Fighter 3'),
    ]);
    accept(game, ATTACK_ON_PLANET());
    playOut(game, () => 'none');
    expect(game.lastBattle()?.killed).toBe('h');
    expect(game.hologramState('h')).toBe('deactivated');
    expect(game.where('h')).toEqual({ in: 'planet', location: 'ligos' });
  });
});

describe('HOLO-DEATH-1 at the random kill', () => {
  it('HOLO-DEATH-1: a deactivated hologram chosen as the kill stays deactivated, in play, and says so', () => {
    const game = battleGame([
      onPlanet('alice', 'a', 'Fighter 9'),
      holoOnPlanet('bob', 'h', 'Holo Fighter 3', { hologram: 'deactivated' }),
    ]);
    accept(game, ATTACK_ON_PLANET());
    closeWindow(game);
    accept(game, { type: 'pass', player: 'bob' });
    const events = accept(game, { type: 'pass', player: 'alice' });
    expect(cited(events)).toEqual(expect.arrayContaining(['killed:BATTLE-5a', 'stays:HOLO-DEATH-1']));
    expect(game.hologramState('h')).toBe('deactivated');
    expect(game.where('h')).toEqual({ in: 'planet', location: 'ligos' });
  });
});

describe('BATTLE-6: the aftermath', () => {
  it('BATTLE-6: mortally wounded die, stunned recover, every survivor is stopped', () => {
    const game = battleGame([
      onPlanet('alice', 'a', 'Fighter 9'),
      onPlanet('alice', 'b', 'Fighter 1'),
      onPlanet('bob', 'd', 'Fighter 4'),
      onPlanet('bob', 'e', 'Fighter 4'),
    ]);
    accept(game, ATTACK_ON_PLANET());
    playOut(game, (options) => options[options.length - 1]!);
    const record = game.lastBattle()!;
    const dead = new Set(game.discardPile('bob').concat(game.discardPile('alice')));
    for (const pairing of record.pairings) {
      if (pairing.outcome === 'mortally-wound')
        expect(dead.has(pairing.by === pairing.attacker ? pairing.defender : pairing.attacker)).toBe(true);
    }
    for (const card of Object.values(game.board().cards)) {
      if (card.at.in !== 'planet') continue;
      expect(card.status).toMatchObject({ stunned: false, mortallyWounded: false, stopped: true });
    }
  });

  it('HOLO-DEATH-1: a mortally wounded hologram is deactivated at the aftermath instead of dying', () => {
    const game = battleGame([
      holoOnPlanet('alice', 'fek', "Fek'lhr"),
      holoOnPlanet('bob', 'h', 'Holo Fighter 5'),
    ]);
    accept(game, ATTACK_ON_PLANET());
    playOut(game, () => 'mortally-wound');
    expect(game.hologramState('h')).toBe('deactivated');
    expect(game.discardPile('bob')).toEqual([]);
    expect(game.board().cards.h?.status).toMatchObject({ mortallyWounded: false, stopped: true });
  });
});

describe('policies: battles run unattended', () => {
  it('with a policy for each player, one attack plays the whole battle', () => {
    const cards = [1, 2, 3].flatMap((i) => [
      onPlanet('alice', `a${i}`, 'Fighter 9'),
      onPlanet('bob', `d${i}`, `Fighter ${i}`),
    ]);
    const game = createGame(
      {
        players: ['alice', 'bob'],
        locations: [{ id: 'ligos' }],
        cardDefinitions: [9, 1, 2, 3].map((s) => ({
          name: `Fighter ${s}`,
          type: 'Personnel' as const,
          strength: s,
        })),
        cards,
      },
      { seed: 3, policies: { alice: 'strongest', bob: 'pass' } },
    );
    const result = game.send(ATTACK_ON_PLANET());
    expect(result.ok && result.auto.length).toBeGreaterThan(5);
    expect(game.battle()).toBeUndefined();
    expect(game.lastBattle()?.winner).toBe('alice');
    expect(game.lastBattle()?.pairings.every((p) => p.outcome === 'mortally-wound')).toBe(true);
  });

  it('without a policy, the game waits for that player', () => {
    const game = battleGame([onPlanet('alice', 'a', 'Fighter 9'), onPlanet('bob', 'd', 'Fighter 1')]);
    game.setPolicy('bob', 'pass');
    const result = game.send(ATTACK_ON_PLANET());
    expect(result.ok && result.auto).toEqual([{ type: 'pass', player: 'bob' }]);
    expect(game.awaiting()).toEqual({ player: 'alice', for: 'response', window: 'start-of-battle' });
  });
});

describe('BATTLE-6: the aftermath is of the battle', () => {
  it('BATTLE-6: a stunned or mortally wounded card that was never in the battle is left as it is when the battle ends', () => {
    const game = createGame(
      {
        players: ['alice', 'bob'],
        locations: [
          { id: 'ligos', name: 'Ligos VII' },
          { id: 'far', name: 'Far Away' },
        ],
        cardDefinitions: [
          { name: 'Fighter 8', type: 'Personnel', affiliation: 'Non-Aligned', strength: 8 },
          { name: 'Fighter 3', type: 'Personnel', affiliation: 'Non-Aligned', strength: 3 },
        ],
        cards: [
          { id: 'a1', card: 'Fighter 8', owner: 'alice', at: { planet: 'ligos' } },
          { id: 'b1', card: 'Fighter 3', owner: 'bob', at: { planet: 'ligos' } },
          // Far from the battle, struck before it (a setup may say so).
          {
            id: 'wounded',
            card: 'Fighter 3',
            owner: 'bob',
            at: { planet: 'far' },
            status: { mortallyWounded: true },
          },
          {
            id: 'stunned',
            card: 'Fighter 3',
            owner: 'alice',
            at: { planet: 'far' },
            status: { stunned: true },
          },
        ],
      },
      { seed: 1, policies: { alice: 'strongest', bob: 'strongest' } },
    );
    const result = game.send({
      type: 'attack',
      player: 'alice',
      attackers: { planet: 'ligos' },
      defenders: { planet: 'ligos' },
    });
    expect(result.ok).toBe(true);
    expect(game.battle()).toBeUndefined();
    expect(game.lastBattle()?.left).toEqual([]);
    const cards = game.board().cards;
    expect(cards.wounded).toMatchObject({
      at: { in: 'planet', location: 'far' },
      status: { mortallyWounded: true },
    });
    expect(cards.stunned!.status.stunned).toBe(true);
    game.stop();
  });
});
