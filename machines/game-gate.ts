import type { AnyActorRef, AnyStateMachine } from 'xstate';
import {
  type Command,
  isHostEffectType,
  isPlayerCommandType,
  type PlayerCommand,
} from '../src/model/commands.ts';
import type { Rejection } from '../src/model/events.ts';
import { deepFreeze } from '../src/model/freeze.ts';
import { copyPlain, typeName } from '../src/model/plain.ts';
import { judge, judgeWellFormed } from '../src/rules/commands/index.ts';
import type { Table } from '../src/rules/table.ts';

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
 * How it tells outside from inside: an actor's own `send` is the outside world's only way in (XState
 * delivers its internal events, the `xstate.*` ones, without it), so the gate wraps the `send` of each
 * game actor when XState creates its first snapshot, and marks what comes through it.
 *
 * What the engine made itself (a built-in policy's choice, `submitOwn`) is no outside input: it comes
 * through a door of its own, is neither copied nor parsed by the schema, and is judged by the rules
 * like any other command. Nothing a client sends can take that door (see `submitOwn`).
 */

/** The event that carries a host effect on the raw actor: `{ type: 'effect', effect }`. */
export const EFFECT_EVENT = 'effect';

/*
 * What the gate knows of an input or an actor is kept on the object itself, under a symbol of this
 * module's (non-enumerable: invisible to JSON, structuredClone, spreads, equality checks and
 * `copyPlain`, which every input from outside goes through, so no client can forge it). Not in WeakMaps:
 * V8's minor garbage collection keeps a long-lived WeakMap's entries alive, and with them (through an
 * entry whose value reaches its key, as an actor's relay does) whole games, promoted to the old
 * generation by the thousand in an odds run, where a quarter of the time went to collecting them.
 */

/** Marks an input the gate made or took in: a player's door, the engine's own, an unreadable one. */
function mark(input: object, what: symbol): void {
  Object.defineProperty(input, what, { value: true });
}

function marked(input: object, what: symbol): boolean {
  return (input as Record<symbol, unknown>)[what] === true;
}

/** Inputs that came through a player's door (`game.send`): a host effect is refused there. */
const PLAYERS_DOOR = Symbol('players-door');

/** Keeps a value of the gate's on an actor (its relay, its log keeper, the input it answers). */
function keep<T>(actor: AnyActorRef, what: symbol, value: T): void {
  if (Object.hasOwn(actor, what)) (actor as unknown as Record<symbol, T>)[what] = value;
  else Object.defineProperty(actor, what, { value, writable: true });
}

function kept<T>(actor: AnyActorRef, what: symbol): T | undefined {
  return (actor as unknown as Record<symbol, T | undefined>)[what];
}

/** Which door an input comes through: a player's, the host's, or the raw actor's (either, by event type). */
export type Door = 'player' | 'host' | 'actor';

/** An input that is no plain data: what the gate answers in its place, in order. */
interface Unreadable {
  readonly type: '(unreadable)';
  readonly why: string;
}
const UNREADABLE = Symbol('unreadable');

/** The outside input a game actor is answering now (undefined while it answers its own events). */
const ANSWERING = Symbol('answering');

/**
 * The outside input a game actor is answering now, as the gate copied it, or undefined while the actor
 * handles its own events (a child done, the battle over). Lets a client attribute what the actor
 * emits to the input that caused it.
 */
export function inputBeingAnswered(actor: AnyActorRef): object | undefined {
  return kept<object>(actor, ANSWERING);
}

/**
 * Hands an input to a game actor through its gate, and returns the copy the gate made (to match the
 * answer: `inputBeingAnswered` gives this very object while the actor answers it).
 */
export function submit(actor: AnyActorRef, input: unknown, door: Door = 'actor'): object {
  const token = admitted(input);
  if (door === 'player') mark(token, PLAYERS_DOOR);
  const relay = kept<Relay>(actor, RELAY);
  if (relay) relay(token);
  else actor.send(token as never);
  return token;
}

/**
 * Commands the engine built itself, handed in by `submitOwn`. No object a client sends ever bears the
 * mark, even one the engine made and handed out (a policy's command in a result, the log): everything
 * from outside reaches the gate as the copy `admitted` made, which leaves symbols out.
 */
const ENGINE_MADE = Symbol('engine-made');

/**
 * The engine's own door: hands a command the engine built itself (a built-in policy's choice, made
 * from the game's own data, never a client's object) to a game actor as from a player's door, without
 * the copy and the schema check that guard outside input; the rules still judge it, and a refused one
 * is answered with its rejection like any other. Returns the command, frozen (what the rules judge is
 * what runs), to match the answer like `submit`'s copy. Never for a client's policy function: its
 * command is outside input, and goes through `submit`.
 */
export function submitOwn(actor: AnyActorRef, command: PlayerCommand): object {
  mark(command, ENGINE_MADE);
  mark(command, PLAYERS_DOOR);
  const token = deepFreeze(command);
  const relay = kept<Relay>(actor, RELAY);
  if (relay) relay(token);
  else actor.send(token as never);
  return token;
}

/** Who keeps a game actor's log (`onCarriedOut`). */
const LOG_KEEPER = Symbol('log-keeper');
type LogKeeper = (command: Command) => void;

/**
 * Tells `keeper` every command a game actor carries out, as the gate sees its transition taken: before
 * any rule event, `accepted` or snapshot reaches a listener or subscriber, so that whatever they read
 * (the log, a save) agrees with the step the snapshot is at.
 */
export function onCarriedOut(actor: AnyActorRef, keeper: LogKeeper): void {
  keep<LogKeeper>(actor, LOG_KEEPER, keeper);
}

/** A wrapped actor's own `send`, for `submit` (which copies the input itself). */
const RELAY = Symbol('relay');
type Relay = (event: object) => void;

/**
 * How many values (objects, arrays and leaves) an input may hold: a command or host effect holds a few
 * dozen (at most a hundred cards named), so anything far larger is refused by its size before it is
 * copied whole (a `move` of 400,000 card ids took a second to refuse).
 */
const MAX_INPUT_VALUES = 10_000;

/** The copy of an input that goes into the actor's mailbox, marked as from outside. */
function admitted(input: unknown): object {
  const copy = copyPlain(input, { maxNodes: MAX_INPUT_VALUES });
  let token: object;
  if (!copy.ok) {
    token = { type: '(unreadable)', why: copy.why } satisfies Unreadable;
    mark(token, UNREADABLE);
  } else if (copy.value === null || typeof copy.value !== 'object' || Array.isArray(copy.value)) {
    token = { type: '(unreadable)', why: 'it is not an object with a type' } satisfies Unreadable;
    mark(token, UNREADABLE);
  } else if (isXStateType((copy.value as { type?: unknown }).type)) {
    // Never into the mailbox under its own type: XState acts on `xstate.stop` after any transition.
    token = { type: '(xstate)', was: (copy.value as { type: string }).type.slice(0, 40) };
  } else token = copy.value;
  return token;
}

/** Wraps the actor's `send` (once): everything that comes through it is copied and marked. */
function guardDoor(self: AnyActorRef): void {
  if (kept(self, RELAY)) return;
  const relay = self.send.bind(self) as Relay;
  keep<Relay>(self, RELAY, relay);
  // XState binds `send` to each actor as an own property; replacing it leaves internal delivery alone.
  (self as { send: (event: unknown) => void }).send = (event: unknown) => relay(admitted(event));
}

/** The rules' table for a game snapshot; given by the game machine (it knows its context). */
export type TableOfSnapshot = (snapshot: { context: unknown }) => Table;

function rejected(code: Rejection['code'], message: string, command: unknown = null): Rejection {
  return { type: 'rejected', code, clause: 'GAME-INPUT-1', message: `GAME-INPUT-1: ${message}`, command };
}

/**
 * What the gate does with an input from outside: the parsed event to hand to the statechart, or the
 * rejection that answers it.
 */
export function admit(table: Table, input: object): { event: object } | { rejection: Rejection } {
  const own = marked(input, ENGINE_MADE);
  if (marked(input, UNREADABLE)) {
    return { rejection: rejected('malformed', `the input is not plain data (${(input as Unreadable).why})`) };
  }
  const type = (input as { type?: unknown }).type;
  if (isPlayerCommandType(type)) {
    const verdict = own ? judgeWellFormed(table, input as Command) : judge(table, input);
    return 'command' in verdict ? { event: verdict.command } : verdict;
  }
  if (type === EFFECT_EVENT && marked(input, PLAYERS_DOOR)) {
    return {
      rejection: rejected(
        'malformed',
        'a host effect never comes from a player: the host tells it with game.effect',
        {
          type: EFFECT_EVENT,
        },
      ),
    };
  }
  if (type === EFFECT_EVENT) {
    const effect = effectOf(input);
    if (effect === undefined) {
      return {
        rejection: rejected(
          'malformed',
          'a host effect is an object { type, player, ... } (game.effect takes it as it is; the raw actor, as { type: "effect", effect })',
          {
            type: EFFECT_EVENT,
          },
        ),
      };
    }
    const effectType = (effect as { type?: unknown }).type;
    if (!isHostEffectType(effectType)) {
      return {
        rejection: rejected(
          'malformed',
          isPlayerCommandType(effectType)
            ? `${effectType} is a player's command, not a host effect: it comes through game.send`
            : `unknown host effect ${typeName(effectType)} (kill, destroy, discard, leave, capture, select, addHoloIcon)`,
          { type: EFFECT_EVENT },
        ),
      };
    }
    const verdict = judge(table, effect);
    return 'command' in verdict ? { event: { type: EFFECT_EVENT, effect: verdict.command } } : verdict;
  }
  if (isHostEffectType(type)) {
    return {
      rejection: rejected(
        'malformed',
        `${type} is a host effect (what a card did), never a player's command: the host tells it with game.effect`,
        { type },
      ),
    };
  }
  if (type === '(xstate)') {
    const was = typeName((input as { was?: unknown }).was);
    return {
      rejection: rejected('malformed', `${was} is XState's own event: not accepted from outside`, {
        type: was,
      }),
    };
  }
  return {
    rejection: rejected(
      'malformed',
      `unknown command type ${typeName(type)}`,
      typeof type === 'string' ? { type: typeName(type) } : '(object)',
    ),
  };
}

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

/**
 * Puts the gate in front of a game machine: its `transition` answers refused input, and each actor of
 * it gets a guarded door. The same machine object is returned, so XState's own API (`createActor`,
 * `snapshot.can`, persisted snapshots, `provide`) works on it as on any machine.
 */
export function gate<M extends AnyStateMachine>(machine: M, hooks: GameHooks): M {
  const { tableOf, stepOf, persisted = (snapshot) => snapshot, started = () => {} } = hooks;
  const transition = machine.transition.bind(machine);
  const provide = machine.provide.bind(machine);
  const getPersistedSnapshot = machine.getPersistedSnapshot.bind(machine);
  const getTransitionData = machine.getTransitionData.bind(machine);
  const start = machine.start.bind(machine);
  onEachActor(machine, guardDoor);
  Object.assign(machine, {
    transition(
      snapshot: { status: string; context: unknown },
      event: unknown,
      scope: { self: AnyActorRef; emit: (event: unknown) => void },
    ) {
      // XState's own events come from inside (what the gate admits from outside never has their type).
      const outside = event === null || typeof event !== 'object' || !isInternal(event);
      if (!outside || snapshot.status !== 'active') {
        keep(scope.self, ANSWERING, undefined);
        return handingOn(event, false, () => transition(snapshot as never, event as never, scope as never));
      }
      const input = (event === null || typeof event !== 'object' ? admitted(event) : event) as object;
      keep(scope.self, ANSWERING, input);
      let verdict: ReturnType<typeof admit>;
      try {
        verdict = admit(tableOf(snapshot), input);
      } catch (error) {
        verdict = {
          rejection: rejected(
            'malformed',
            `the input cannot be judged (${String((error as Error)?.message ?? error).slice(0, 80)})`,
          ),
        };
      }
      if ('rejection' in verdict) {
        scope.emit(verdict.rejection);
        return snapshot;
      }
      // The statechart's guard need not judge again what the gate has just judged against this very
      // snapshot; only for the length of this transition (a later `can()` of the same object judges).
      const judged = verdict.event;
      const next = handingOn(
        judged,
        true,
        () => transition(snapshot as never, judged as never, scope as never) as { context: unknown },
      );
      // The rules and the statechart's guards are one judgement; should they ever differ, the input
      // is still answered rather than dropped.
      if (stepOf(next) === stepOf(snapshot)) {
        scope.emit(rejected('not-now', 'the game has no transition for this command now', verdict.event));
      } else {
        // Carried out: into the log now, before XState runs the actions that tell listeners and
        // subscribers (the log as its `accepted` event has it: a host effect as the effect itself).
        const event = verdict.event as { type: string; effect?: Command };
        kept<LogKeeper>(
          scope.self,
          LOG_KEEPER,
        )?.(event.type === EFFECT_EVENT ? event.effect! : (event as Command));
      }
      return next;
    },
    // What `snapshot.can(event)` asks (and the transitions, for the events the gate let through): a
    // game that is stopped takes no command, and what is not an event has no transition (XState would
    // throw reading its type, or run a getter of the sender's), so `can` answers false where `send`
    // refuses.
    getTransitionData(snapshot: { status: string }, event: unknown) {
      if (snapshot.status !== 'active') return [];
      // What the gate let through is its own copy, and XState's own events from inside are XState's.
      // Anything else is a client's `can(event)`: read as the gate reads input, by value, running none of
      // its code.
      if (handedOn(event)) return getTransitionData(snapshot as never, event as never);
      const copy = copyPlain(event, { maxNodes: MAX_INPUT_VALUES });
      if (!copy.ok || !isEvent(copy.value)) return [];
      return getTransitionData(snapshot as never, copy.value as never);
    },
    // XState starts an actor's active children; what the game starts besides (see `Started`).
    start(snapshot: { context: unknown }, scope: unknown) {
      (start as (snapshot: unknown, scope: unknown) => void)(snapshot, scope);
      started(snapshot);
    },
    // XState's own idiom, `actor.getPersistedSnapshot()`, gives what the game persists (see `Persisted`).
    getPersistedSnapshot(snapshot: never, options?: never) {
      return persisted(getPersistedSnapshot(snapshot, options) as { context?: unknown });
    },
    provide(implementations: unknown) {
      return gate(provide(implementations as never) as M, hooks);
    },
  });
  return machine;
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

/** Events the game actor gets from inside: XState's own (a child done, the battle over). */
function isInternal(event: object): boolean {
  return isXStateType((event as { type?: unknown }).type);
}

/** Marks a child actor whose outside door has been closed. */
const SEALED = Symbol('sealed');

/**
 * Closes the outside door of a child machine of the game (the battle, each hologram): what a client
 * sends straight to a child (`game.actor.system.get('battle').send(...)`) goes to the game's own door
 * instead, where the gate judges it like any other input (a legal command is carried out and logged,
 * anything else refused), so nothing changes behind the log's back. The game's own messages to its
 * children (`sendTo`) and theirs to it (`sendParent`) go through XState's internal delivery, not this
 * door, and are untouched. A machine run alone, with no parent (its own tests, a client's chart
 * viewer), keeps its door open.
 */
export function sealChild<M extends AnyStateMachine>(machine: M): M {
  onEachActor(machine, (self: AnyActorRef & { _parent?: AnyActorRef }) => {
    const parent = self._parent;
    if (!parent || kept(self, SEALED)) return;
    keep(self, SEALED, true);
    (self as { send: (event: unknown) => void }).send = (event: unknown) => parent.send(event as never);
  });
  return machine;
}

/**
 * The host effect an `effect` event carries, if the event has that shape and nothing else
 * (`{ type: 'effect', effect: { ... } }`): the one reading of it for the gate and the chart's guards,
 * so that `snapshot.can()` and the gate never disagree on an event's shape.
 */
export function effectOf(event: object): object | undefined {
  if ((event as { type?: unknown }).type !== EFFECT_EVENT) return undefined;
  if (Object.keys(event).some((key) => key !== 'type' && key !== 'effect')) return undefined;
  const effect = (event as { effect?: unknown }).effect;
  return effect !== null && typeof effect === 'object' ? effect : undefined;
}

/**
 * Runs `prepare` on every actor of the machine as it comes to life, started afresh or restored from a
 * persisted snapshot: the two ways XState gives a machine its actor (`scope.self`).
 */
function onEachActor(machine: AnyStateMachine, prepare: (self: AnyActorRef) => void): void {
  const getInitialSnapshot = machine.getInitialSnapshot.bind(machine);
  const restoreSnapshot = machine.restoreSnapshot.bind(machine);
  Object.assign(machine, {
    getInitialSnapshot(scope: { self: AnyActorRef }, input: unknown) {
      prepare(scope.self);
      return getInitialSnapshot(scope as never, input as never);
    },
    restoreSnapshot(snapshot: unknown, scope: { self: AnyActorRef }) {
      prepare(scope.self);
      return restoreSnapshot(snapshot as never, scope as never);
    },
  });
}

/**
 * The event the gate is handing to the statechart now, for the length of that transition: a command it
 * has judged legal against the snapshot (`judged`), or XState's own event from inside. A module's
 * variable rather than a mark on the event: nothing else happens in a transition (a listener's send is
 * queued), but another game's, which the gate hands on in turn and restores this one after.
 */
let handing: object | undefined;
let handingJudged = false;

function handingOn<T>(event: unknown, judged: boolean, transition: () => T): T {
  const outer = handing;
  const outerJudged = handingJudged;
  handing = typeof event === 'object' && event !== null ? event : undefined;
  handingJudged = judged;
  try {
    return transition();
  } finally {
    handing = outer;
    handingJudged = outerJudged;
  }
}

/** Whether the gate is handing this very event on to the statechart now (see `handing`). */
function handedOn(event: unknown): boolean {
  return handing !== undefined && event === handing;
}

/** Whether the gate has just judged this event legal for the transition now under way. */
export function judgedByGate(event: unknown): boolean {
  return handingJudged && handedOn(event);
}
