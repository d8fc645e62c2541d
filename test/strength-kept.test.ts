/**
 * BATTLE-4, BATTLE-5, HOLO-EXIST-2: a STRENGTH reading is kept per cards record (`strength.ts`), and a
 * kept reading must never answer for a table it no longer describes: a later write to the same record
 * within a command, a hologram deactivated (or activated) with the board unchanged, a hand-built board
 * written in place, a bigger board kept behind the read-only record. A reading is also carried over to
 * the next record where no card changed in anything STRENGTH reads (a stun, a mortal wound): it must
 * answer there as a reading made afresh would.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGame, type Game, type Setup } from '../src/index.ts';
import type { Board } from '../src/model/board.ts';
import { draftOf, revisionOf, SHARED_FROM } from '../src/model/card-record.ts';
import { deepFreeze } from '../src/model/freeze.ts';
import { strengthOf, strengthTotals } from '../src/rules/battle/strength.ts';
import { deactivate } from '../src/rules/consequences.ts';
import { Draft } from '../src/rules/draft.ts';
import { seedRandom } from '../src/rules/random.ts';
import type { Table } from '../src/rules/table.ts';
import {
  attackOnPlanet,
  battleSetup,
  battleSpecArb,
  legalNow,
  PLAY,
  play,
  setupArb,
  steps,
} from './generators.ts';

/**
 * Alice on Ligos VII: the E.M.H. (a Federation hologram), a Klingon brute who may not use the phaser,
 * and a Starfleet Type II Phaser ("Federation and Non-Aligned use only", +2 to each of her personnel
 * present): the phaser works for the brute only while the E.M.H. is there to use it. `extra` Non-Aligned
 * cadets elsewhere make the board as big as a test needs.
 */
function setup(extra = 0): Setup {
  return {
    players: ['alice', 'bob'],
    turn: { player: 'alice', number: 3 },
    locations: [{ id: 'ligos', name: 'Ligos VII' }, { id: 'holana' }],
    cardDefinitions: [
      { name: 'Brute', type: 'Personnel', affiliation: 'Klingon', strength: 5 },
      { name: 'Cadet', type: 'Personnel', affiliation: 'Non-Aligned', strength: 3 },
    ],
    cards: [
      { id: 'projectors', card: 'Holo-Projectors', owner: 'alice', at: { playedOn: 'ligos' } },
      { id: 'emh', card: 'E.M.H. Program', owner: 'alice', at: { planet: 'ligos' }, hologram: 'active' },
      { id: 'brute', card: 'Brute', owner: 'alice', at: { planet: 'ligos' } },
      { id: 'phaser', card: 'Starfleet Type II Phaser', owner: 'alice', at: { planet: 'ligos' } },
      ...Array.from({ length: extra }, (_, i) => ({
        id: `cadet-${i + 1}`,
        card: 'Cadet',
        owner: 'bob',
        at: { planet: 'holana' },
      })),
    ],
  };
}

const brute = (table: Table) => strengthTotals(table, ['brute'])[0];

/** The same table with its cards copied into a plain record that is not frozen: read afresh, never kept. */
function afresh(table: Table): Table {
  return {
    board: { ...table.board, cards: { ...table.board.cards } },
    library: table.library,
    step: table.step,
    hologram: (card) => table.hologram(card),
    battle: () => table.battle(),
  };
}

/** Every card's STRENGTH, read as the engine reads it (kept readings) and afresh, agree. */
function agreesAfresh(table: Table): void {
  const ids = Object.keys(table.board.cards);
  const fresh = afresh(table);
  expect(strengthTotals(table, ids)).toEqual(strengthTotals(fresh, ids));
  for (const id of ids) expect(strengthOf(table, id)).toEqual(strengthOf(fresh, id));
}

function game(extra = 0): Game {
  return createGame(setup(extra), { seed: 1 });
}

describe('STRENGTH readings kept per cards record', () => {
  it('BATTLE-4: a STRENGTH read after a second write to the same record within a command is not stale', () => {
    const g = game();
    const draft = new Draft(g.table(), seedRandom(1));
    expect(brute(draft)).toBe(5 + 2);
    // The first write starts the command's record; the later ones write to that same record.
    draft.setStatus('emh', { stopped: true });
    expect(brute(draft)).toBe(5 + 2);
    draft.setStatus('brute', { strengthThisBattle: 3 });
    expect(brute(draft)).toBe(5 + 2 + 3);
    expect(strengthOf(draft, 'brute').total).toBe(5 + 2 + 3);
    // The phaser disabled: its +2 goes.
    draft.setStatus('phaser', { disabled: true });
    expect(brute(draft)).toBe(5 + 3);
    // The E.M.H. gone to the discard pile: no user for the phaser even once it works again.
    draft.setStatus('phaser', { disabled: false });
    expect(brute(draft)).toBe(5 + 2 + 3);
    draft.toDiscardPile('emh');
    expect(brute(draft)).toBe(5 + 3);
    // The game's own board is as it was.
    expect(brute(g.table())).toBe(5 + 2);
    g.stop();
  });

  it('HOLO-EXIST-2: a hologram deactivated between two reads of the same board changes the reading', () => {
    const g = game();
    const table = g.table();
    expect(brute(table)).toBe(5 + 2);
    const draft = new Draft(table, seedRandom(1));
    expect(brute(draft)).toBe(5 + 2);
    // Deactivating changes the hologram's state, not the board: the record is the same one.
    deactivate(draft, 'emh', 'HOLO-EXIST-2', 'a test deactivates it');
    expect(draft.board.cards).toBe(table.board.cards);
    // Deactivated, the E.M.H. is disabled and may use nothing: the phaser has no user present.
    expect(brute(draft)).toBe(5);
    expect(strengthOf(draft, 'brute').parts.map((part) => part.source)).toEqual(['brute']);
    // The game's actor still has it active: read from the game, the phaser works again.
    expect(brute(g.table())).toBe(5 + 2);
    expect(strengthOf(g.table(), 'brute').parts.map((part) => part.source)).toEqual(['brute', 'phaser']);
    g.stop();
  });

  it('HOLO-EXIST-2: the same board read while its hologram actor is active, deactivated, active again', () => {
    const g = game();
    const table = g.table();
    let state: 'active' | 'deactivated' = 'active';
    // The actor's state changes and the board does not: the rules read it through `hologram`.
    const actorSays: Table = {
      board: table.board,
      library: table.library,
      step: table.step,
      hologram: (card) =>
        card === 'emh' ? { state, deactivatedOnTurn: state === 'active' ? null : 3 } : table.hologram(card),
      battle: () => table.battle(),
    };
    expect(brute(actorSays)).toBe(5 + 2);
    state = 'deactivated';
    expect(brute(actorSays)).toBe(5);
    expect(strengthOf(actorSays, 'brute').total).toBe(5);
    state = 'active';
    expect(brute(actorSays)).toBe(5 + 2);
    expect(strengthOf(actorSays, 'brute').total).toBe(5 + 2);
    g.stop();
  });

  it('BATTLE-4: a hand-built board written in place between reads is read afresh', () => {
    const g = game();
    const table = g.table();
    const cards = { ...table.board.cards };
    const board: Board = { ...table.board, cards };
    const handBuilt: Table = {
      board,
      library: table.library,
      step: table.step,
      hologram: (card) => table.hologram(card),
      battle: () => table.battle(),
    };
    expect(brute(handBuilt)).toBe(5 + 2);
    (cards as Record<string, Board['cards'][string]>).brute = {
      ...cards.brute!,
      status: { ...cards.brute!.status, strengthThisBattle: 4 },
    };
    expect(brute(handBuilt)).toBe(5 + 2 + 4);
    g.stop();
  });

  it('BATTLE-4: past the size where the record is shared, a later write within a command is read too', () => {
    const g = game(80);
    const draft = new Draft(g.table(), seedRandom(1));
    expect(brute(draft)).toBe(5 + 2);
    draft.setStatus('cadet-1', { stopped: true });
    expect(brute(draft)).toBe(5 + 2);
    draft.setStatus('phaser', { disabled: true });
    expect(brute(draft)).toBe(5);
    draft.setStatus('brute', { strengthThisBattle: -1 });
    expect(brute(draft)).toBe(4);
    expect(brute(g.table())).toBe(5 + 2);
    g.stop();
  });

  it('BATTLE-5: a reading carried over a stun and a mortal wound answers as a fresh one, and sees a new mode or icon', () => {
    const g = createGame(
      {
        ...setup(),
        cards: [
          { id: 'projectors', card: 'Holo-Projectors', owner: 'alice', at: { playedOn: 'ligos' } },
          { id: 'lower-decks', card: 'Lower Decks', owner: 'alice', at: 'table' },
          { id: 'sumek', card: 'Sumek', owner: 'alice', at: { planet: 'ligos' }, hologram: 'active' },
          { id: 'brute', card: 'Brute', owner: 'alice', at: { planet: 'ligos' } },
          { id: 'phaser', card: 'Starfleet Type II Phaser', owner: 'alice', at: { planet: 'ligos' } },
        ],
        cardDefinitions: [
          { name: 'Brute', type: 'Personnel', affiliation: 'Klingon', strength: 5, universal: true },
        ],
      },
      { seed: 1 },
    );
    const draft = new Draft(g.table(), seedRandom(1));
    // Sumek (Federation mode) may use the phaser; Lower Decks reaches the universal, non-holographic brute.
    expect(brute(draft)).toBe(5 + 2 + 2);
    draft.setStatus('brute', { stunned: true });
    agreesAfresh(draft);
    draft.setStatus('sumek', { mortallyWounded: true, stopped: true });
    agreesAfresh(draft);
    expect(brute(draft)).toBe(5 + 2 + 2);
    // HOLO-AFFIL-1: Sumek in his Hirogen mode may not use a Federation and Non-Aligned phaser.
    draft.updateCard('sumek', { affiliationMode: 'Hirogen' });
    expect(brute(draft)).toBe(5 + 2);
    agreesAfresh(draft);
    // HOLO-SPECIES-1: a Holo icon added to the brute makes him holographic: Lower Decks no longer reaches him.
    draft.updateCard('brute', { addedIcons: ['Holo'] });
    expect(brute(draft)).toBe(5);
    agreesAfresh(draft);
    draft.updateCard('sumek', { affiliationMode: null });
    expect(brute(draft)).toBe(5 + 2);
    // In stasis, the phaser works for no one.
    draft.setStatus('phaser', { inStasisUntilEndOfTurn: 3 });
    expect(brute(draft)).toBe(5);
    agreesAfresh(draft);
    g.stop();
  });

  it('BATTLE-4, BATTLE-5: at every step of random battles, STRENGTH as the engine keeps it is STRENGTH read afresh', () => {
    fc.assert(
      fc.property(battleSpecArb, fc.array(fc.nat({ max: 1000 }), { maxLength: 60 }), (spec, picks) => {
        const s = battleSetup(spec);
        const game = createGame(s, { seed: 5 });
        agreesAfresh(game.table());
        game.send(attackOnPlanet(s));
        for (const pick of picks) {
          agreesAfresh(game.table());
          const command = legalNow(game, pick);
          if (!game.battle() || !command) break;
          game.send(command);
        }
        agreesAfresh(game.table());
        game.stop();
      }),
      { numRuns: 40 },
    );
  });

  it('BATTLE-4, HOLO-EXIST-2: after every step of random games, STRENGTH as the engine keeps it is STRENGTH read afresh', () => {
    const plans = fc.sample(fc.tuple(setupArb, steps(PLAY, 30), fc.integer({ min: 0, max: 1000 })), {
      seed: 29,
      numRuns: 40,
    });
    for (const [s, plan, seed] of plans) {
      const { game } = play(s, seed, plan, ({ game }) => agreesAfresh(game.table()));
      agreesAfresh(game.table());
      game.stop();
    }
  });

  it('BATTLE-4: a cards record names one state of the cards only while its revision stays the same', () => {
    const g = game(SHARED_FROM + 1);
    const small = game();
    for (const cards of [g.board().cards, small.board().cards]) {
      // Set up, frozen: revision 0.
      expect(revisionOf(cards)).toBe(0);
      const draft = draftOf(cards);
      const before = revisionOf(draft.cards);
      expect(before).toBe(0);
      draft.set({ ...cards.brute!, status: { ...cards.brute!.status, stunned: true } });
      expect(revisionOf(draft.cards)).toBe(1);
      draft.set({ ...cards.brute!, status: { ...cards.brute!.status, strengthThisBattle: 1 } });
      expect(revisionOf(draft.cards)).toBe(2);
      deepFreeze(draft.cards);
      expect(revisionOf(draft.cards)).toBe(2);
      expect(revisionOf(cards)).toBe(0);
    }
    // A plain record no command drafted and nobody froze may change unseen: it has no revision.
    expect(revisionOf({ ...small.board().cards })).toBeUndefined();
    g.stop();
    small.stop();
  });
});
