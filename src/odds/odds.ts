import { createGame, type Game } from '../game/game.ts';
import { gameStateOf, kernelPolicies } from '../game/kernel-bridge.ts';
import { checkedOptions } from '../game/options.ts';
import { checkedPolicy, type Policy } from '../game/policies.ts';
import { Kernel, type KernelPolicy } from '../kernel/kernel.ts';
import { type GameState, tableAt } from '../kernel/state.ts';
import type { BattleInput } from '../model/battle.ts';
import type { CardId, PlayerId } from '../model/board.ts';
import { plainBoard } from '../model/card-record.ts';
import type { CommandOf } from '../model/commands.ts';
import { admit, copyInput, refusalOfCopy } from '../rules/commands/admit.ts';
import { battleOfAttack } from '../rules/commands/battle.ts';
import { seedRandom } from '../rules/random.ts';
import { addTo, average, chance, type Estimate, emptyTally, type Tally } from './intervals.ts';

/**
 * Battle odds: the same attack played many times, each battle from its own seed (so the combat
 * piles and the random kill differ), with the players answering by policies, and counted: how often
 * the attacker wins, ties and loses, how many personnel each side loses, and how often each personnel
 * survives. Every figure comes with its 95% confidence interval; the same base seed gives the same report.
 */

/** A request for odds that cannot be played: no attack, a refused attack, a battle a policy cannot finish. */
export class OddsError extends Error {
  override readonly name = 'OddsError';
}

export interface OddsOptions {
  /** How many battles to play (at least 1). */
  readonly battles: number;
  /** The base seed (default 1); battle i plays from `battleSeed(seed, i)`. */
  readonly seed?: number;
  /** The attack command; by default the one attack the setup allows its player whose turn it is. */
  readonly attack?: unknown;
  /** Policies by player; a player without one plays `'strongest'`. */
  readonly policies?: Readonly<Record<PlayerId, Policy>>;
  /** The client's own card definitions, as for `createGame`. */
  readonly cards?: readonly unknown[];
  /** Told after each battle, for a progress bar. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** How one personnel of either group fared. */
export interface PersonnelOdds {
  readonly card: CardId;
  /** Its card's name ("The Doctor"). */
  readonly name: string;
  readonly owner: PlayerId;
  readonly side: 'attacker' | 'defender';
  /** In how many of the battles it took part. */
  readonly battles: number;
  /** The chance it is still in play after the battle: not killed, not dead of mortal wounds at the aftermath. */
  readonly survives: Estimate;
  /**
   * For a hologram active when the battle began: the chance it ends the battle deactivated (it would
   * have been killed, HOLO-DEATH-1). A deactivated hologram counts as surviving.
   */
  readonly deactivated?: Estimate;
}

export interface BattleOdds {
  readonly battles: number;
  readonly seed: number;
  readonly attack: CommandOf<'attack'>;
  readonly attacker: PlayerId;
  readonly defender: PlayerId;
  /** Each player's policy by name (`'custom'` for a function). */
  readonly policies: Readonly<Record<PlayerId, string>>;
  /** The chances of the attacker winning, tying and losing (they sum to 1). */
  readonly outcome: { readonly win: Estimate; readonly tie: Estimate; readonly loss: Estimate };
  /** The expected number of each side's personnel killed in a battle. */
  readonly killed: { readonly attacker: Estimate; readonly defender: Estimate };
  /** Every personnel of either group, the attacker's first, in the order the attack named them. */
  readonly personnel: readonly PersonnelOdds[];
}

/**
 * The seed of battle `index` (from 0), derived from the base seed: a 32-bit hash of the two, so that
 * neighbouring battles do not start from neighbouring seeds. A non-negative 31-bit integer.
 */
export function battleSeed(base: number, index: number): number {
  let h =
    (Math.imul(base | 0, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b) ^ Math.floor(base / 2 ** 32)) >>> 0;
  // MurmurHash3's finaliser: every input bit moves about half the output bits.
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 1;
}

/** The attack to play: the one given, or the one attack the setup allows the player whose turn it is. */
function attackFor(game: Game, given: unknown): CommandOf<'attack'> {
  if (given !== undefined) {
    if ((given as { type?: unknown } | null)?.type !== 'attack') {
      throw new OddsError(
        `the attack must be an attack command ({ "type": "attack", ... }), not ${JSON.stringify(given)}`,
      );
    }
    return given as CommandOf<'attack'>;
  }
  const player = game.board().turn.player;
  const attacks = game.legalCommands(player).filter((c): c is CommandOf<'attack'> => c.type === 'attack');
  if (attacks.length === 1) return attacks[0]!;
  if (attacks.length === 0)
    throw new OddsError(`the setup allows ${player} no attack; name one with an attack command`);
  throw new OddsError(
    `the setup allows ${player} ${attacks.length} attacks; name one of them:\n${attacks.map((a) => `  ${JSON.stringify(a)}`).join('\n')}`,
  );
}

/** What one battle came to. */
interface BattleRecord {
  readonly winner: PlayerId | null;
  readonly attackers: readonly CardId[];
  readonly defenders: readonly CardId[];
  readonly dead: ReadonlySet<CardId>;
  /** Which of the holograms active when the battle began ended it deactivated. */
  readonly deactivated: ReadonlySet<CardId>;
  readonly names: ReadonlyMap<CardId, { readonly name: string; readonly owner: PlayerId }>;
}

function playBattle(
  kernel: Kernel,
  attack: CommandOf<'attack'>,
  announced: BattleInput['participants'],
): BattleRecord {
  // The attack is checked whole once (`checkedAttack`); every battle judges it by the rules again.
  const result = kernel.own(attack);
  if (!result.ok) throw new OddsError(`the attack is refused: ${result.rejection.message}`);
  if (result.policyRejection) {
    throw new OddsError(`a policy's command is refused: ${result.policyRejection.message}`);
  }
  if (result.policyFailure) {
    const { player, message } = result.policyFailure;
    throw new OddsError(`the policy of ${player} failed: ${message}`);
  }
  const waiting = kernel.awaiting();
  if (waiting) throw new OddsError(`the battle waits for ${waiting.player}, whom no policy answers for`);
  const battle = kernel.lastBattle();
  if (!battle || kernel.battle()) throw new OddsError('the attack did not start a battle');
  const board = kernel.board();
  const attackers = announced.attacker;
  const defenders = announced.defender;
  const everyone = [...attackers, ...defenders];
  return {
    winner: battle.winner,
    attackers,
    defenders,
    dead: new Set(everyone.filter((id) => board.cards[id]?.at.in === 'discard')),
    deactivated: new Set(everyone.filter((id) => kernel.hologramState(id) === 'deactivated')),
    names: new Map(
      everyone.map((id) => [id, { name: board.cards[id]!.card, owner: board.cards[id]!.owner }]),
    ),
  };
}

/** What the battles add up to, one personnel at a time. */
export interface PersonnelTally {
  readonly card: CardId;
  readonly name: string;
  readonly owner: PlayerId;
  readonly side: 'attacker' | 'defender';
  battles: number;
  survived: number;
  activeAtStart: number;
  deactivated: number;
}

/**
 * What a run of battles adds up to: plain data (it crosses from a worker thread), whole numbers only,
 * so that tallies of consecutive runs merged in order give exactly the tally of one long run.
 */
export interface OddsTally {
  battles: number;
  wins: number;
  ties: number;
  readonly killed: Record<'attacker' | 'defender', Tally>;
  /** The largest group each side had: no side can lose more personnel than that. */
  readonly largest: Record<'attacker' | 'defender', number>;
  /** Every personnel of either group, in the order they first took part. */
  readonly personnel: PersonnelTally[];
}

export function emptyOddsTally(): OddsTally {
  return {
    battles: 0,
    wins: 0,
    ties: 0,
    killed: { attacker: emptyTally(), defender: emptyTally() },
    largest: { attacker: 0, defender: 0 },
    personnel: [],
  };
}

/** Adds `later` (the tally of the battles after those of `into`) to `into`. */
export function mergeOddsTally(into: OddsTally, later: OddsTally): OddsTally {
  into.battles += later.battles;
  into.wins += later.wins;
  into.ties += later.ties;
  for (const side of ['attacker', 'defender'] as const) {
    into.killed[side].count += later.killed[side].count;
    into.killed[side].sum += later.killed[side].sum;
    into.killed[side].sumOfSquares += later.killed[side].sumOfSquares;
    into.largest[side] = Math.max(into.largest[side], later.largest[side]);
  }
  const known = new Map(into.personnel.map((tally) => [tally.card, tally]));
  for (const tally of later.personnel) {
    const mine = known.get(tally.card);
    if (!mine) {
      const copy = { ...tally };
      into.personnel.push(copy);
      known.set(copy.card, copy);
      continue;
    }
    mine.battles += tally.battles;
    mine.survived += tally.survived;
    mine.activeAtStart += tally.activeAtStart;
    mine.deactivated += tally.deactivated;
  }
  return into;
}

const policyName = (policy: Policy) => (typeof policy === 'function' ? 'custom' : policy);

/**
 * A position made ready for many battles: the setup checked and set up once, the attack and the
 * policies settled, and the game's persisted snapshot before the attack, from which each battle starts
 * with only its seed changed (setting up and validating the same setup for every battle would cost
 * more than many battles do). Plain data but for function policies: it crosses to worker threads.
 */
export interface PreparedOdds {
  readonly battles: number;
  readonly seed: number;
  readonly setup: unknown;
  readonly cards: readonly unknown[];
  readonly attack: CommandOf<'attack'>;
  readonly attacker: PlayerId;
  readonly defender: PlayerId;
  readonly policies: Readonly<Record<PlayerId, Policy>>;
  /** The holograms active before the attack (the same position starts every battle). */
  readonly activeBefore: readonly CardId[];
  /** The game's state before the attack, as plain data (the kernel plays each battle from it). */
  readonly state: GameState;
}

/** Checks the request and sets up the position once. Throws `SetupError` or `OddsError`. */
export function prepareOdds(setup: unknown, options: Omit<OddsOptions, 'onProgress'>): PreparedOdds {
  const { battles } = options;
  const seed = options.seed ?? 1;
  if (!Number.isSafeInteger(battles) || battles < 1)
    throw new OddsError(`battles must be a whole number of 1 or more, not ${battles}`);
  if (!Number.isSafeInteger(seed)) throw new OddsError(`the seed must be a whole number, not ${seed}`);
  const cards = options.cards ?? [];
  // The one game set up: it learns the players and the attack (and reports a bad setup before any battle).
  const probe = createGame(setup, { seed: battleSeed(seed, 0), cards });
  const players = probe.board().players;
  const policies: Record<PlayerId, Policy> = { [players[0]]: 'strongest', [players[1]]: 'strongest' };
  for (const [player, policy] of Object.entries(options.policies ?? {})) {
    if (!players.includes(player))
      throw new OddsError(`a policy for "${player}", who does not play in this setup`);
    try {
      policies[player] = checkedPolicy(player, policy);
    } catch (error) {
      throw new OddsError((error as Error).message);
    }
  }
  const attack = attackFor(probe, options.attack);
  const activeBefore = Object.keys(probe.board().cards).filter((id) => probe.hologramState(id) === 'active');
  const before = gameStateOf(probe);
  const state: GameState = { ...before, board: plainBoard(before.board) };
  probe.stop();
  const attacker = attack.player;
  return {
    battles,
    seed,
    // The game's own copies (plain JSON), not the caller's objects.
    setup: probe.origin.setup,
    cards: probe.origin.cards,
    attack,
    attacker,
    defender: players[0] === attacker ? players[1] : players[0],
    policies,
    activeBefore,
    state,
  };
}

/**
 * The attack as the players' door reads it (GAME-INPUT-1: copied, and checked against the schema and the
 * rules) at the prepared position, once for every battle; refused, an `OddsError`.
 */
function checkedAttack(prepared: PreparedOdds): CommandOf<'attack'> {
  const copied = copyInput(prepared.attack);
  const verdict =
    'input' in copied
      ? admit(tableAt(prepared.state), copied.input, 'player')
      : { rejection: refusalOfCopy(copied) };
  if ('rejection' in verdict) throw new OddsError(`the attack is refused: ${verdict.rejection.message}`);
  return verdict.event as CommandOf<'attack'>;
}

/**
 * The kernel of battle `index`: the prepared position with the generator seeded from `battleSeed(seed,
 * index)` alone, exactly the game `createGame(setup, { seed: battleSeed(seed, index) })` would start
 * (the seed enters a new game only through its generator's state), played on the kernel.
 */
function kernelForBattle(prepared: PreparedOdds, policies: Record<PlayerId, KernelPolicy>, index: number) {
  const position: GameState = { ...prepared.state, random: seedRandom(battleSeed(prepared.seed, index)) };
  return new Kernel(position, { policies });
}

/**
 * Plays battles `from` (included) to `to` (excluded) of a prepared position and tallies them. Each
 * battle's seed depends on its index alone, so any split of the battles, merged in order, tallies
 * the same. `onBattle` is told after each battle.
 */
export function playOddsBattles(
  prepared: PreparedOdds,
  from: number,
  to: number,
  onBattle?: () => void,
): OddsTally {
  const tally = emptyOddsTally();
  const personnel = new Map<CardId, PersonnelTally>();
  const activeBefore = new Set(prepared.activeBefore);
  const policies = kernelPolicies(prepared.policies);
  const attack = checkedAttack(prepared);
  // BATTLE-1: the groups the attack announces, every battle alike (they all start from one position).
  const announced = battleOfAttack(tableAt(prepared.state), attack).participants;
  for (let i = from; i < to; i++) {
    const record = playBattle(kernelForBattle(prepared, policies, i), attack, announced);
    tally.battles++;
    if (record.winner === prepared.attacker) tally.wins++;
    else if (record.winner === null) tally.ties++;
    for (const side of ['attacker', 'defender'] as const) {
      const group = side === 'attacker' ? record.attackers : record.defenders;
      addTo(tally.killed[side], group.filter((id) => record.dead.has(id)).length);
      tally.largest[side] = Math.max(tally.largest[side], group.length);
      for (const id of group) {
        let card = personnel.get(id);
        if (!card) {
          const { name, owner } = record.names.get(id)!;
          card = { card: id, name, owner, side, battles: 0, survived: 0, activeAtStart: 0, deactivated: 0 };
          personnel.set(id, card);
          tally.personnel.push(card);
        }
        card.battles++;
        if (!record.dead.has(id)) card.survived++;
        if (activeBefore.has(id)) {
          card.activeAtStart++;
          if (record.deactivated.has(id)) card.deactivated++;
        }
      }
    }
    onBattle?.();
  }
  return tally;
}

/** The report of a prepared position's battles, from their tally. */
export function oddsReport(prepared: PreparedOdds, tally: OddsTally): BattleOdds {
  const { battles, wins, ties, killed, largest } = tally;
  const byGroup = [...tally.personnel].sort((a, b) =>
    a.side === b.side ? 0 : a.side === 'attacker' ? -1 : 1,
  );
  return {
    battles,
    seed: prepared.seed,
    attack: prepared.attack,
    attacker: prepared.attacker,
    defender: prepared.defender,
    policies: Object.fromEntries(
      Object.entries(prepared.policies).map(([player, policy]) => [player, policyName(policy)]),
    ),
    outcome: {
      win: chance(wins, battles),
      tie: chance(ties, battles),
      loss: chance(battles - wins - ties, battles),
    },
    killed: {
      attacker: average(killed.attacker, 0, largest.attacker),
      defender: average(killed.defender, 0, largest.defender),
    },
    personnel: byGroup.map((card) => ({
      card: card.card,
      name: card.name,
      owner: card.owner,
      side: card.side,
      battles: card.battles,
      survives: chance(card.survived, card.battles),
      ...(card.activeAtStart > 0 ? { deactivated: chance(card.deactivated, card.activeAtStart) } : {}),
    })),
  };
}

/** The options `battleOdds` takes. */
export const ODDS_OPTIONS = ['battles', 'seed', 'attack', 'policies', 'cards', 'onProgress'] as const;

/**
 * Plays the attack `options.battles` times on this thread and reports the odds. Throws `SetupError`
 * or `OddsError`. (Node's `stccg-rules/node` plays them on every core, with the same report.)
 */
export function battleOdds(setup: unknown, given: OddsOptions): BattleOdds {
  const options = checkedOptions(given, 'battleOdds', ODDS_OPTIONS, OddsError);
  const prepared = prepareOdds(setup, options);
  let done = 0;
  const tally = playOddsBattles(prepared, 0, prepared.battles, () => {
    done++;
    options.onProgress?.(done, prepared.battles);
  });
  return oddsReport(prepared, tally);
}

/**
 * What an odds file holds: a setup, and optionally the attack and the policies to play it with, and the
 * cards of the card pool its setup names (`pool`, by name: `loadCards(pool)` gives them as `cards`).
 */
export interface OddsScenario {
  readonly setup: unknown;
  readonly attack?: unknown;
  readonly policies?: Readonly<Record<PlayerId, Policy>>;
  readonly pool?: readonly string[];
}

const POLICY_NAMES: readonly string[] = ['strongest', 'pass'];

/** The most pool cards an odds file may name (as a scenario file may). */
const MAX_POOL_NAMES = 200;

/** A policy by its name, `'strongest'` or `'pass'`. */
export function policyNamed(name: string): Policy {
  if (!POLICY_NAMES.includes(name)) {
    throw new OddsError(`unknown policy "${name}" (the policies are ${POLICY_NAMES.join(' and ')})`);
  }
  return name as Policy;
}

/**
 * Reads an odds file's content: either a plain setup, or `{ "setup": ..., "attack": ..., "policies":
 * { "alice": "strongest" } }` (a setup never has a `setup` key, so the two cannot be confused).
 */
export function oddsScenario(json: unknown): OddsScenario {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw new OddsError(
      'an odds file holds a JSON object: a setup, or { "setup", "attack", "policies", "pool" }',
    );
  }
  if (!Object.hasOwn(json, 'setup')) return { setup: json };
  const { setup, attack, policies, pool, ...rest } = json as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) {
    throw new OddsError(
      `unknown key "${unknown[0]}" (an odds file has "setup", "attack", "policies" and "pool")`,
    );
  }
  if (
    pool !== undefined &&
    (!Array.isArray(pool) ||
      pool.length === 0 ||
      pool.length > MAX_POOL_NAMES ||
      !pool.every((name) => typeof name === 'string' && name.trim() !== ''))
  ) {
    throw new OddsError(`"pool" is a list of 1 to ${MAX_POOL_NAMES} names of the card pool`);
  }
  if (
    policies !== undefined &&
    (policies === null || typeof policies !== 'object' || Array.isArray(policies))
  ) {
    throw new OddsError('"policies" maps players to policy names: { "alice": "strongest", "bob": "pass" }');
  }
  const named = Object.entries((policies ?? {}) as Record<string, unknown>).map(([player, name]) => {
    if (typeof name !== 'string')
      throw new OddsError(`the policy of "${player}" must be a name ("strongest" or "pass")`);
    return [player, policyNamed(name)] as const;
  });
  return {
    setup,
    ...(attack !== undefined ? { attack } : {}),
    ...(policies !== undefined ? { policies: Object.fromEntries(named) } : {}),
    ...(pool !== undefined ? { pool: (pool as string[]).map((name) => name.trim()) } : {}),
  };
}
