import { type Actor, createActor, type InspectionEvent, type Observer } from 'xstate';
import { type AcceptedEvent, type GameEmitted, gameMachine } from '../../machines/game.machine.ts';
import { tableOf } from '../../machines/game-table.ts';
import type { BattleData, BattleView } from '../model/battle.ts';
import type { Board, CardId, PlayerId, Position } from '../model/board.ts';
import { type Command, isCommandType } from '../model/commands.ts';
import type { HologramState, Rejection, RuleEvent } from '../model/events.ts';
import { deepFreeze } from '../model/freeze.ts';
import { label } from '../rules/cards.ts';
import { judge, legalCommands } from '../rules/commands/index.ts';
import { eligibleForSelection } from '../rules/commands/selection.ts';
import { gameplaySpecies, mayUse, type UseVerdict } from '../rules/species.ts';
import { isStaffed, staffingShortfall } from '../rules/staffing.ts';
import type { Table } from '../rules/table.ts';
import { discardPile } from '../rules/where.ts';
import {
  type Awaiting,
  awaitingIn,
  choose,
  defaultPolicyFor,
  type Policy,
  type Situation,
} from './policies.ts';
import { gameInputFromSetup, SetupError } from './setup-board.ts';
import { type PlayerView, viewFor } from './view.ts';

/** The answer to a command: carried out, with what happened; or refused, with why. */
export type CommandResult =
  | {
      readonly ok: true;
      readonly step: number;
      /** What happened: this command's rule events, then those of any commands the policies sent after it. */
      readonly events: readonly RuleEvent[];
      /** Commands the players' policies sent after this one, in order (empty without policies). */
      readonly auto: readonly Command[];
      /** A policy's command that the rules refused (a custom policy's bug); the game then waits. */
      readonly policyRejection?: Rejection;
    }
  | { readonly ok: false; readonly rejection: Rejection };

/** At most this many commands by policies after one command (a battle of 200 a side fits well). */
const MAX_AUTO_COMMANDS = 100_000;

export interface GameOptions {
  /** Seeds every random choice of the game (default 1). The same seed and commands give the same game. */
  readonly seed?: number;
  /**
   * The client's own card definitions, as a list (for example read from a JSON file), added to the
   * built-in library for this game alongside any `cardDefinitions` in the setup.
   */
  readonly cards?: readonly unknown[];
  /** Policies that answer for players in battle (see `Policy`); a player without one is asked. */
  readonly policies?: Readonly<Record<PlayerId, Policy>>;
  /** XState's inspection observer, for every actor of the game (the game, each hologram). */
  readonly inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}

export type GameActor = Actor<typeof gameMachine>;

/** Where a game comes from: its setup, seed and the client's own cards. With the command log, enough to replay it. */
export interface GameOrigin {
  readonly setup: unknown;
  readonly seed: number;
  readonly cards: readonly unknown[];
}

/** A game to resume instead of starting afresh: its persisted snapshot and the commands that led there. */
export interface Resumption {
  readonly snapshot: unknown;
  readonly log: readonly Command[];
}

/**
 * A game: the game actor with a client's conveniences around it. `send` answers each command with
 * what happened or why not; the actor itself (`game.actor`) is there for clients that embed it
 * (subscribe, inspect, `actor.on('rule', ...)`).
 */
export class Game {
  readonly actor: GameActor;
  /** The setup, seed and cards the game started from (a copy). */
  readonly origin: GameOrigin;
  private collected: GameEmitted[] | null = null;
  private readonly policies = new Map<PlayerId, Policy>();
  private readonly commandLog: Command[];

  /**
   * Starts a game from its origin (throws `SetupError` for a bad setup), or resumes one from a
   * persisted snapshot. Clients use `createGame` and `restoreGame`.
   */
  constructor(origin: GameOrigin, options: GameOptions = {}, resume?: Resumption) {
    // A resumed game takes its state from the snapshot: its origin is kept for replays (and checked by
    // the save's checksum, or by replaying it with `verify: 'replay'`), not set up again.
    const input = resume ? (undefined as never) : gameInputFromSetup(origin.setup, origin.seed, origin.cards);
    this.origin = origin;
    this.commandLog = resume ? [...resume.log] : [];
    this.actor = createActor(gameMachine, {
      input,
      // XState revives a snapshot in place (its actor references become live actors): restore from a
      // copy, so the caller's save stays a save and two games restored from it stay apart.
      ...(resume ? { snapshot: JSON.parse(JSON.stringify(resume.snapshot)) as never } : {}),
      ...(options.inspect ? { inspect: options.inspect } : {}),
    });
    this.actor.on('*', (event) => this.collected?.push(event));
    // Observed, an actor's error is the game's to report (restoreGame refuses such a save); unobserved,
    // XState would rethrow it later, out of everyone's reach.
    this.actor.subscribe({ error: () => {} });
    this.actor.start();
    // A restored board comes from JSON: frozen like every board the rules make (see deepFreeze).
    if (resume) deepFreeze(this.actor.getSnapshot().context.board);
    for (const [player, policy] of Object.entries(options.policies ?? {})) this.policies.set(player, policy);
  }

  /** Every command carried out so far, in order (the policies' too): with the origin, a replay. */
  log(): readonly Command[] {
    return [...this.commandLog];
  }

  /** Sets (or, with null, removes) the policy that answers for a player in battle. */
  setPolicy(player: PlayerId, policy: Policy | null): void {
    if (policy === null) this.policies.delete(player);
    else this.policies.set(player, policy);
  }

  /** The battle running now: its step, its data (piles included: not for players' eyes), its open window. */
  battle(): BattleView | undefined {
    // A copy: the battle actor's own data is not for writing.
    const battle = this.table().battle();
    return battle && structuredClone(battle);
  }

  /** The record of the last battle that ended (pairings, totals, winner, kill). */
  lastBattle(): BattleData | null {
    return structuredClone(this.actor.getSnapshot().context.lastBattle);
  }

  /** What the game waits for now in a battle (a response or a decision, and from whom); null outside one. */
  awaiting(): Awaiting | null {
    return awaitingIn(this.table());
  }

  /**
   * Sends a command from a player. Returns the rule events it caused, or the rejection (with its
   * clause); a rejected command changes nothing. Never throws, whatever the input.
   */
  send(command: unknown): CommandResult {
    const first = this.sendOne(command);
    if (!first.ok) return first;
    const events = [...first.events];
    const auto: Command[] = [];
    for (let i = 0; i < MAX_AUTO_COMMANDS; i++) {
      const awaiting = this.awaiting();
      // The Rogue Borg, a side no player speaks for, answer by the engine's rule unless a policy is set.
      const policy = awaiting && (this.policies.get(awaiting.player) ?? defaultPolicyFor(awaiting.player));
      if (!awaiting || !policy) break;
      const next = choose(policy, this.situationFor(awaiting));
      const result = this.sendOne(next);
      if (!result.ok) return { ...first, events, auto, policyRejection: result.rejection };
      auto.push(next);
      events.push(...result.events);
    }
    return { ...first, events, auto };
  }

  /**
   * What a policy sees. The legal commands and the view are worked out only if the policy reads them:
   * the built-in policies never do, and in a battle run by policies they would cost more than the
   * battle itself (every legal candidate judged, every card copied, at every step).
   */
  private situationFor(awaiting: Awaiting): Situation {
    const game = this;
    let legal: readonly Command[] | undefined;
    let view: PlayerView | undefined;
    return {
      awaiting,
      get legal() {
        legal ??= game.legalCommands(awaiting.player);
        return legal;
      },
      get view() {
        view ??= game.view(awaiting.player);
        return view;
      },
    };
  }

  /** One command, without policies. */
  private sendOne(
    command: unknown,
  ): { ok: true; step: number; events: RuleEvent[]; auto: [] } | { ok: false; rejection: Rejection } {
    // Only commands reach the actor: XState itself would throw on an event without a string type,
    // and reserves the `xstate.*` types for its own events. Everything else is judged here. A command
    // that reaches it is plain data: no getters, proxies or cycles can run or throw inside a machine.
    const plain = plainData(command);
    if (plain === UNREADABLE) {
      const message =
        'GAME-INPUT-1: the command is not plain data (it throws when read, or refers to itself)';
      return {
        ok: false,
        rejection: { type: 'rejected', code: 'malformed', clause: 'GAME-INPUT-1', message, command: null },
      };
    }
    if (!isCommandType((plain as { type?: unknown } | null)?.type) || Array.isArray(plain)) {
      const verdict = judge(this.table(), plain);
      if ('rejection' in verdict) return { ok: false, rejection: verdict.rejection };
    }
    const collected: GameEmitted[] = [];
    this.collected = collected;
    try {
      this.actor.send(plain as Command);
    } finally {
      this.collected = null;
    }
    const rejection = collected.find((event): event is Rejection => event.type === 'rejected');
    if (rejection) return { ok: false, rejection };
    const accepted = collected.find((event): event is AcceptedEvent => event.type === 'accepted');
    if (!accepted) throw new Error(`the game actor neither accepted nor rejected ${JSON.stringify(command)}`);
    // The game's own plain copy (see plainData), frozen: the log is handed out as it is.
    this.commandLog.push(deepFreeze(accepted.command));
    return {
      ok: true,
      step: accepted.step,
      events: collected.filter((event): event is RuleEvent => event.type === 'rule'),
      auto: [],
    };
  }

  /** The rules' view of the game now. */
  table(): Table {
    return tableOf(this.actor.getSnapshot().context);
  }

  /** The board now (every card, where it is, its statuses). */
  board(): Board {
    return this.actor.getSnapshot().context.board;
  }

  /** How many commands have been carried out. */
  step(): number {
    return this.actor.getSnapshot().context.step;
  }

  /** The commands of their own turn that a player may send now. */
  legalCommands(player: PlayerId): Command[] {
    return legalCommands(this.table(), player);
  }

  /** What a player sees: never the opponent's hand or the generator's state. */
  view(player: PlayerId): PlayerView {
    return viewFor(this.table(), player, this.step());
  }

  /** A hologram's state (deactivated, active, erased); undefined for a card with no hologram actor. */
  hologramState(card: CardId): HologramState | undefined {
    return this.table().hologram(card)?.state;
  }

  /** Where a card is. */
  where(card: CardId): Position | undefined {
    return this.board().cards[card]?.at;
  }

  /** A player's discard pile, bottom first. */
  discardPile(player: PlayerId): CardId[] {
    return discardPile(this.table(), player);
  }

  /** May this personnel use that card (its "use only" restriction: HOLO-SPECIES-1, HOLO-AFFIL-1)? */
  mayUse(personnel: CardId, cardName: string): UseVerdict {
    return mayUse(this.known(personnel), personnel, cardName);
  }

  /** Gameplay species of a personnel (HOLO-SPECIES-1: "Hologram" for every hologram). */
  species(personnel: CardId): readonly string[] {
    return gameplaySpecies(this.known(personnel), personnel);
  }

  /** The personnel among these who may be selected for assimilation or abduction (HOLO-ASSIM-1). */
  eligibleForSelection(among: readonly CardId[]): CardId[] {
    return eligibleForSelection(this.known(...among), among);
  }

  /** Whether a ship is staffed, and what its crew lacks (GAME-STAFF-1, HOLO-NORMAL-1). */
  staffing(ship: CardId): { staffed: boolean; missing: string[] } {
    const table = this.known(ship);
    return { staffed: isStaffed(table, ship), missing: staffingShortfall(table, ship) };
  }

  /** The rules' view, once every card named is known to be in this game (a query of an unknown id throws). */
  private known(...cards: readonly CardId[]): Table {
    const table = this.table();
    for (const card of cards) {
      if (!Object.hasOwn(table.board.cards, card))
        throw new RangeError(`there is no card "${card}" in this game`);
    }
    return table;
  }

  /** "The Doctor [doctor]". */
  label(card: CardId): string {
    return label(this.table(), card);
  }

  /** The XState persisted snapshot (the hologram actors included). */
  persistedSnapshot(): unknown {
    return this.actor.getPersistedSnapshot();
  }

  /** Stops the game actor and every actor it spawned; the game answers no more commands. */
  stop(): void {
    this.actor.stop();
  }
}

const UNREADABLE = Symbol('unreadable');

/** The command as plain JSON data (our own copy), or UNREADABLE (it throws when read, or has cycles). */
function plainData(command: unknown): unknown {
  if (command === null || typeof command !== 'object') return command;
  try {
    return JSON.parse(JSON.stringify(command));
  } catch {
    return UNREADABLE;
  }
}

/** Starts a game from a setup and a seed; throws `SetupError` for a bad setup. */
export function createGame(setup: unknown, options: GameOptions = {}): Game {
  // A copy: the game keeps its origin for saves and replays, whatever the client does with its object.
  const seed = options.seed ?? 1;
  if (!Number.isSafeInteger(seed) || seed < 0 || seed > 0xffff_ffff) {
    throw new SetupError('a seed is a whole number from 0 to 4294967295', 'seed');
  }
  let copy: unknown;
  let cards: unknown[];
  try {
    copy = setup === undefined ? undefined : JSON.parse(JSON.stringify(setup));
    cards = JSON.parse(JSON.stringify(options.cards ?? []));
  } catch {
    throw new SetupError(
      'a setup is plain JSON data (no cycles, functions, big integers or runaway nesting)',
      '(setup)',
    );
  }
  return new Game({ setup: copy, seed, cards }, options);
}
