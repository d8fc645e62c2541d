import { createGame, type Game } from '../game/game.ts';
import type { Policy } from '../game/policies.ts';
import type { CardId, PlayerId } from '../model/board.ts';
import type { CommandOf } from '../model/commands.ts';
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
  /** Holograms active when the battle began, and which of them ended it deactivated. */
  readonly activeBefore: ReadonlySet<CardId>;
  readonly deactivated: ReadonlySet<CardId>;
  readonly names: ReadonlyMap<CardId, { readonly name: string; readonly owner: PlayerId }>;
}

function playBattle(game: Game, attack: CommandOf<'attack'>): BattleRecord {
  const activeBefore = new Set(
    Object.keys(game.board().cards).filter((id) => game.hologramState(id) === 'active'),
  );
  const result = game.send(attack);
  if (!result.ok) throw new OddsError(`the attack is refused: ${result.rejection.message}`);
  if (result.policyRejection) {
    throw new OddsError(`a policy's command is refused: ${result.policyRejection.message}`);
  }
  const waiting = game.awaiting();
  if (waiting) throw new OddsError(`the battle waits for ${waiting.player}, whom no policy answers for`);
  const announced = result.events.find((event) => event.kind === 'battle-announced');
  const battle = game.lastBattle();
  if (announced?.kind !== 'battle-announced' || !battle) {
    throw new OddsError('the attack did not start a battle');
  }
  const board = game.board();
  const everyone = [...announced.attackers, ...announced.defenders];
  return {
    winner: battle.winner,
    attackers: announced.attackers,
    defenders: announced.defenders,
    dead: new Set(everyone.filter((id) => board.cards[id]?.at.in === 'discard')),
    activeBefore,
    deactivated: new Set(everyone.filter((id) => game.hologramState(id) === 'deactivated')),
    names: new Map(
      everyone.map((id) => [id, { name: board.cards[id]!.card, owner: board.cards[id]!.owner }]),
    ),
  };
}

/** What the battles add up to, one personnel at a time. */
interface PersonnelTally {
  readonly card: CardId;
  readonly name: string;
  readonly owner: PlayerId;
  readonly side: 'attacker' | 'defender';
  battles: number;
  survived: number;
  activeAtStart: number;
  deactivated: number;
}

const policyName = (policy: Policy) => (typeof policy === 'function' ? 'custom' : policy);

/** Plays the attack `options.battles` times and reports the odds. Throws `SetupError` or `OddsError`. */
export function battleOdds(setup: unknown, options: OddsOptions): BattleOdds {
  const { battles } = options;
  const seed = options.seed ?? 1;
  if (!Number.isSafeInteger(battles) || battles < 1)
    throw new OddsError(`battles must be a whole number of 1 or more, not ${battles}`);
  if (!Number.isSafeInteger(seed)) throw new OddsError(`the seed must be a whole number, not ${seed}`);
  const cards = options.cards ?? [];
  // A first game to learn the players and the attack (and to report a bad setup before any battle).
  const probe = createGame(setup, { seed: battleSeed(seed, 0), cards });
  const players = probe.board().players;
  const policies: Record<PlayerId, Policy> = { [players[0]]: 'strongest', [players[1]]: 'strongest' };
  for (const [player, policy] of Object.entries(options.policies ?? {})) {
    if (!players.includes(player))
      throw new OddsError(`a policy for "${player}", who does not play in this setup`);
    policies[player] = policy;
  }
  const attack = attackFor(probe, options.attack);
  probe.stop();
  const attacker = attack.player;
  const defender = players[0] === attacker ? players[1] : players[0];

  let wins = 0;
  let ties = 0;
  const killed: Record<'attacker' | 'defender', Tally> = { attacker: emptyTally(), defender: emptyTally() };
  // The largest group each side had: no side can lose more personnel than that.
  const largest = { attacker: 0, defender: 0 };
  const personnel = new Map<CardId, PersonnelTally>();
  for (let i = 0; i < battles; i++) {
    const game = createGame(setup, { seed: battleSeed(seed, i), cards, policies });
    const record = playBattle(game, attack);
    game.stop();
    if (record.winner === attacker) wins++;
    else if (record.winner === null) ties++;
    for (const side of ['attacker', 'defender'] as const) {
      const group = side === 'attacker' ? record.attackers : record.defenders;
      addTo(killed[side], group.filter((id) => record.dead.has(id)).length);
      largest[side] = Math.max(largest[side], group.length);
      for (const id of group) {
        let tally = personnel.get(id);
        if (!tally) {
          const { name, owner } = record.names.get(id)!;
          tally = { card: id, name, owner, side, battles: 0, survived: 0, activeAtStart: 0, deactivated: 0 };
          personnel.set(id, tally);
        }
        tally.battles++;
        if (!record.dead.has(id)) tally.survived++;
        if (record.activeBefore.has(id)) {
          tally.activeAtStart++;
          if (record.deactivated.has(id)) tally.deactivated++;
        }
      }
    }
    options.onProgress?.(i + 1, battles);
  }

  const byGroup = [...personnel.values()].sort((a, b) =>
    a.side === b.side ? 0 : a.side === 'attacker' ? -1 : 1,
  );
  return {
    battles,
    seed,
    attack,
    attacker,
    defender,
    policies: Object.fromEntries(
      Object.entries(policies).map(([player, policy]) => [player, policyName(policy)]),
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
    personnel: byGroup.map((tally) => ({
      card: tally.card,
      name: tally.name,
      owner: tally.owner,
      side: tally.side,
      battles: tally.battles,
      survives: chance(tally.survived, tally.battles),
      ...(tally.activeAtStart > 0 ? { deactivated: chance(tally.deactivated, tally.activeAtStart) } : {}),
    })),
  };
}

/** What an odds file holds: a setup, and optionally the attack and the policies to play it with. */
export interface OddsScenario {
  readonly setup: unknown;
  readonly attack?: unknown;
  readonly policies?: Readonly<Record<PlayerId, Policy>>;
}

const POLICY_NAMES: readonly string[] = ['strongest', 'pass'];

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
    throw new OddsError('an odds file holds a JSON object: a setup, or { "setup", "attack", "policies" }');
  }
  if (!Object.hasOwn(json, 'setup')) return { setup: json };
  const { setup, attack, policies, ...rest } = json as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) {
    throw new OddsError(`unknown key "${unknown[0]}" (an odds file has "setup", "attack" and "policies")`);
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
  };
}
