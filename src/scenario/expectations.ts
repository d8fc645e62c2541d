import type { Game } from '../game/game.ts';
import type { BattleData } from '../model/battle.ts';
import type { CardId } from '../model/board.ts';
import { strengthOf } from '../rules/battle/strength.ts';
import { isDisabled } from '../rules/holograms.ts';
import { affiliationOf } from '../rules/species.ts';
import type {
  BattleExpectation,
  CardExpectation,
  Expectation,
  LastBattleExpectation,
  PairingExpectation,
  ViewExpectation,
} from './schema.ts';
import { positionInSetupWords } from './words.ts';

/**
 * Checking an expectation against a game: every part the scenario gives is compared with what the
 * game's API says now, and each mismatch becomes a difference (where, expected, actual). Lists the
 * rulings call "in any order" compare as sets; discard piles and pairings compare in order.
 */

export interface Difference {
  /** Where in the expectation (`cards.doctor.hologram`, `battle.pairings.0.outcome`). */
  readonly path: string;
  readonly expected: unknown;
  readonly actual: unknown;
}

/**
 * Deep equality of plain data (what a ruling expects and the game's API reads: JSON values). Written
 * here rather than node:util's isDeepStrictEqual so that scenarios run in browsers too.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b))
    return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  const recordB = b as Record<string, unknown>;
  return keysA.every(
    (key) => Object.hasOwn(recordB, key) && sameData((a as Record<string, unknown>)[key], recordB[key]),
  );
}

/** Collects differences; a check whose reading throws records the error as what was found. */
class Comparison {
  readonly differences: Difference[] = [];

  equal(path: string, expected: unknown, actual: () => unknown): void {
    if (expected === undefined) return;
    const found = this.read(actual);
    if (!sameData(expected, found)) this.differences.push({ path, expected, actual: found });
  }

  /** The same members, in any order. */
  sameMembers(path: string, expected: readonly string[] | undefined, actual: () => readonly string[]): void {
    if (expected === undefined) return;
    const found = this.read(actual);
    const sorted = (list: readonly string[]) => [...list].sort();
    if (!Array.isArray(found) || !sameData(sorted(expected), sorted(found)))
      this.differences.push({ path, expected, actual: found });
  }

  private read(actual: () => unknown): unknown {
    try {
      return actual();
    } catch (error) {
      return `(cannot tell: ${error instanceof Error ? error.message : String(error)})`;
    }
  }
}

/** Every difference between the expectation and the game now; none means the expectation holds. */
export function checkExpectation(game: Game, expectation: Expectation): Difference[] {
  const c = new Comparison();
  for (const [id, expected] of Object.entries(expectation.cards ?? {})) checkCard(c, game, id, expected);
  for (const [player, pile] of Object.entries(expectation.discard ?? {}))
    c.equal(`discard.${player}`, pile, () => game.discardPile(player));
  if (expectation.turn) {
    const turn = game.board().turn;
    c.equal('turn.player', expectation.turn.player, () => turn.player);
    c.equal('turn.number', expectation.turn.number, () => turn.number);
  }
  if (expectation.awaiting !== undefined) checkAwaiting(c, game, expectation.awaiting);
  if (expectation.battle !== undefined) checkBattle(c, game, expectation.battle);
  if (expectation.lastBattle !== undefined) {
    const record = game.lastBattle();
    if (expectation.lastBattle === null || record === null)
      c.equal('lastBattle', expectation.lastBattle, () => record);
    else checkRecord(c, 'lastBattle', record, expectation.lastBattle);
  }
  for (const [player, expected] of Object.entries(expectation.view ?? {}))
    checkView(c, game, player, expected);
  return c.differences;
}

function checkCard(c: Comparison, game: Game, id: CardId, e: CardExpectation): void {
  const path = `cards.${id}`;
  const card = () => game.board().cards[id]!;
  c.equal(`${path}.at`, e.at, () => positionInSetupWords(card().at));
  c.equal(`${path}.hologram`, e.hologram, () => game.hologramState(id) ?? null);
  c.equal(`${path}.stopped`, e.stopped, () => card().status.stopped);
  c.equal(`${path}.disabled`, e.disabled, () => isDisabled(game.table(), id));
  c.equal(`${path}.inStasis`, e.inStasis, () => card().status.inStasisUntilEndOfTurn !== null);
  c.equal(
    `${path}.inStasisUntilEndOfTurn`,
    e.inStasisUntilEndOfTurn,
    () => card().status.inStasisUntilEndOfTurn,
  );
  c.equal(`${path}.stunned`, e.stunned, () => card().status.stunned);
  c.equal(`${path}.mortallyWounded`, e.mortallyWounded, () => card().status.mortallyWounded);
  c.equal(`${path}.affiliation`, e.affiliation, () => affiliationOf(game.table(), id) ?? null);
  c.sameMembers(`${path}.species`, e.species, () => game.species(id));
  c.equal(`${path}.strength`, e.strength, () => strengthOf(game.table(), id).total);
  for (const [name, allowed] of Object.entries(e.mayUse ?? {}))
    c.equal(`${path}.mayUse.${name}`, allowed, () => game.mayUse(id, name).allowed);
  c.equal(`${path}.selectable`, e.selectable, () => game.eligibleForSelection([id]).includes(id));
  c.equal(`${path}.staffed`, e.staffed, () => game.staffing(id).staffed);
}

function checkAwaiting(c: Comparison, game: Game, expected: Expectation['awaiting']): void {
  const awaiting = game.awaiting();
  if (expected === null || expected === undefined || awaiting === null) {
    c.equal('awaiting', expected, () => awaiting);
    return;
  }
  c.equal('awaiting.player', expected.player, () => awaiting.player);
  c.equal('awaiting.for', expected.for, () => awaiting.for);
  c.equal('awaiting.window', expected.window, () => (awaiting.for === 'response' ? awaiting.window : null));
  c.sameMembers('awaiting.options', expected.options, () =>
    awaiting.for === 'decision' ? awaiting.options : [],
  );
}

function checkBattle(c: Comparison, game: Game, expected: BattleExpectation | null): void {
  const battle = game.battle();
  if (expected === null || battle === undefined) {
    c.equal('battle', expected, () => (battle ? `a battle at step ${battle.step}` : null));
    return;
  }
  c.equal('battle.step', expected.step, () => battle.step);
  c.equal('battle.window', expected.window, () => battle.window?.kind ?? null);
  c.equal('battle.priority', expected.priority, () => battle.window?.priority ?? null);
  if (expected.pairing === null || (expected.pairing && battle.data.pairing === null))
    c.equal('battle.pairing', expected.pairing, () => battle.data.pairing);
  else if (expected.pairing) checkPairing(c, 'battle.pairing', expected.pairing, battle.data.pairing!);
  const piles = battle.data.piles;
  c.equal('battle.pileSizes.attacker', expected.pileSizes?.attacker, () => piles.attacker.length);
  c.equal('battle.pileSizes.defender', expected.pileSizes?.defender, () => piles.defender.length);
  checkRecord(c, 'battle', battle.data, expected);
}

/** What a running battle and the record of an ended one have in common. */
function checkRecord(c: Comparison, path: string, data: BattleData, e: LastBattleExpectation): void {
  c.equal(`${path}.attacker`, e.attacker, () => data.attacker);
  c.equal(`${path}.defender`, e.defender, () => data.defender);
  c.sameMembers(`${path}.participants.attacker`, e.participants?.attacker, () => data.participants.attacker);
  c.sameMembers(`${path}.participants.defender`, e.participants?.defender, () => data.participants.defender);
  c.equal(`${path}.left`, e.left, () => data.left);
  c.sameMembers(`${path}.faceUp`, e.faceUp, () => data.faceUp);
  c.equal(`${path}.totals.attacker`, e.totals?.attacker, () => data.totals?.attacker ?? null);
  c.equal(`${path}.totals.defender`, e.totals?.defender, () => data.totals?.defender ?? null);
  c.equal(`${path}.winner`, e.winner, () => data.winner);
  c.equal(`${path}.killed`, e.killed, () => data.killed);
  if (e.pairings === undefined) return;
  if (e.pairings.length !== data.pairings.length) {
    // A different number of pairings: show them all, rather than pairing them up wrongly.
    c.equal(`${path}.pairings`, e.pairings, () => data.pairings.map(({ clause: _, ...rest }) => rest));
    return;
  }
  e.pairings.forEach((pairing, i) => {
    checkPairing(c, `${path}.pairings.${i}`, pairing, data.pairings[i]!);
  });
}

function checkPairing(
  c: Comparison,
  path: string,
  e: PairingExpectation,
  actual: {
    number: number;
    attacker: CardId;
    defender: CardId;
    outcome?: string;
    by?: CardId | null;
    clause?: string;
  },
): void {
  c.equal(`${path}.number`, e.number, () => actual.number);
  c.equal(`${path}.attacker`, e.attacker, () => actual.attacker);
  c.equal(`${path}.defender`, e.defender, () => actual.defender);
  c.equal(`${path}.outcome`, e.outcome, () => actual.outcome ?? null);
  c.equal(`${path}.by`, e.by, () => actual.by ?? null);
  c.equal(`${path}.clause`, e.clause, () => actual.clause ?? null);
}

function checkView(c: Comparison, game: Game, player: string, e: ViewExpectation): void {
  const path = `view.${player}`;
  const view = game.view(player);
  const shown = new Set(Object.keys(view.cards));
  const visibility = (id: CardId) => (shown.has(id) ? 'shown' : 'hidden');
  for (const id of e.sees ?? []) c.equal(`${path}.sees.${id}`, 'shown', () => visibility(id));
  for (const id of e.doesNotSee ?? []) c.equal(`${path}.doesNotSee.${id}`, 'hidden', () => visibility(id));
  for (const [holder, size] of Object.entries(e.handSizes ?? {}))
    c.equal(`${path}.handSizes.${holder}`, size, () => view.handSizes[holder] ?? 0);
  if (e.pileSizes === null || (e.pileSizes && view.battle === null))
    c.equal(`${path}.pileSizes`, e.pileSizes, () => view.battle?.pileSizes ?? null);
  else if (e.pileSizes) {
    const sizes = view.battle!.pileSizes;
    c.equal(`${path}.pileSizes.attacker`, e.pileSizes.attacker, () => sizes.attacker);
    c.equal(`${path}.pileSizes.defender`, e.pileSizes.defender, () => sizes.defender);
  }
}
