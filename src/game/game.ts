import type { Actor, InspectionEvent, Observer, Snapshot } from 'xstate';
import { type AcceptedEvent, type GameEmitted, gameMachine } from '../../machines/game.machine.ts';
import {
  EFFECT_EVENT,
  GatedActor,
  inputBeingAnswered,
  onCarriedOut,
  submit,
  submitOwn,
} from '../../machines/game-gate.ts';
import { tableOf } from '../../machines/game-table.ts';
import { type BattleData, type BattleView, ROGUE_BORG } from '../model/battle.ts';
import type { Board, CardId, PlayerId, Position } from '../model/board.ts';
import { plainBoard } from '../model/card-record.ts';
import type { CommandResult } from '../model/command-result.ts';
import { type Command, type HostEffect, isHostEffect, type PlayerCommand } from '../model/commands.ts';
import type { HologramState, Rejection, RuleEvent } from '../model/events.ts';
import { deepFreeze } from '../model/freeze.ts';
import { idSchema } from '../model/ids.ts';
import { safeText } from '../model/plain.ts';
import { label } from '../rules/cards.ts';
import { legalCommands } from '../rules/commands/index.ts';
import { eligibleForSelection } from '../rules/commands/selection.ts';
import { gameplaySpecies, mayUse, type UseVerdict } from '../rules/species.ts';
import { isStaffed, staffingShortfall } from '../rules/staffing.ts';
import type { Table } from '../rules/table.ts';
import { discardPile } from '../rules/where.ts';
import { forkSnapshot } from './fork.ts';
import { checkedOptions } from './options.ts';
import {
  type Awaiting,
  awaitingIn,
  checkedPolicy,
  defaultPolicyFor,
  ownChoice,
  type Policy,
  type Situation,
} from './policies.ts';
import { Seat } from './seat.ts';
import { checkedSeed, gameInputFromSetup, plainSetupData, SetupError } from './setup-board.ts';
import type { StepEvents } from './step-events.ts';
import { type PlayerView, viewFor } from './view.ts';

export type { CommandResult, PolicyFailure } from '../model/command-result.ts';

/** At most this many commands by policies after one command (a battle of 200 a side fits well). */
const MAX_AUTO_COMMANDS = 100_000;

export interface GameOptions {
  /**
   * Seeds every random choice of the game. The default is fixed (1): the same seed and commands give the
   * same game, so a host that forgets it deals every game alike. `'random'` draws a seed from the
   * platform's cryptographic source (`crypto.getRandomValues`); either way the seed is recorded in the
   * game's origin, so its replays and saves still hold.
   */
  readonly seed?: number | 'random';
  /**
   * The game's id, for a host's records and for what a signed save binds itself to (letters, digits and
   * `_ . : ' -`, up to 64). Default: derived from the game's origin (the same origin, the same id).
   */
  readonly id?: string;
  /**
   * How many of the latest steps' rule events the game keeps for `eventsSince` (default: every step).
   * A host that keeps them in its own store may keep fewer here.
   */
  readonly history?: number;
  /**
   * The client's own card definitions, as a list (for example read from a JSON file), added to the
   * built-in library for this game alongside any `cardDefinitions` in the setup.
   */
  readonly cards?: readonly unknown[];
  /**
   * Policies that answer for players in battle (see `Policy`); a player without one is asked. A policy
   * that is neither `'strongest'`, `'pass'` nor a function is refused with `TypeError`.
   */
  readonly policies?: Readonly<Record<PlayerId, Policy>>;
  /** XState's inspection observer, for every actor of the game (the game, each hologram). */
  readonly inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}

/** The raw game actor (`game.actor`): XState's own API, with the input gate in front of the statechart. */
export type GameActor = Actor<typeof gameMachine>;

/** What the actor emitted for one input from outside: its rule events, then its verdict. */
interface Answer {
  readonly events: RuleEvent[];
  verdict?: Rejection | AcceptedEvent;
}

function refusal(code: 'stopped' | 'queued', message: string, command: unknown = null): Rejection {
  return {
    type: 'rejected',
    code,
    clause: 'GAME-INPUT-1',
    message: `GAME-INPUT-1: ${message}`,
    command,
  };
}

/**
 * The command a queued answer names: the gate's copy of the input (a host effect's, the effect it
 * carries), as the later `accepted` event names it, so that a client matches the answer to its command.
 * A frozen copy of that copy: the gate's own waits in the mailbox, and no client may change it there.
 * None for what the gate could not read as a command (its stand-ins' types are in parentheses).
 */
function queuedCommand(token: object): unknown {
  const type = (token as { type?: unknown }).type;
  if (typeof type !== 'string' || type.startsWith('(')) return null;
  const command = type === EFFECT_EVENT ? (token as { effect?: unknown }).effect : token;
  return command === undefined ? null : deepFreeze(structuredClone(command));
}

/** The answer to one input, before any policy answers after it. */
type OneAnswer =
  | { ok: true; command: Command; events: RuleEvent[] }
  | { ok: false; rejection: Rejection; queued?: true };

/** Where a game comes from: its setup, seed and the client's own cards. With the command log, enough to replay it. */
export interface GameOrigin {
  readonly setup: unknown;
  readonly seed: number;
  readonly cards: readonly unknown[];
}

/**
 * A game to resume instead of starting afresh: its persisted snapshot, its id, and the commands that led
 * there since step `logStart` (0 for a whole log; a checkpoint's step for a save without its log).
 */
export interface Resumption {
  readonly snapshot: unknown;
  readonly log: readonly Command[];
  readonly logStart: number;
  readonly id: string;
  /**
   * A fork's board, left out of its snapshot's context (`forkSnapshot`) so that XState's revival does
   * not walk it (it holds no actor): put back into the revived context before the actor starts.
   */
  readonly board?: Board;
}

/**
 * Snapshots the engine made for one game itself, restored as they are rather than copied: XState revives
 * a snapshot in place, which is harmless to a snapshot no one else holds. The odds make one per battle
 * from a prepared position, sharing its frozen board (which the revival reads but never writes).
 */
const ownSnapshots = new WeakSet<object>();

/** Marks a snapshot the engine made for one game (not exported from the package). */
export function ownSnapshot<T extends object>(snapshot: T): T {
  ownSnapshots.add(snapshot);
  return snapshot;
}

/**
 * A policy answers for one of the game's players, or for the Rogue Borg (who answer by the engine's rule
 * unless given one): a policy for anyone else would answer for no one, so it is the caller's error.
 */
export function checkPolicyHolder(player: PlayerId, players: readonly PlayerId[] | undefined): void {
  if (player === ROGUE_BORG || !players || players.includes(player)) return;
  throw new TypeError(
    `a policy for ${JSON.stringify(String(player).slice(0, 40))}, who does not play in this game (${players.join(', ')}; or ${ROGUE_BORG})`,
  );
}

/** The players a persisted game snapshot names (checked by `restoreGame` before it gets here). */
function playersOf(snapshot: unknown): readonly PlayerId[] | undefined {
  const players = (snapshot as { context?: { board?: { players?: unknown } } } | undefined)?.context?.board
    ?.players;
  return Array.isArray(players) ? (players as PlayerId[]) : undefined;
}

/** The snapshot a game is restored from: the caller's is copied, so its save stays a save. */
function snapshotToRestore(snapshot: unknown): Snapshot<unknown> {
  if (typeof snapshot === 'object' && snapshot !== null && ownSnapshots.has(snapshot)) {
    ownSnapshots.delete(snapshot);
    return snapshot as Snapshot<unknown>;
  }
  return JSON.parse(JSON.stringify(snapshot)) as Snapshot<unknown>;
}

/**
 * A game: the game actor with a client's conveniences around it. Two doors: `send` takes a player's
 * command (what a server forwards from its players), `effect` takes a host effect (what a card or
 * dilemma did: the host's word, never a player's). Each answers with what happened or why not, and
 * never throws. The actor itself (`game.actor`) is there for clients that embed it (subscribe, inspect,
 * `actor.on('rule', ...)`): whatever reaches it, from any door, is judged by the same gate and logged.
 */
export class Game {
  readonly actor: GameActor;
  /** The setup, seed and cards the game started from (a copy). */
  readonly origin: GameOrigin;
  /**
   * The step this game's log starts after: 0 for a game created here or restored from a whole save; the
   * checkpoint's step for one resumed from a save without its log (`saveGame(game, { log: false })`),
   * whose earlier commands are in the host's own journal.
   */
  readonly logStart: number;
  private readonly policies = new Map<PlayerId, Policy>();
  private readonly commandLog: Command[];
  private givenId: string | undefined;
  /** What happened at each step this game has carried out, latest last (at most `history` of them). */
  private readonly journal: StepEvents[] = [];
  private readonly history: number;
  /** The steps before this one have no events in `journal` (not kept, or before a restore). */
  private journalFrom: number;
  private readonly seats = new Map<PlayerId | null, Seat>();
  /** What the actor emitted for each input from outside, by the gate's copy of it. */
  private readonly answers = new WeakMap<object, Answer>();
  /** The last input carried out: what the actor's own events (a battle's steps) follow from. */
  private lastCause: object | undefined;

  /**
   * Starts a game from its origin (throws `SetupError` for a bad setup), or resumes one from a
   * persisted snapshot. Clients use `createGame` and `restoreGame`.
   */
  constructor(origin: GameOrigin, options: GameOptions = {}, resume?: Resumption) {
    this.givenId = resume?.id ?? (options.id === undefined ? undefined : checkedGameId(options.id));
    this.history = checkedHistory(options.history);
    this.logStart = resume?.logStart ?? 0;
    this.journalFrom = resume ? resume.logStart + resume.log.length : 0;
    // The client's policies first: a misspelt one is refused before any actor starts (or is inspected).
    for (const [player, policy] of Object.entries(options.policies ?? {}))
      this.policies.set(player, checkedPolicy(player, policy));
    // A resumed game takes its state from the snapshot: its origin is kept for replays (and checked by
    // the save's checksum, or by replaying it with `verify: 'replay'`), not set up again.
    const input = resume ? undefined : gameInputFromSetup(origin.setup, origin.seed, origin.cards);
    const players = input?.board.players ?? resume?.board?.players ?? playersOf(resume?.snapshot);
    for (const player of this.policies.keys()) checkPolicyHolder(player, players);
    // Frozen: saves and replays read it, so a client's write to it must not reach them.
    this.origin = deepFreeze(origin);
    this.commandLog = resume ? [...resume.log] : [];
    this.actor = new GatedActor(gameMachine, {
      input,
      // XState revives a snapshot in place (its actor references become live actors): a caller's snapshot
      // is restored from a copy, so its save stays a save and two games restored from it stay apart; one
      // the engine made for this game alone (`ownSnapshot`: a checked save's copy, an odds battle's) as it is.
      ...(resume ? { snapshot: snapshotToRestore(resume.snapshot) } : {}),
      ...(options.inspect ? { inspect: options.inspect } : {}),
    });
    // A fork's board, into the context XState has just revived: a new object of the fork's own, which no
    // one has read yet (the actor has not started).
    if (resume?.board) (this.actor.getSnapshot().context as { board: Board }).board = resume.board;
    // The log is kept as each command is carried out, before any listener hears of it (so a save made
    // from a listener, or a subscriber, agrees with the step).
    onCarriedOut(this.actor, this.commandLog);
    this.actor.on('*', (event) => this.hear(event));
    // Observed, an actor's error is the game's to report (restoreGame refuses such a save); unobserved,
    // XState would rethrow it later, out of everyone's reach.
    this.actor.subscribe({ error: () => {} });
    this.actor.start();
    // A restored board comes from JSON: frozen like every board the rules make (see deepFreeze).
    if (resume) deepFreeze(this.actor.getSnapshot().context.board);
  }

  /**
   * Every event the actor emits, whoever sent the input, kept with the input it answers. (The log is
   * kept by `onCarriedOut`, so a command sent to the raw actor, or from a listener, is logged too.)
   */
  private hear(event: GameEmitted): void {
    const input = inputBeingAnswered(this.actor);
    const cause = input ?? this.lastCause;
    if (!cause) return;
    let answer = this.answers.get(cause);
    if (!answer) {
      answer = { events: [] };
      this.answers.set(cause, answer);
    }
    if (event.type === 'rule') answer.events.push(event);
    else if (input) {
      answer.verdict = event;
      if (event.type === 'accepted') {
        this.lastCause = input;
        // The events of this step so far, and (the same list) those the battle's own steps add after it.
        this.keep({ step: event.step, command: event.command, events: answer.events });
      }
    }
  }

  /** Keeps what happened at a step, dropping the oldest beyond `history`. */
  private keep(step: StepEvents): void {
    this.journal.push(step);
    if (this.journal.length > this.history) {
      this.journal.splice(0, this.journal.length - this.history);
      this.journalFrom = this.journal[0]!.step - 1;
    }
  }

  /**
   * The game's id (see `GameOptions.id`): given at creation, kept by its saves, or derived from its
   * origin (the same origin, the same id).
   */
  get id(): string {
    this.givenId ??= idFromOrigin(this.origin);
    return this.givenId;
  }

  /**
   * What happened after step `since`, step by step: each command carried out and the rule events it
   * caused, every event included (for the host; a seat hears only its own, `game.seat(p).eventsSince`).
   * A game that no longer keeps those steps (`history`) or was resumed after them works them out again
   * from its origin and log when it holds the whole log (unless `replay: false`: a host never replays a
   * long game on its event loop); otherwise throws `RangeError` (a host reads them from its own
   * journal, see `eventsKeptSince`). Throws `RangeError` for a step that is not a whole number from 0 to
   * the game's step.
   */
  eventsSince(since: number, options: { readonly replay?: boolean } = {}): StepEvents[] {
    const now = this.step();
    if (!Number.isSafeInteger(since) || since < 0 || since > now)
      throw new RangeError(
        `a step to read events since is a whole number from 0 to ${now}, not ${safeText(String(since), 40)}`,
      );
    // Copies of the journal's steps: what a caller does with its answer never changes the next one.
    if (since >= this.journalFrom)
      return this.journal
        .filter((step) => step.step > since)
        .map((step) => ({ ...step, events: [...step.events] }));
    if (this.logStart > 0 || options.replay === false)
      throw new RangeError(
        `this game keeps the events of steps after ${this.journalFrom} only${this.logStart > 0 ? `: it was resumed from step ${this.logStart}` : ''}, so read earlier ones from your journal`,
      );
    // Worked out again: the same origin and commands give the same events (the engine is deterministic).
    const replayed = replayEvents(this.origin, this.commandLog.slice(0, this.journalFrom));
    return [
      ...replayed.filter((step) => step.step > since),
      ...this.journal
        .filter((step) => step.step > this.journalFrom)
        .map((step) => ({ ...step, events: [...step.events] })),
    ];
  }

  /**
   * The door of one player's seat (GAME-SEAT-1): its `send` refuses a command in another player's
   * name, and its `payload` holds that player's view, legal commands and what the game awaits, in one.
   * Throws `RangeError` for a name that is not one of the game's players (`spectator()` is theirs).
   */
  seat(player: PlayerId): Seat {
    // The board's own list of players (no copy of the board: a host asks for seats at every step).
    const players = this.actor.getSnapshot().context.board.players;
    if (typeof player !== 'string' || !players.includes(player))
      throw new RangeError(
        `there is no seat for ${safeText(String(player), 40)}: the players are ${players.join(' and ')}`,
      );
    return this.seatOf(player);
  }

  /**
   * The earliest step `s` for which `eventsSince(s)` answers from what the game keeps, without working
   * anything out again: a host reads what came before it from its own journal.
   */
  get eventsKeptSince(): number {
    return this.journalFrom;
  }

  /** A spectator's seat: the public view and events, and no command (GAME-SEAT-1, GAME-VIEW-1). */
  spectator(): Seat {
    return this.seatOf(null);
  }

  private seatOf(player: PlayerId | null): Seat {
    let seat = this.seats.get(player);
    if (!seat) {
      seat = new Seat(this, player);
      this.seats.set(player, seat);
    }
    return seat;
  }

  /** Every command carried out so far, in order (host effects and the policies' commands too): with the origin, a replay. */
  log(): readonly Command[] {
    return [...this.commandLog];
  }

  /**
   * Sets (or, with null, removes) the policy that answers for a player in battle. If the game awaits
   * that player now, a policy set answers at once (a player handing over to the computer mid-battle):
   * returns what it played, as `send` does (`ok` with no events when nothing was played). Throws
   * `TypeError` for a policy that is neither `'strongest'`, `'pass'` nor a function.
   */
  setPolicy(player: PlayerId, policy: Policy | null): CommandResult {
    // Taken back (null): from the next command on the player is asked (the Rogue Borg answer by the
    // engine's rule again).
    if (policy === null) this.policies.delete(player);
    else {
      const checked = checkedPolicy(player, policy);
      checkPolicyHolder(player, this.board().players);
      this.policies.set(player, checked);
    }
    // Only a policy just given to the player awaited answers now; any other answers, as ever, after the
    // next command.
    const answersNow = policy !== null && this.awaiting()?.player === player;
    return answersNow ? this.policiesAnswer([]) : { ok: true, step: this.step(), events: [], auto: [] };
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
    // A stopped game awaits no one: it answers no more commands.
    if (this.actor.getSnapshot().status !== 'active') return null;
    return awaitingIn(this.table());
  }

  /**
   * The players' door: a command from a player (a `PlayerCommand`, or anything a player sent, unread).
   * Returns the rule events it caused (and those of the commands the policies sent after it), or the
   * rejection with its clause; a rejected command changes nothing. A host effect (kill, destroy, ...)
   * is refused here: it comes through `effect`. Never throws, whatever the input. (Typed twice: a
   * `PlayerCommand` for editors to complete, anything at all for what a server forwards unread.)
   */
  send(command: PlayerCommand): CommandResult;
  send(command: unknown): CommandResult;
  send(command: unknown): CommandResult {
    return this.answer(command, 'player');
  }

  /**
   * The host's door: a host effect, what a card or dilemma did (kill, destroy, discard, leave, capture,
   * select, addHoloIcon), told by the host that plays the cards, never forwarded from a player. Judged
   * by the rules like a command (the card must be in play, and so on); answered like `send`.
   */
  effect(effect: HostEffect): CommandResult;
  effect(effect: unknown): CommandResult;
  effect(effect: unknown): CommandResult {
    return this.answer({ type: 'effect', effect }, 'host');
  }

  private answer(input: unknown, door: 'player' | 'host'): CommandResult {
    const first = this.answerOne(input, door);
    if (!first.ok) return first;
    return this.policiesAnswer([...first.events]);
  }

  /**
   * Lets the policies answer whatever the game awaits now, one command after another, until it awaits
   * a player without one (or nothing): after `restoreGame(save, { policies })` of a game that awaits a
   * player given a policy there. (`setPolicy` does it itself, and every command's answer too.) Returns
   * what the policies played, as `send` does (`ok` with no events when none answers).
   */
  answerByPolicies(): CommandResult {
    return this.policiesAnswer([]);
  }

  private policiesAnswer(events: RuleEvent[]): CommandResult {
    const auto: PlayerCommand[] = [];
    for (let i = 0; i < MAX_AUTO_COMMANDS; i++) {
      const awaiting = this.awaiting();
      // The Rogue Borg, a side no player speaks for, answer by the engine's rule unless a policy is set.
      // A replay plays the log alone: the Rogue Borg's logged decisions are in it.
      const policy =
        awaiting &&
        (this.policies.get(awaiting.player) ??
          (replaying.has(this) ? undefined : defaultPolicyFor(awaiting.player)));
      if (!awaiting || !policy) break;
      let result: OneAnswer;
      if (typeof policy === 'function') {
        // A client's policy: what it returns is outside input, copied and checked like a player's.
        let next: unknown;
        try {
          next = policy(this.situationFor(awaiting));
        } catch (error) {
          const policyFailure = { player: awaiting.player, message: safeText(error) };
          return { ok: true, step: this.step(), events, auto, policyFailure };
        }
        result = this.answerOne(next, 'player');
      } else {
        // A built-in policy: the engine built the command itself, so it takes the engine's own door.
        result = this.answerOne(ownChoice(policy, awaiting), 'own');
      }
      // Sent while the game answers another input (from a listener): queued, and answered after it, by
      // the loop of whoever sent that input; not refused.
      if (!result.ok && result.rejection.code === 'queued') break;
      if (!result.ok) return { ok: true, step: this.step(), events, auto, policyRejection: result.rejection };
      auto.push(result.command as PlayerCommand);
      events.push(...result.events);
    }
    return { ok: true, step: this.step(), events, auto };
  }

  /**
   * What a policy sees. The legal commands and the view are worked out only if the policy reads them:
   * the built-in policies never do, and in a battle run by policies they would cost more than the
   * battle itself (every legal candidate judged, every card copied, at every step).
   */
  private situationFor(awaiting: Awaiting): Situation {
    const game = this;
    let legal: readonly PlayerCommand[] | undefined;
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

  /**
   * One input through one door, without policies. `own` is the engine's door, for a command a built-in
   * policy built (`ownChoice`): judged by the rules without the copy and the schema check.
   */
  private answerOne(input: unknown, door: 'player' | 'host' | 'own'): OneAnswer {
    if (this.actor.getSnapshot().status !== 'active') {
      const why = this.failure() ?? 'the game is stopped: it answers no more commands';
      return { ok: false, rejection: refusal('stopped', why) };
    }
    // The gate copies the input by value (running none of its code) before anything reads it; the
    // engine's own command it takes as it is.
    const token =
      door === 'own' ? submitOwn(this.actor, input as PlayerCommand) : submit(this.actor, input, door);
    // An error inside the engine stops the actor (XState's way): the answer says so, rather than that the
    // input was queued or carried out; the game answers nothing more (its last save restores it).
    const failed = this.failure();
    if (failed) return { ok: false, rejection: refusal('stopped', failed) };
    const answer = this.answers.get(token);
    const verdict = answer?.verdict;
    if (!answer || !verdict) {
      return {
        ok: false,
        queued: true,
        rejection: refusal(
          'queued',
          "sent while the game was answering another input: queued, and answered in order by the actor's accepted or rejected event",
          queuedCommand(token),
        ),
      };
    }
    if (verdict.type === 'rejected') return { ok: false, rejection: verdict };
    return { ok: true, command: verdict.command, events: answer.events };
  }

  /** Why the game stopped on an error inside the engine, in words; undefined while it has not. */
  private failure(): string | undefined {
    const snapshot = this.actor.getSnapshot();
    if (snapshot.status !== 'error') return undefined;
    return `the game stopped on an error inside the engine (${safeText(snapshot.error)}): it answers no more commands; restore its last save`;
  }

  /** The rules' view of the game now. */
  table(): Table {
    return tableOf(this.actor.getSnapshot().context);
  }

  /** The board now (every card, where it is, its statuses). */
  board(): Board {
    // Plain data for clients, whatever size: a large board's shared record is a proxy inside the engine.
    return plainBoard(this.actor.getSnapshot().context.board);
  }

  /** How many commands have been carried out. */
  step(): number {
    return this.actor.getSnapshot().context.step;
  }

  /** The commands a player may send now (their turn's, or a battle's); never host effects. */
  legalCommands(player: PlayerId): PlayerCommand[] {
    // A stopped game answers no more commands (every door refuses them as `stopped`).
    if (this.actor.getSnapshot().status !== 'active') return [];
    return legalCommands(this.table(), player) as PlayerCommand[];
  }

  /**
   * What a player sees: never the opponent's hand or the generator's state. Any other name (a
   * spectator's) sees what both players see: no hand at all.
   */
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

  /**
   * May this personnel use that card (its "use only" restriction: HOLO-SPECIES-1, HOLO-AFFIL-1)? Throws
   * `RangeError` for an id that is no card of the game, or a name that is no card of its library.
   */
  mayUse(personnel: CardId, cardName: string): UseVerdict {
    const table = this.known(personnel);
    if (typeof cardName !== 'string' || !table.library.has(cardName))
      throw new RangeError(`there is no card named ${safeText(String(cardName), 80)} in this game's library`);
    return mayUse(table, personnel, cardName);
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

  /**
   * The XState persisted snapshot (the hologram actors, the battle, the generator's state and both
   * hands included: for the host, never for a player; `view(player)` is what a player may see).
   * `createActor(gameMachine, { snapshot })` runs it again.
   */
  persistedSnapshot(): Snapshot<unknown> {
    // Plain data at any size: the game machine persists its board with plain cards (see `gameMachine`).
    return this.actor.getPersistedSnapshot() as Snapshot<unknown>;
  }

  /**
   * A copy of this game that plays on by itself: the same position, log, id and policies, answering
   * the same commands alike (with `seed`, its generator reseeded: what the odds do for each battle;
   * with `reshuffle` too, the face-down combat piles put in a new order, as a player would imagine them),
   * and sharing nothing that either can change (they share only the frozen board and battle data,
   * which every command replaces rather than writes). For search, many a second: it skips what a
   * restore of a save checks (the save's schema, checksum and health), for the game made it itself.
   * Its save equals the game's (`restoreGame(saveGame(game))` gives the same game), its journal starts
   * at this step, and no inspection comes along. Throws `RangeError` for a stopped game, `TypeError`
   * for a bad option, and leaves this game as it was.
   */
  fork(given: ForkOptions = {}): Game {
    const options = checkedOptions(given, 'fork', ['seed', 'reshuffle', 'policies']);
    if (this.actor.getSnapshot().status !== 'active')
      throw new RangeError('a stopped game cannot be forked: fork it before game.stop()');
    const seed = options.seed === undefined ? undefined : checkedForkSeed(options.seed);
    if (options.reshuffle !== undefined && typeof options.reshuffle !== 'boolean')
      throw new TypeError(`reshuffle is true or false, not ${safeText(String(options.reshuffle), 40)}`);
    if (options.reshuffle && seed === undefined)
      throw new TypeError('reshuffle draws the piles’ new order from the fork’s seed: give a seed too');
    const forked = forkSnapshot(this.actor, {
      ...(seed === undefined ? {} : { seed }),
      reshuffle: options.reshuffle === true,
    });
    const fork = new Game(
      this.origin,
      {
        policies: options.policies ?? Object.fromEntries(this.policies),
        ...(Number.isFinite(this.history) ? { history: this.history } : {}),
      },
      {
        ...forked,
        snapshot: ownSnapshot(forked.snapshot),
        log: this.commandLog,
        logStart: this.logStart,
        id: this.id,
      },
    );
    // A replay's fork plays on as the replay would: only the commands sent move it.
    if (replaying.has(this)) replaying.add(fork);
    return fork;
  }

  /** Stops the game actor and every actor it spawned; the game answers no more commands. */
  stop(): void {
    this.actor.stop();
  }
}

/** Starts a game from a setup and a seed; throws `SetupError` for a bad setup. */
export function createGame(setup: unknown, given: GameOptions = {}): Game {
  const options = checkedOptions(given, 'createGame', [
    'seed',
    'cards',
    'policies',
    'inspect',
    'id',
    'history',
  ]);
  // A copy: the game keeps its origin for saves and replays, whatever the client does with its object.
  // Copied by value, running none of the client's code (no getter, toJSON or proxy), depth-limited.
  const seed = options.seed === 'random' ? randomSeed() : checkedSeed(options.seed);
  const copy = setup === undefined ? undefined : plainSetupData(setup, '(setup)');
  const cards = plainSetupData(options.cards ?? [], 'cards');
  if (!Array.isArray(cards)) throw new SetupError('a list of card definitions', 'cards');
  return new Game({ setup: copy, seed, cards }, options);
}

/** How a fork differs from its game (`game.fork(options)`). */
export interface ForkOptions {
  /**
   * Reseeds the fork's generator (a whole number from 0 to 2^32 - 1): its shuffles and random kills
   * differ from the game's. Its origin still names the game's seed, so its log no longer replays to it.
   */
  readonly seed?: number;
  /**
   * With `seed`: the face-down combat piles of a running battle in a new order drawn from it
   * (BATTLE-3), as a player who knows which cards are in each pile but not their order would imagine
   * them. For a search that must not read what only the game knows.
   */
  readonly reshuffle?: boolean;
  /** The fork's policies, instead of the game's (checked as `createGame` checks them). */
  readonly policies?: Readonly<Record<PlayerId, Policy>>;
}

/** A fork's seed: a whole number from 0 to 2^32 - 1 (a `TypeError` otherwise, as a bad option is). */
function checkedForkSeed(seed: unknown): number {
  try {
    return checkedSeed(seed);
  } catch {
    throw new TypeError(
      `a fork's seed is a whole number from 0 to 4294967295, not ${safeText(String(seed), 40)}`,
    );
  }
}

/** Games made by `replayGame`: no default policy answers in them (the log holds every command). */
const replaying = new WeakSet<Game>();

/** Marks a game as a replay (for `replayGame`): only the logged commands move it. */
export function markReplay(game: Game): void {
  replaying.add(game);
}

/** Ends a game's replay (for `resumeGame`, once its journal is played): its policies answer again. */
export function unmarkReplay(game: Game): void {
  replaying.delete(game);
}

/** A seed from the platform's cryptographic source (browsers and Node alike): for hosts. */
function randomSeed(): number {
  return globalThis.crypto.getRandomValues(new Uint32Array(1))[0]!;
}

/** A game's id as given, checked: what ids are elsewhere (letters, digits, `_ . : ' -`, up to 64). */
export function checkedGameId(id: unknown): string {
  const parsed = idSchema.safeParse(id);
  if (!parsed.success)
    throw new TypeError(
      `a game's id is 1 to 64 letters, digits and _ . : ' - (starting with a letter or digit), not ${safeText(JSON.stringify(id) ?? String(id), 80)}`,
    );
  return parsed.data;
}

/** How many steps of events a game keeps: a whole number of at least 1 (default: every step). */
function checkedHistory(history: unknown): number {
  if (history === undefined) return Number.POSITIVE_INFINITY;
  if (typeof history !== 'number' || !(Number.isSafeInteger(history) && history >= 1))
    throw new TypeError(
      `history is how many steps of events to keep: a whole number of at least 1, not ${safeText(String(history), 40)}`,
    );
  return history;
}

/**
 * The id of a game given none: from its origin, so that the same origin gives the same id. A name, not a
 * seal (a signed save's signature is what binds a save to its game): a 53-bit hash of the origin's JSON
 * (cyrb53), so that a page that only plays carries no SHA-256.
 */
export function idFromOrigin(origin: GameOrigin): string {
  const text = JSON.stringify([origin.setup, origin.seed, origin.cards]);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `game-${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0')}`;
}

/** The events of a game's first steps, worked out again by replaying them from its origin. */
function replayEvents(origin: GameOrigin, log: readonly Command[]): StepEvents[] {
  const game = new Game(origin);
  markReplay(game);
  for (const command of log) {
    const result = isHostEffect(command) ? game.effect(command) : game.send(command);
    if (!result.ok) break;
  }
  const steps = game.eventsSince(0);
  game.stop();
  return steps;
}
