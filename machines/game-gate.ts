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
 * What the gate knows of an input or an actor is kept in this module's WeakSets and WeakMaps, out of
 * every client's reach. No value refers back to its key (an actor's own `send`, bound to it, is not
 * kept: the prototype's is called): V8's minor garbage collection keeps an entry whose value reaches its
 * key alive, and with it a whole game, promoted to the old generation by the thousand in an odds run.
 */

/** Inputs that came through a player's door (`game.send`): a host effect is refused there. */
const playersDoor = new WeakSet<object>();

/** Which door an input comes through: a player's, the host's, or the raw actor's (either, by event type). */
export type Door = 'player' | 'host' | 'actor';

/** An input that is no plain data: what the gate answers in its place, in order. */
interface Unreadable {
  readonly type: '(unreadable)';
  readonly why: string;
}
const unreadable = new WeakSet<object>();

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
export function submit(actor: AnyActorRef, input: unknown, door: Door = 'actor'): object {
  const token = admitted(input);
  if (door === 'player') playersDoor.add(token);
  relay(actor, token);
  return token;
}

/**
 * Commands the engine built itself, handed in by `submitOwn` and not yet admitted. Module-private, and
 * each mark is used once (the gate deletes it as it admits the command): nothing a client holds or
 * sends is ever in it, for everything from outside reaches the gate as the copy `admitted` made.
 */
const engineMade = new WeakSet<object>();

/**
 * The engine's own door: hands a command the engine built itself (a built-in policy's choice, made
 * from the game's own data, never a client's object) to a game actor as from a player's door, without
 * the copy and the schema check that guard outside input; the rules still judge it, and a refused one
 * is answered with its rejection like any other. Returns the command, frozen (what the rules judge is
 * what runs), to match the answer like `submit`'s copy. Never for a client's policy function: its
 * command is outside input, and goes through `submit`.
 */
export function submitOwn(actor: AnyActorRef, command: PlayerCommand): object {
  const token = deepFreeze(command);
  engineMade.add(token);
  playersDoor.add(token);
  relay(actor, token);
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

/** Actors whose `send` the gate has wrapped. */
const guarded = new WeakSet<AnyActorRef>();

/**
 * Hands an event to an actor as its own `send` would, past the wrapper (`submit` has copied it already):
 * the prototype's `send`, of which XState binds each actor its own copy.
 */
function relay(actor: AnyActorRef, event: object): void {
  const send = (Object.getPrototypeOf(actor) as { send: (event: object) => void }).send;
  send.call(actor, event);
}

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
    unreadable.add(token);
  } else if (copy.value === null || typeof copy.value !== 'object' || Array.isArray(copy.value)) {
    token = { type: '(unreadable)', why: 'it is not an object with a type' } satisfies Unreadable;
    unreadable.add(token);
  } else if (isXStateType((copy.value as { type?: unknown }).type)) {
    // Never into the mailbox under its own type: XState acts on `xstate.stop` after any transition.
    token = { type: '(xstate)', was: (copy.value as { type: string }).type.slice(0, 40) };
  } else token = copy.value;
  return token;
}

/** Wraps the actor's `send` (once): everything that comes through it is copied and marked. */
function guardDoor(self: AnyActorRef): void {
  if (guarded.has(self)) return;
  guarded.add(self);
  // XState binds `send` to each actor as an own property; replacing it leaves internal delivery alone.
  (self as { send: (event: unknown) => void }).send = (event: unknown) => relay(self, admitted(event));
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
  // Used up here, whatever the verdict: the engine's mark never outlives the one admission it was for.
  const own = engineMade.delete(input);
  if (unreadable.has(input)) {
    return { rejection: rejected('malformed', `the input is not plain data (${(input as Unreadable).why})`) };
  }
  const type = (input as { type?: unknown }).type;
  if (isPlayerCommandType(type)) {
    const verdict = own ? judgeWellFormed(table, input as Command) : judge(table, input);
    return 'command' in verdict ? { event: verdict.command } : verdict;
  }
  if (type === EFFECT_EVENT && playersDoor.has(input)) {
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
        answering.set(scope.self, undefined);
        return handingOn(snapshot, event, false, () =>
          transition(snapshot as never, event as never, scope as never),
        );
      }
      const input = (event === null || typeof event !== 'object' ? admitted(event) : event) as object;
      answering.set(scope.self, input);
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
        snapshot,
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
        logs
          .get(scope.self)
          ?.push(deepFreeze(event.type === EFFECT_EVENT ? event.effect! : (event as Command)));
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
      if (handedOn(snapshot, event)) return getTransitionData(snapshot as never, event as never);
      const copy = copyPlain(event, { maxNodes: MAX_INPUT_VALUES });
      // XState's own events are refused from outside (see `admitted`): a client's can() of one is false.
      if (!copy.ok || !isEvent(copy.value) || isInternal(copy.value as object)) return [];
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

/** Child actors whose outside door has been closed. */
const sealed = new WeakSet<AnyActorRef>();

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
    if (!parent || sealed.has(self)) return;
    sealed.add(self);
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
