import type { BattleData, BattleView } from '../model/battle.ts';
import type { Board, CardId, PlayerId } from '../model/board.ts';
import type { CommandResult } from '../model/command-result.ts';
import type { Command, PlayerCommand } from '../model/commands.ts';
import type { HologramState, RuleEvent } from '../model/events.ts';
import { safeText } from '../model/plain.ts';
import {
  type Awaiting,
  awaitingIn,
  type BuiltInPolicy,
  defaultPolicyFor,
  ownChoice,
} from '../rules/awaiting.ts';
import { battleData, reshuffledPiles } from '../rules/battle/sequence.ts';
import { legalCommands } from '../rules/commands/index.ts';
import { seedRandom } from '../rules/random.ts';
import type { Table } from '../rules/table.ts';
import { type Played, play } from './play.ts';
import { type GameState, tableAt } from './state.ts';

/**
 * The kernel: the second driver of the one rules layer. It plays the same commands as a game does over
 * its statecharts, with the same results (the same board, rule events, legal commands, awaited decision
 * and generator state after every command), on plain data: no actors, no freezing, no schema check
 * of the engine's own commands, rule events only when asked. For search and odds: a battle in
 * microseconds, a fork in one object copy. The statecharts stay the engine of record (what clients
 * embed, inspect and debug); `test/kernel-differential.test.ts` holds the two equal.
 */

/** What a policy sees when it must choose, in the kernel. */
export interface KernelSituation {
  readonly awaiting: Awaiting;
  /** Every command the rules allow that player now (worked out when read). */
  readonly legal: readonly Command[];
  /** The rules' view of the state now. */
  readonly table: Table;
}

/** A side's policy in the kernel: a built-in one, or a function whose command is judged as a player's. */
export type KernelPolicy = BuiltInPolicy | ((situation: KernelSituation) => unknown);

export interface KernelOptions {
  /** Policies that answer for players (and the Rogue Borg) in battle; a player without one is asked. */
  readonly policies?: Readonly<Record<PlayerId, KernelPolicy>>;
  /** Record rule events (default false). */
  readonly events?: boolean;
  /** Keep the commands carried out (`kernel.log()`), as a game's log does (default false). */
  readonly log?: boolean;
  /** A replay: only the commands sent move it; the Rogue Borg's own rule does not answer (default false). */
  readonly replay?: boolean;
}

/** The answer to a command: a game's `CommandResult` (never `queued`: a kernel answers at once). */
export type KernelResult = CommandResult;

/** At most this many commands by policies after one command (as a game). */
const MAX_AUTO_COMMANDS = 100_000;

/** How a fork differs from its kernel. */
export interface KernelForkOptions {
  /** Reseeds the fork's generator (its shuffles and random kills differ). */
  readonly seed?: number;
  /** With `seed`: a running battle's face-down combat piles in a new order drawn from it (BATTLE-3). */
  readonly reshuffle?: boolean;
  /** The fork's policies instead of the kernel's. */
  readonly policies?: Readonly<Record<PlayerId, KernelPolicy>>;
}

const NO_EVENTS: readonly RuleEvent[] = Object.freeze([]);
const NO_POLICIES: ReadonlyMap<PlayerId, KernelPolicy> = new Map();
const NO_COMMANDS: readonly PlayerCommand[] = Object.freeze([]);

export class Kernel {
  private now: GameState;
  /** The players' policies: never written, so that forks share them (`setPolicy` makes a new map). */
  private policies: ReadonlyMap<PlayerId, KernelPolicy>;
  private readonly events: boolean;
  private readonly replay: boolean;
  private readonly commands: Command[] | null;

  constructor(state: GameState, options: KernelOptions = {}) {
    this.now = state;
    this.policies = options.policies ? new Map(Object.entries(options.policies)) : NO_POLICIES;
    this.events = options.events === true;
    this.replay = options.replay === true;
    this.commands = options.log === true ? [] : null;
  }

  /** The state now: plain data, which no later command changes (each makes a new one). */
  get state(): GameState {
    return this.now;
  }

  /** The rules' view of the state now. */
  table(): Table {
    return tableAt(this.now);
  }

  board(): Board {
    return this.now.board;
  }

  step(): number {
    return this.now.step;
  }

  battle(): BattleView | undefined {
    return tableAt(this.now).battle();
  }

  lastBattle(): BattleData | null {
    return this.now.lastBattle;
  }

  hologramState(card: CardId): HologramState | undefined {
    return tableAt(this.now).hologram(card)?.state;
  }

  /** What the battle waits for now, and from whom; null outside one. */
  awaiting(): Awaiting | null {
    return awaitingIn(tableAt(this.now));
  }

  /** The commands a player may send now (their turn's, or a battle's); never host effects. */
  legalCommands(player: PlayerId): PlayerCommand[] {
    return legalCommands(tableAt(this.now), player) as PlayerCommand[];
  }

  /** The commands carried out since this kernel began (with `log: true`; otherwise none). */
  log(): readonly Command[] {
    return this.commands ? [...this.commands] : [];
  }

  /** A player's command (anything a player sent, unread): as `game.send`. Never throws. */
  send(command: unknown): KernelResult {
    return this.answer(command, 'player');
  }

  /** A host effect: as `game.effect`. Never throws. */
  effect(effect: unknown): KernelResult {
    return this.answer(effect, 'host');
  }

  /**
   * A command the caller built from the kernel's own legal commands (a search's): judged by the rules
   * without the copy and the schema, as the engine's own door judges a built-in policy's choice.
   */
  own(command: PlayerCommand): KernelResult {
    return this.answer(command, 'own');
  }

  /** Sets (or, with null, removes) a player's policy, from the next command on. */
  setPolicy(player: PlayerId, policy: KernelPolicy | null): void {
    const mine = new Map(this.policies);
    if (policy === null) mine.delete(player);
    else mine.set(player, policy);
    this.policies = mine;
  }

  /** Lets the policies answer whatever the battle awaits now (as `game.answerByPolicies`). */
  answerByPolicies(): KernelResult {
    return this.policiesAnswer(this.events ? [] : null);
  }

  private playOne(input: unknown, door: 'player' | 'host' | 'own'): Played {
    const played = play(this.now, input, door, { events: this.events });
    if (played.ok) {
      this.now = played.state;
      this.commands?.push(played.command);
    }
    return played;
  }

  private answer(input: unknown, door: 'player' | 'host' | 'own'): KernelResult {
    const first = this.playOne(input, door);
    if (!first.ok) return first;
    return this.policiesAnswer(this.events ? [...first.events] : null);
  }

  private policiesAnswer(events: RuleEvent[] | null): KernelResult {
    let auto: PlayerCommand[] | null = null;
    const done = (extra: object = {}): KernelResult => ({
      ok: true,
      step: this.now.step,
      events: events ?? NO_EVENTS,
      auto: auto ?? NO_COMMANDS,
      ...extra,
    });
    for (let i = 0; i < MAX_AUTO_COMMANDS; i++) {
      const table = tableAt(this.now);
      const awaiting = awaitingIn(table);
      const policy =
        awaiting &&
        (this.policies.get(awaiting.player) ?? (this.replay ? undefined : defaultPolicyFor(awaiting.player)));
      if (!awaiting || !policy) break;
      let played: Played;
      if (typeof policy === 'function') {
        let next: unknown;
        try {
          let legal: readonly Command[] | undefined;
          next = policy({
            awaiting,
            table,
            get legal() {
              legal ??= legalCommands(table, awaiting.player);
              return legal;
            },
          });
        } catch (error) {
          return done({ policyFailure: { player: awaiting.player, message: safeText(error) } });
        }
        played = this.playOne(next, 'player');
      } else played = this.playOne(ownChoice(policy, awaiting), 'own');
      if (!played.ok) return done({ policyRejection: played.rejection });
      auto ??= [];
      auto.push(played.command as PlayerCommand);
      if (events && played.events.length > 0) events.push(...played.events);
    }
    return done();
  }

  /**
   * A copy that plays on by itself from this state (its generator reseeded with `seed`; with
   * `reshuffle` too, a running battle's face-down piles in a new order from it). Costs one object.
   */
  fork(options: KernelForkOptions = {}): Kernel {
    let state = this.now;
    if (options.seed !== undefined) {
      let random = seedRandom(options.seed);
      const battle = state.battle;
      const reshuffled = options.reshuffle && battle ? reshuffledPiles(battle.data.piles, random) : undefined;
      if (battle && reshuffled) {
        random = reshuffled.random;
        state = {
          ...state,
          battle: { ...battle, data: battleData(battle.data, { piles: reshuffled.piles }) },
        };
      }
      state = { ...state, random };
    }
    const fork = new Kernel(state, {
      ...(options.policies ? { policies: options.policies } : {}),
      events: this.events,
      replay: this.replay,
      log: false,
    });
    // A fork answers by its kernel's policies: the same map, which neither writes (see setPolicy).
    if (!options.policies) fork.policies = this.policies;
    return fork;
  }
}
