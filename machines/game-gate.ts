import { Actor, type AnyActorLogic, type AnyActorRef, type AnyStateMachine, StateMachine } from 'xstate';
import type { Command, PlayerCommand } from '../src/model/commands.ts';
import type { Rejection } from '../src/model/events.ts';
import { deepFreeze } from '../src/model/freeze.ts';
import { copyPlain, readsAsData } from '../src/model/plain.ts';
import {
  admit,
  copyInput,
  type Door,
  EFFECT_EVENT,
  MAX_INPUT_VALUES,
  noTransition,
  refusalOfCopy,
} from '../src/rules/commands/admit.ts';
import type { Table } from '../src/rules/table.ts';

export { EFFECT_EVENT, effectOf } from '../src/rules/commands/admit.ts';

/**
 * The game actor's input gate: what stands between the outside world and the game statechart.
 *
 * The statechart has a transition only for what the rules allow (its guards ask the rules, and are
 * pure), so `snapshot.can(command)` tells the truth. What it refuses, XState would drop silently; the
 * gate answers it instead, in order, with an emitted `rejected` event that cites its clause, and the
 * state does not change. The gate also keeps the outside world out of what belongs inside: XState's own
 * events (`xstate.*`: a forged `xstate.done.actor.battle` would end a battle with no result) are refused
 * when they come from outside, and every input from outside is copied by value before anything reads
 * it (no getter, `toJSON` or proxy of the sender's ever runs inside the machine).
 *
 * Built on XState's public API alone. The gated machine is a `StateMachine` of its own (`gate` makes
 * one from the chart's config and implementations), whose actor-logic methods (`transition`,
 * `getTransitionData`, `start`, `getPersistedSnapshot`, `provide`) call XState's own and add the gate:
 * no method is assigned onto any machine, and every actor's `send` is XState's. Its snapshots name it
 * as their machine, so `snapshot.can` asks the gate.
 *
 * How it tells outside from inside: the game hears from inside nothing but XState's own events (`xstate.*`:
 * a child done or failed, the actor stopping), and those only as XState makes them; everything else is
 * input from outside, however it was sent (`game.send`, the raw actor's `send`, a parent's `sendTo`). So
 * an `xstate.*` event is XState's own only if it is what XState would say now (a child's done event
 * with that child's own output, the child done); any other is forged and refused. A child of the game
 * takes from inside what the game told it (`told`: each telling marked as the game sends it, used once)
 * and XState's own events; anything else sent to it goes to the game's gate instead.
 *
 * The raw actor's `send` is XState's, and takes what XState's send takes: event objects. XState itself
 * reads an event's type after the gate has answered it, and acts on an `xstate.stop` (which stops the
 * game as `actor.stop()` does, its chart stopping every child); what is no event object (null, a
 * string) XState refuses or cannot read. Input from untrusted hands goes through `game.send` and
 * `game.effect` (or `submit`), which copy first and answer anything.
 *
 * What the engine made itself (a built-in policy's choice, `submitOwn`) is no outside input: it comes
 * through a door of its own, is neither copied nor parsed by the schema, and is judged by the rules
 * like any other command. Nothing a client sends can take that door (see `submitOwn`).
 */

/*
 * What the gate knows of an input or an actor is kept in this module's WeakSets and WeakMaps, out of
 * every client's reach. No value refers back to its key: V8's minor garbage collection keeps an entry
 * whose value reaches its key alive, and with it a whole game, promoted to the old generation by the
 * thousand in an odds run.
 */

/** An input the gate admitted: the door it came through and, if it did not copy as a command, why not. */
interface Admission {
  readonly door: Door;
  readonly refusal?: Rejection;
}

/**
 * The gate's copies of outside input, each the very object the mailbox carries, with its door. Used
 * once: the transition that answers a copy deletes it, so a copy is never admitted twice.
 */
const admissions = new WeakMap<object, Admission>();

/**
 * Copies an input by value as its door admits it: the copy, or for what is no command (not plain data,
 * or XState's own event) a stand-in whose type is in parentheses, never `xstate.*` (XState acts on
 * `xstate.stop` after any transition).
 */
function admitted(input: unknown, door: Door): object {
  const copied = copyInput(input);
  if ('input' in copied) {
    admissions.set(copied.input, { door });
    return copied.input;
  }
  const standIn = { type: 'xstate' in copied ? '(xstate)' : '(unreadable)' };
  admissions.set(standIn, { door, refusal: refusalOfCopy(copied) });
  return standIn;
}

/**
 * XState's `Actor`, extended through its public class for the game's own actor (`Game` makes its actor
 * with it): its `send` admits outside input (a copy, or a stand-in for what is no command) before XState
 * reads it. Without it, a `null` sent to the raw actor throws inside XState's mailbox and leaves it
 * stuck for good, and `{ type: 'xstate.stop' }` stops the game; with it, both are answered with a
 * rejection, the state unchanged, as every other input is. A client that makes its own actor with
 * `createActor(gameMachine)` gets XState's plain one (docs/embedding.md).
 */
export class GatedActor<TLogic extends AnyActorLogic> extends Actor<TLogic> {
  override send(event: Parameters<Actor<TLogic>['send']>[0]): void {
    const admittedAlready = event !== null && typeof event === 'object' && admissions.has(event);
    super.send((admittedAlready ? event : admitted(event, 'actor')) as typeof event);
  }
}

/** The outside input each game actor is answering now (undefined while it answers its own events). */
const answering = new WeakMap<AnyActorRef, object | undefined>();

/**
 * The outside input a game actor is answering now, as the gate copied it, or undefined while the actor
 * handles its own events (a child done, the battle over). Lets a client attribute what the actor
 * emits to the input that caused it.
 */
export function inputBeingAnswered(actor: AnyActorRef): object | undefined {
  return answering.get(actor);
}

/**
 * Hands an input to a game actor through its gate, and returns the copy the gate made (to match the
 * answer: `inputBeingAnswered` gives this very object while the actor answers it).
 */
export function submit(
  actor: AnyActorRef,
  input: unknown,
  door: 'player' | 'host' | 'actor' = 'actor',
): object {
  const token = admitted(input, door);
  actor.send(token);
  return token;
}

/**
 * The engine's own door: hands a command the engine built itself (a built-in policy's choice, made
 * from the game's own data, never a client's object) to a game actor as from a player's door, without
 * the copy and the schema check that guard outside input; the rules still judge it, and a refused one
 * is answered with its rejection like any other. Returns the command, frozen (what the rules judge is
 * what runs), to match the answer like `submit`'s copy. Never for a client's policy function: its
 * command is outside input, and goes through `submit`. Module-private in effect: the mark is the
 * gate's own, each used once, and nothing a client sends is ever marked (outside input reaches the
 * gate as the copy `admitted` made).
 */
export function submitOwn(actor: AnyActorRef, command: PlayerCommand): object {
  const token = deepFreeze(command);
  admissions.set(token, { door: 'own' });
  actor.send(token);
  return token;
}

/** The log each game actor's commands are kept in (`onCarriedOut`): the commands alone, no actor. */
const logs = new WeakMap<AnyActorRef, Command[]>();

/**
 * Keeps in `log` every command a game actor carries out (frozen, a host effect as the effect itself), as
 * the gate sees its transition taken: before any rule event, `accepted` or snapshot reaches a listener
 * or subscriber, so that whatever they read (the log, a save) agrees with the step the snapshot is at.
 */
export function onCarriedOut(actor: AnyActorRef, log: Command[]): void {
  logs.set(actor, log);
}

// ---------------------------------------------------------------------------------------------
// Outside and inside

/**
 * Events the game tells its children (`told`), by the object told: how many times each is on its way.
 * A child takes from inside only what the game told it, once per telling; anything else was sent to it
 * from outside.
 */
const toldByGame = new WeakMap<object, number>();

/** Marks an event the game tells one of its children (the battle, a hologram), as it sends it. */
export function told<E extends object>(event: E): E {
  toldByGame.set(event, (toldByGame.get(event) ?? 0) + 1);
  return event;
}

function takeTold(event: object): boolean {
  const count = toldByGame.get(event);
  if (count === undefined) return false;
  if (count === 1) toldByGame.delete(event);
  else toldByGame.set(event, count - 1);
  return true;
}

/**
 * Children that have reached their final state, whose done event XState has yet to hand their game:
 * XState sends it once, as the child finishes (or, restored done, as it is started: `startFinished`).
 */
const finishing = new WeakSet<AnyActorRef>();

/**
 * Starts a child restored in its final state, whose game has yet to hear that it is done: XState hands
 * the game its done event as it starts.
 */
export function startFinished(child: AnyActorRef): void {
  finishing.add(child);
  child.start();
}

/**
 * Whether an `xstate.*` event is XState's own, from inside, as XState makes it: the actor's stop
 * (which XState carries out after the transition whatever the gate answers, so the chart must stop
 * its children), a child's done event, once, as the child finishes, with the child's own output, or a
 * child's error event, with the child's own error. Anything else of XState's types was forged outside
 * (a battle "done" that never ended, an `xstate.init` once the game runs). A done event taken as
 * XState's is used up: the same again is forged.
 */
function takeXStateOwn(snapshot: Snapshot, event: { readonly type: string }): boolean {
  if (event.type === 'xstate.stop') return true;
  const done = event.type.startsWith('xstate.done.actor.');
  if (!done && !event.type.startsWith('xstate.error.actor.')) return false;
  const id = event.type.slice(done ? 'xstate.done.actor.'.length : 'xstate.error.actor.'.length);
  const child = (snapshot.children as Record<string, AnyActorRef | undefined>)[id];
  if (!child) return false;
  const state = child.getSnapshot() as { status: string; output?: unknown; error?: unknown };
  if (!done) return state.status === 'error' && (event as { error?: unknown }).error === state.error;
  if (!finishing.has(child) || (event as { output?: unknown }).output !== state.output) return false;
  finishing.delete(child);
  return true;
}

/**
 * The input from outside a game actor is reading, as the gate admitted it; undefined for XState's own
 * event from inside (a child done, the actor stopping). The game hears from inside nothing but XState's
 * own events: anything else is outside input, copied now unless it came through `submit`.
 */
function outsideInput(snapshot: Snapshot, event: unknown): object | undefined {
  if (event !== null && typeof event === 'object') {
    if (admissions.has(event)) return event;
    if (readsAsData(event, 'type')) {
      const type = (event as { type?: unknown }).type;
      if (isXStateType(type) && takeXStateOwn(snapshot, event as { type: string })) return undefined;
    }
  }
  return admitted(event, 'actor');
}

// ---------------------------------------------------------------------------------------------
// The gated game machine

/** The rules' table for a game snapshot; given by the game machine (it knows its context). */
export type TableOfSnapshot = (snapshot: { context: unknown }) => Table;

/** The step a game snapshot is at (the gate checks that an admitted command was counted). */
type StepOf = (snapshot: { context: unknown }) => number;

/** What the machine persists of a snapshot, from what XState would persist (plain data for clients). */
type Persisted = <P extends { context?: unknown }>(persisted: P) => P;

/** What the machine does as an actor of it starts, after XState has started its active children. */
type Started = (snapshot: { context: unknown }) => void;

/** What the gate needs to know of the game machine it stands in front of. */
export interface GameHooks {
  /** The rules' table for a snapshot. */
  readonly tableOf: TableOfSnapshot;
  /** The step a snapshot is at. */
  readonly stepOf: StepOf;
  /** What to persist of a snapshot (default: what XState persists). */
  readonly persisted?: Persisted;
  /** What to do as an actor starts (default: nothing). */
  readonly started?: Started;
}

function rejected(message: string): Rejection {
  return {
    type: 'rejected',
    code: 'malformed',
    clause: 'GAME-INPUT-1',
    message: `GAME-INPUT-1: ${message}`,
    command: null,
  };
}

/** XState's machine class, as the gate extends it for any chart. */
const Machine: new (
  config: AnyStateMachine['config'],
  implementations: AnyStateMachine['implementations'],
) => AnyStateMachine = StateMachine;

type Snapshot = Parameters<AnyStateMachine['transition']>[0];
type Scope = Parameters<AnyStateMachine['transition']>[2];

/** A game chart with its input gate (see the module's comment). */
class GatedGame extends Machine {
  readonly #hooks: GameHooks;

  constructor(chart: AnyStateMachine, hooks: GameHooks) {
    super(chart.config, chart.implementations);
    this.#hooks = hooks;
  }

  override transition(snapshot: Snapshot, event: unknown, scope: Scope): Snapshot {
    const input = outsideInput(snapshot, event);
    if (input === undefined) {
      answering.set(scope.self, undefined);
      return handingOn(snapshot, event, false, () => super.transition(snapshot, event, scope));
    }
    const admission = admissions.get(input)!;
    admissions.delete(input);
    // A game that is not running takes no input (the Game answers `stopped` before it sends).
    if (snapshot.status !== 'active') return snapshot;
    answering.set(scope.self, input);
    const { tableOf, stepOf } = this.#hooks;
    let verdict: ReturnType<typeof admit>;
    try {
      verdict = admission.refusal
        ? { rejection: admission.refusal }
        : admit(tableOf(snapshot), input, admission.door);
    } catch (error) {
      const why = String((error as Error)?.message ?? error).slice(0, 80);
      verdict = { rejection: rejected(`the input cannot be judged (${why})`) };
    }
    if ('rejection' in verdict) {
      scope.emit(verdict.rejection);
      return snapshot;
    }
    // The statechart's guard need not judge again what the gate has just judged against this very
    // snapshot; only for the length of this transition (a later `can()` of the same object judges).
    const judged = verdict.event;
    const next = handingOn(snapshot, judged, true, () => super.transition(snapshot, judged, scope));
    // The rules and the statechart's guards are one judgement; should they ever differ, the input
    // is still answered rather than dropped.
    if (stepOf(next) === stepOf(snapshot)) scope.emit(noTransition(judged));
    // Carried out: into the log now, before XState runs the actions that tell listeners and
    // subscribers (the log as its `accepted` event has it: a host effect as the effect itself).
    else logs.get(scope.self)?.push(deepFreeze(judged.type === EFFECT_EVENT ? judged.effect : judged));
    return next;
  }

  // What `snapshot.can(event)` asks (and the transitions, for the events the gate let through): a
  // game that is stopped takes no command, and what is not an event has no transition (XState would
  // throw reading its type, or run a getter of the sender's), so `can` answers false where `send`
  // refuses.
  override getTransitionData(
    snapshot: Snapshot,
    event: unknown,
  ): ReturnType<AnyStateMachine['getTransitionData']> {
    if (snapshot.status !== 'active') return [];
    // What the gate let through is its own copy, and XState's own events from inside are XState's.
    // Anything else is a client's `can(event)`: read as the gate reads input, by value, running none of
    // its code.
    if (handedOn(snapshot, event)) return super.getTransitionData(snapshot, event);
    const copy = copyPlain(event, { maxNodes: MAX_INPUT_VALUES });
    // XState's own events are refused from outside: a client's can() of one is false.
    if (!copy.ok || !isEvent(copy.value) || isXStateType((copy.value as { type: string }).type)) return [];
    return super.getTransitionData(snapshot, copy.value);
  }

  // XState starts an actor's active children; what the game starts besides (see `Started`).
  override start(snapshot: Snapshot): void {
    super.start(snapshot);
    this.#hooks.started?.(snapshot);
  }

  // XState's own idiom, `actor.getPersistedSnapshot()`, gives what the game persists (see `Persisted`).
  override getPersistedSnapshot(snapshot: Snapshot, options?: unknown): Snapshot {
    const persisted = super.getPersistedSnapshot(snapshot, options as never) as { context?: unknown };
    return (this.#hooks.persisted ? this.#hooks.persisted(persisted) : persisted) as Snapshot;
  }

  // A machine made with `provide()` keeps the gate.
  override provide(implementations: Parameters<AnyStateMachine['provide']>[0]): AnyStateMachine {
    return new GatedGame(super.provide(implementations), this.#hooks);
  }
}

/**
 * The game chart with its input gate in front: a machine of its own, which answers refused input and
 * keeps the outside world out of what belongs inside. XState's own API (`createActor`, `snapshot.can`,
 * persisted snapshots, `provide`) works on it as on any machine; the chart itself is left as it was.
 */
export function gate<M extends AnyStateMachine>(chart: M, hooks: GameHooks): M {
  return new GatedGame(chart, hooks) as unknown as M;
}

/** A child chart whose outside door is the game's (see `sealChild`). */
class SealedChild extends Machine {
  constructor(chart: AnyStateMachine) {
    super(chart.config, chart.implementations);
  }

  override transition(snapshot: Snapshot, event: unknown, scope: Scope): Snapshot {
    const game = scope.self._parent;
    const input = game ? sentToChild(snapshot, event) : undefined;
    if (input === undefined) return finished(super.transition(snapshot, event, scope), scope);
    // The game's gate answers it, after this child has read it and changed nothing.
    scope.defer(() => game!.send(input));
    return snapshot;
  }

  override getInitialSnapshot(scope: Scope, input: unknown): Snapshot {
    return finished(super.getInitialSnapshot(scope, input), scope);
  }

  override provide(implementations: Parameters<AnyStateMachine['provide']>[0]): AnyStateMachine {
    return new SealedChild(super.provide(implementations));
  }
}

/** A child's snapshot, its finishing noted: XState tells the game a child is done as it gets there. */
function finished(snapshot: Snapshot, scope: Scope): Snapshot {
  if (snapshot.status === 'done') finishing.add(scope.self);
  return snapshot;
}

/**
 * The gate's copy of what a child reads from outside; undefined for what its game told it, and for
 * XState's own events from inside.
 */
function sentToChild(snapshot: Snapshot, event: unknown): object | undefined {
  if (event !== null && typeof event === 'object') {
    if (takeTold(event)) return undefined;
    if (readsAsData(event, 'type')) {
      const type = (event as { type?: unknown }).type;
      if (isXStateType(type) && takeXStateOwn(snapshot, event as { type: string })) return undefined;
    }
  }
  return admitted(event, 'actor');
}

/**
 * Closes the outside door of a child machine of the game (the battle, each hologram): what a client
 * sends straight to a child (`game.actor.system.get('battle').send(...)`) goes to the game's own door
 * instead, where the gate judges it like any other input (a legal command is carried out and logged,
 * anything else refused), so nothing changes behind the log's back. What the game tells its children
 * (`sendTo`, each event marked `told`) and XState's own events reach their charts as ever. Returns a
 * machine of its own: the chart itself, run alone (its own tests, a client's chart viewer), keeps its
 * door open.
 */
export function sealChild<M extends AnyStateMachine>(chart: M): M {
  return new SealedChild(chart) as unknown as M;
}

/** An object with a string `type`: what XState can look up transitions for. */
function isEvent(event: unknown): boolean {
  return (
    typeof event === 'object' && event !== null && typeof (event as { type?: unknown }).type === 'string'
  );
}

function isXStateType(type: unknown): boolean {
  return typeof type === 'string' && type.startsWith('xstate.');
}

/**
 * The event the gate is handing to the statechart now, for the length of that transition, and the
 * snapshot it is handed with: a command the gate has judged legal against that snapshot (`judged`), or
 * XState's own event from inside. What may run meanwhile: an inspection callback (XState calls it
 * inside the transition), which may send to another game (whose gate hands on its own event, and
 * restores this one after) or ask `can()` of any snapshot with this very event; asked of any other
 * snapshot than the one the gate judged, the event is copied and judged like any client's.
 */
let handing: { readonly snapshot: object; readonly event: object; readonly judged: boolean } | undefined;

function handingOn<T>(snapshot: object, event: unknown, judged: boolean, transition: () => T): T {
  const outer = handing;
  handing = typeof event === 'object' && event !== null ? { snapshot, event, judged } : undefined;
  try {
    return transition();
  } finally {
    handing = outer;
  }
}

/** Whether the gate is handing this very event on to the statechart now, with this snapshot. */
function handedOn(snapshot: unknown, event: unknown): boolean {
  return handing !== undefined && event === handing.event && snapshot === handing.snapshot;
}

/**
 * Whether the gate has just judged this event legal for the transition now under way. (The guards see
 * no snapshot: they are asked only through `getTransitionData`, which hands them the event as it is
 * only for the snapshot the gate judged it against, and a copy otherwise.)
 */
export function judgedByGate(event: unknown): boolean {
  return handing?.judged === true && event === handing.event;
}
