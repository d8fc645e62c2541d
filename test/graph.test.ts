/**
 * Model-based tests of the hologram, response-window and battle statecharts with `@xstate/graph`.
 *
 * The model is each statechart run as a real actor: a vertex of the graph is the actor's persisted
 * snapshot (the battle's open response window is part of its context), an edge is an event the game would send it
 * (`events` per state), computed by restoring the snapshot and sending the event. Each vertex is
 * told apart by its state, a bounded part of its context and the transitions that led to it, so the
 * shortest paths to all vertices take every transition reachable with these events. Every path is then
 * played on one fresh actor (no restore between steps), checked step by step against a small
 * reference model of the rules, and the transitions and states it takes are recorded from XState's
 * inspection (`@xstate.microstep`). The suite compares those with every state node and every `on`,
 * `always` and `onDone` transition of the machine definition (walking `machine.root`): a state or
 * transition that no path reaches fails it.
 */
import { getShortestPaths, getStateNodes } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  createActor,
  createMachine,
  type EventObject,
  fromTransition,
  type InspectionEvent,
  type Snapshot,
  type StateValue,
} from 'xstate';
import type { BattleInput } from '../machines/battle.machine.ts';
import type { HologramInput } from '../machines/hologram.machine.ts';
import type { ResponseWindowInput } from '../machines/response-window.machine.ts';
import { actionName, guardName } from '../src/debug/chart-model.ts';
import type { BattleData, BattleStep, PairingRecord } from '../src/index.ts';
import { battleMachine, hologramMachine, responseWindowMachine } from '../src/index.ts';

// ---------------------------------------------------------------------------------------------
// The machine definition: every state node and every transition

type AnyStateNode = AnyStateMachine['root'];

/** A transition by its source, event and place among that event's transitions ("battle.engaged PASS #0"). */
function transitionKey(transition: AnyTransitionDefinition): string {
  const source: AnyStateNode = transition.source;
  const list: readonly AnyTransitionDefinition[] =
    transition.eventType === ''
      ? (source.always ?? [])
      : (source.transitions.get(transition.eventType) ?? []);
  return `${source.id} ${transition.eventType || 'always'} #${list.indexOf(transition)}`;
}

interface Definition {
  readonly states: readonly string[];
  readonly transitions: readonly string[];
}

/** Every state node below the root, and every transition of every node (the root's own `on` included). */
function definitionOf(machine: AnyStateMachine): Definition {
  const nodes: AnyStateNode[] = [machine.root, ...getStateNodes(machine.root)];
  return {
    states: nodes.slice(1).map((node) => node.id),
    transitions: nodes.flatMap((node) =>
      [...[...node.transitions.values()].flat(), ...(node.always ?? [])].map(transitionKey),
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// A statechart as a graph for @xstate/graph

/** One vertex: the actor after an event, as a persisted snapshot and what a test reads of it. */
interface Run {
  readonly input: unknown;
  readonly persisted: Snapshot<unknown>;
  readonly status: string;
  readonly value: StateValue;
  readonly context: unknown;
  /** The contexts of the actor's children (the battle's open response window). */
  readonly children: Readonly<Record<string, unknown>>;
  readonly output: unknown;
  /** The transitions the last event took, in order (the children's too). */
  readonly took: readonly string[];
}

type Spawn<TInput> = { readonly type: 'spawn'; readonly input: TInput };

interface Chart<TInput, TEvent extends EventObject, TModel> {
  /** The statechart as the engine exports it: its definition is what must be covered. */
  readonly definition: AnyStateMachine;
  /** The statechart as the test runs it (any message of its to its parent recorded, not sent). */
  readonly runnable: AnyStateMachine;
  /** The inputs it may be started with (each path starts with one). */
  readonly inputs: readonly TInput[];
  /** The events its parent may send it in this state. */
  events(run: Run): readonly TEvent[];
  /** What of a run tells states apart: a bounded part of its context, so the traversal ends. */
  key(run: Run): unknown;
  /** The reference model: what the rules say the actor is after this event (spawn starts it). */
  expect(model: TModel | null, event: TEvent | Spawn<TInput>): TModel;
  /** Checks the running actor (and the requests it made to its parent on this event) against the model. */
  check(model: TModel, actor: AnyMachineSnapshot, requests: readonly string[]): void;
}

/** `expect(actual).toEqual(expected)`, without its cost when they are plainly the same (thousands of steps). */
function same(actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) expect(actual).toEqual(expected);
}

type AnyActor = ReturnType<typeof createActor<AnyStateMachine>>;

/**
 * Messages of a chart to its parent (`sendParent`), recorded instead of sent while a test runs it. The
 * battle sends none (the game carries each step out with the pass that reaches it): the battle's model
 * expects none, so a request brought back would fail here.
 */
const requests: string[] = [];

/** A vertex, read from a running actor. */
function runOf(actor: AnyActor, input: unknown, took: readonly string[], persist = true): Run {
  const snapshot = actor.getSnapshot();
  const children = snapshot.children as Record<string, AnyActor | undefined>;
  return {
    input,
    persisted: persist ? actor.getPersistedSnapshot() : snapshot,
    status: snapshot.status,
    value: snapshot.value,
    context: snapshot.context,
    children: Object.fromEntries(
      Object.entries(children).flatMap(([id, child]) => (child ? [[id, child.getSnapshot().context]] : [])),
    ),
    output: snapshot.output,
    took: [...took],
  };
}

/** Records the transitions of every microstep (of the actor and its children) while `recording`. */
function recorder() {
  const took: string[] = [];
  const state = { recording: false };
  const inspect = (inspected: InspectionEvent) => {
    if (state.recording && inspected.type === '@xstate.microstep') {
      took.push(...inspected._transitions.map(transitionKey));
    }
  };
  return { took, state, inspect };
}

/** Starts the actor (spawn), or restores it from the vertex and sends it the event: the next vertex. */
function stepOf<TInput, TEvent extends EventObject>(
  runnable: AnyStateMachine,
  run: Run | null,
  event: TEvent | Spawn<TInput>,
): Run {
  const { took, state, inspect } = recorder();
  let actor: AnyActor;
  let input: unknown;
  if (event.type === 'spawn') {
    input = (event as Spawn<TInput>).input;
    // The initial microstep (an `always` transition out of the initial state) is taken on creation.
    state.recording = true;
    actor = createActor(runnable, { input, inspect });
    actor.start();
  } else {
    if (run === null) throw new Error(`${event.type} before the actor is started`);
    input = run.input;
    actor = createActor(runnable, { input, snapshot: run.persisted, inspect });
    actor.start();
    state.recording = true;
    actor.send(event);
  }
  state.recording = false;
  const next = runOf(actor, input, took);
  actor.stop();
  return next;
}

type ModelEvent<TInput, TEvent> = TEvent | Spawn<TInput>;

/** A vertex: its state, the bounded part of its context, and the transitions that led to it. */
function serialize<TInput, TEvent extends EventObject, TModel>(
  chart: Chart<TInput, TEvent, TModel>,
  run: Run | null,
): string {
  return run === null ? 'unstarted' : JSON.stringify([run.value, run.status, chart.key(run), run.took]);
}

/** The shortest paths to every vertex, from the unstarted actor. */
function pathsOf<TInput, TEvent extends EventObject, TModel>(chart: Chart<TInput, TEvent, TModel>) {
  const logic = fromTransition(
    (run: Run | null, event: ModelEvent<TInput, TEvent>) => stepOf(chart.runnable, run, event),
    null as Run | null,
  );
  return getShortestPaths(logic, {
    events: (snapshot): ModelEvent<TInput, TEvent>[] => {
      const run = snapshot.context;
      if (run === null) return chart.inputs.map((input) => ({ type: 'spawn', input }));
      return run.status === 'active' ? [...chart.events(run)] : [];
    },
    serializeState: (snapshot) => serialize(chart, snapshot.context),
  });
}

interface Coverage {
  readonly paths: number;
  readonly steps: number;
  readonly states: ReadonlySet<string>;
  readonly transitions: ReadonlySet<string>;
}

const played = new Map<unknown, Coverage>();

/** The paths that are no prefix of another (the others take nothing these do not), longest first. */
function leaves<TPath extends { steps: ReadonlyArray<{ event: EventObject }> }>(
  paths: readonly TPath[],
): TPath[] {
  const prefixes = new Set<string>();
  const kept: TPath[] = [];
  for (const path of [...paths].sort((a, b) => b.steps.length - a.steps.length)) {
    const events = path.steps.map((step) => JSON.stringify(step.event));
    if (prefixes.has(events.join('\n'))) continue;
    kept.push(path);
    for (let i = 1; i <= events.length; i++) prefixes.add(events.slice(0, i).join('\n'));
  }
  return kept;
}

/**
 * Plays every path on one fresh actor each, checking every step against the reference model and the
 * vertex the path was generated for; records every state entered and every transition taken (by the
 * actor and its children). Once per chart.
 */
function playPaths<TInput, TEvent extends EventObject, TModel>(
  chart: Chart<TInput, TEvent, TModel>,
): Coverage {
  const known = played.get(chart);
  if (known) return known;
  const paths = leaves(pathsOf(chart));
  const states = new Set<string>();
  const transitions = new Set<string>();
  const { took, state: recording, inspect: record } = recorder();
  recording.recording = true;
  const inspect = (inspected: InspectionEvent) => {
    record(inspected);
    if (inspected.type === '@xstate.microstep') {
      for (const transition of inspected._transitions) {
        transitions.add(transitionKey(transition));
        states.add(transition.source.id);
      }
    }
    if ('snapshot' in inspected && '_nodes' in inspected.snapshot) {
      for (const node of (inspected.snapshot as AnyMachineSnapshot)._nodes) states.add(node.id);
    }
  };
  let steps = 0;
  for (const path of paths) {
    let actor: AnyActor | null = null;
    let input: unknown;
    let model: TModel | null = null;
    const sent: string[] = [];
    try {
      for (const { event, state } of path.steps) {
        if (event.type === 'xstate.init') continue;
        sent.push(JSON.stringify(event));
        steps++;
        requests.length = 0;
        took.length = 0;
        if (event.type === 'spawn') {
          input = (event as Spawn<TInput>).input;
          actor = createActor(chart.runnable, { input, inspect });
          actor.start();
        } else {
          actor!.send(event);
        }
        model = chart.expect(model, event as ModelEvent<TInput, TEvent>);
        chart.check(model, actor!.getSnapshot(), [...requests]);
        // Run without a pause, the actor reaches the vertex the path was generated for (restored at each step).
        same(serialize(chart, runOf(actor!, input, took, false)), serialize(chart, state.context));
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`${message}\n  path: ${sent.join(' → ')}`);
    } finally {
      actor?.stop();
    }
  }
  const coverage = { paths: paths.length, steps, states, transitions };
  played.set(chart, coverage);
  return coverage;
}

/** What of the definition no path reached. */
function unreached(definition: Definition, coverage: Coverage) {
  return {
    states: definition.states.filter((state) => !coverage.states.has(state)),
    transitions: definition.transitions.filter((transition) => !coverage.transitions.has(transition)),
  };
}

// ---------------------------------------------------------------------------------------------
// The hologram statechart

type HologramEvent =
  | { type: 'ACTIVATE'; turn: number }
  | { type: 'DEACTIVATE'; turn: number }
  | { type: 'ERASE' };

interface HologramModel {
  readonly state: 'deactivated' | 'active' | 'erased';
  readonly deactivatedOnTurn: number | null;
}

const hologramChart: Chart<HologramInput, HologramEvent, HologramModel> = {
  definition: hologramMachine,
  runnable: hologramMachine,
  inputs: [
    { card: 'doctor', owner: 'alice', initial: 'active', deactivatedOnTurn: null },
    { card: 'doctor', owner: 'alice', initial: 'deactivated', deactivatedOnTurn: null },
    { card: 'doctor', owner: 'alice', initial: 'deactivated', deactivatedOnTurn: 1 },
  ],
  events: () => [
    { type: 'ACTIVATE', turn: 1 },
    { type: 'ACTIVATE', turn: 2 },
    { type: 'DEACTIVATE', turn: 1 },
    { type: 'DEACTIVATE', turn: 2 },
    { type: 'ERASE' },
  ],
  key: (run) => run.context,
  expect(model, event) {
    if (event.type === 'spawn') {
      // HOLO-ACT-1: reported holograms enter play deactivated; set up (or given the Holo icon) as active.
      return { state: event.input.initial, deactivatedOnTurn: event.input.deactivatedOnTurn };
    }
    const now = model!;
    if (now.state === 'erased') return now;
    switch (event.type) {
      case 'ACTIVATE':
        // HOLO-ACT-3: not on the turn it deactivated.
        return now.state === 'deactivated' && now.deactivatedOnTurn !== event.turn
          ? { ...now, state: 'active' }
          : now;
      case 'DEACTIVATE':
        // An already deactivated hologram stays so and keeps its deactivation turn.
        return now.state === 'active' ? { state: 'deactivated', deactivatedOnTurn: event.turn } : now;
      case 'ERASE':
        // HOLO-DEATH-2: erased, from either state, for good.
        return { ...now, state: 'erased' };
    }
  },
  check(model, actor) {
    same(
      [actor.value, actor.status, (actor.context as { deactivatedOnTurn: number | null }).deactivatedOnTurn],
      [model.state, model.state === 'erased' ? 'done' : 'active', model.deactivatedOnTurn],
    );
  },
};

// ---------------------------------------------------------------------------------------------
// The response-window statechart

type WindowEvent = { type: 'PASS'; player: string } | { type: 'RESPONDED'; player: string };

interface WindowModel {
  readonly kind: string;
  readonly order: readonly [string, string];
  readonly priority: string;
  readonly passes: number;
  readonly responses: number;
  readonly closed: boolean;
}

/** BATTLE-2, BATTLE-4e: who holds priority, and when two passes in a row close the window. */
function windowAfter(model: WindowModel, event: WindowEvent): WindowModel {
  // The window ignores a pass or response from the player without priority (and from anyone once closed).
  if (model.closed || event.player !== model.priority) return model;
  const other = model.priority === model.order[0] ? model.order[1] : model.order[0];
  if (event.type === 'RESPONDED')
    return { ...model, priority: other, passes: 0, responses: model.responses + 1 };
  return { ...model, priority: other, passes: model.passes + 1, closed: model.passes + 1 === 2 };
}

const windowModelOf = (input: ResponseWindowInput): WindowModel => ({
  kind: input.kind,
  order: [input.first, input.second],
  priority: input.first,
  passes: 0,
  responses: 0,
  closed: false,
});

/** A pass from each player; a response from each, or only from the one with priority. */
const windowEvents = (players: readonly string[], priority?: string): WindowEvent[] => [
  ...players.map((player): WindowEvent => ({ type: 'PASS', player })),
  ...players
    .filter((player) => priority === undefined || player === priority)
    .map((player): WindowEvent => ({ type: 'RESPONDED', player })),
];

const windowChart: Chart<ResponseWindowInput, WindowEvent, WindowModel> = {
  definition: responseWindowMachine,
  runnable: responseWindowMachine,
  inputs: [
    { kind: 'start-of-battle', first: 'bob', second: 'alice' },
    { kind: 'pairing', first: 'alice', second: 'bob' },
    { kind: 'until-winner', first: 'bob', second: 'alice' },
  ],
  // A player who takes no part (carol) is ignored like the one without priority.
  events: () => windowEvents(['alice', 'bob', 'carol']),
  key: (run) => {
    const context = run.context as { kind: string; priority: string; passes: number; responses: number };
    return [context.kind, context.priority, context.passes, Math.min(context.responses, 2)];
  },
  expect: (model, event) =>
    event.type === 'spawn' ? windowModelOf(event.input) : windowAfter(model!, event),
  check(model, actor) {
    const { kind, order, priority, passes, responses, closed } = model;
    same(
      { value: actor.value, status: actor.status, context: actor.context, output: actor.output },
      {
        value: closed ? 'closed' : 'open',
        status: closed ? 'done' : 'active',
        context: { kind, order, priority, passes, responses },
        output: closed ? { kind, responses } : undefined,
      },
    );
  },
};

// ---------------------------------------------------------------------------------------------
// The battle statechart, with the game's answers as events

type BattleEvent =
  | WindowEvent
  | { type: 'PILES_FORMED'; attacker: string[]; defender: string[] }
  | { type: 'DECIDED'; record: PairingRecord }
  | { type: 'LEFT_BATTLE'; card: string }
  | { type: 'ENGAGES_NEXT'; side: 'attacker' | 'defender'; card: string }
  | { type: 'USED_ONCE'; card: string }
  | {
      type: 'WINNER_DETERMINED';
      totals: { attacker: number; defender: number };
      winner: string | null;
      killed: string | null;
    }
  | { type: 'AFTERMATH_DONE' };

/**
 * The battle with each of its `sendParent` actions (found in the machine's own implementations, so a
 * new one is stubbed too) recording the request it would send to the game instead of sending it.
 */
const battleRunnable = battleMachine.provide({
  actions: Object.fromEntries(
    Object.entries(battleMachine.implementations.actions).flatMap(([name, action]) => {
      const builtIn = action as {
        type?: unknown;
        to?: unknown;
        event?: { type?: unknown } | ((args: unknown, params: unknown) => { type?: unknown });
      };
      if (builtIn.type !== 'xstate.sendTo' || builtIn.to !== '#_parent') return [];
      // The request, as the action would send it (its event may be worked out from the action's params).
      const request = (args: unknown, params: unknown) =>
        typeof builtIn.event === 'function' ? builtIn.event(args, params) : builtIn.event;
      return [
        [name, (args: unknown, params: unknown) => void requests.push(String(request(args, params)?.type))],
      ];
    }),
  ) as never,
});

/** As `attack.resolve` builds it (src/rules/commands/battle.ts): Alice attacks Bob's Away Team. */
const battleInput = (activePlayer: string): BattleInput => ({
  attacker: 'alice',
  defender: 'bob',
  players: ['alice', 'bob'],
  next: [],
  activePlayer,
  attackingGroup: { owner: 'alice', where: { planet: 'ligos' } },
  defendingGroup: { owner: 'bob', where: { planet: 'ligos' } },
  participants: { attacker: ['a1', 'a2'], defender: ['d1', 'd2'] },
});

interface BattleModel {
  readonly step: BattleStep;
  readonly data: Pick<
    BattleData,
    | 'participants'
    | 'piles'
    | 'faceUp'
    | 'pairing'
    | 'engagesNext'
    | 'usedOncePerBattle'
    | 'winner'
    | 'killed'
  >;
  readonly pairings: number;
  readonly window: WindowModel | null;
  /** What the battle asked the game on this event: nothing, ever (the game carries each step out with the pass that reaches it). */
  readonly requests: readonly string[];
  readonly input: BattleInput;
}

const without = (cards: readonly string[], card: string) => cards.filter((c) => c !== card);

/**
 * Enters a step: its window opens; turning over and running out pass on at once; the steps that need the
 * board wait for the game's word (no request: the game carries them out with the pass that reaches them).
 */
function enter(model: BattleModel, step: BattleStep): BattleModel {
  const { attacker, defender, activePlayer } = model.input;
  switch (step) {
    case 'turningOver': {
      // BATTLE-4: both top cards turned over together, while each side has an adversary (BATTLE-4d).
      const { piles, engagesNext } = model.data;
      const a = engagesNext?.side === 'attacker' ? engagesNext.card : piles.attacker[0];
      const d = engagesNext?.side === 'defender' ? engagesNext.card : piles.defender[0];
      if (a === undefined || d === undefined) return enter({ ...model, step }, 'pilesRanOut');
      const next = {
        ...model,
        data: {
          ...model.data,
          pairing: { number: model.pairings + 1, attacker: a, defender: d },
          engagesNext: null,
          piles: {
            attacker: engagesNext?.side === 'attacker' ? piles.attacker : piles.attacker.slice(1),
            defender: engagesNext?.side === 'defender' ? piles.defender : piles.defender.slice(1),
          },
        },
      };
      return enter(next, 'engaged');
    }
    case 'engaged': {
      // BATTLE-4e: the player whose turn it is goes first.
      const second = activePlayer === attacker ? defender : attacker;
      return {
        ...model,
        step,
        window: windowModelOf({ kind: 'pairing', first: activePlayer, second }),
      };
    }
    case 'pilesRanOut': {
      // BATTLE-4d: the rest of the other pile is turned face up (the game announced it), on to the window.
      const { piles, engagesNext } = model.data;
      const faceUp = [...piles.attacker, ...piles.defender, ...(engagesNext ? [engagesNext.card] : [])];
      return enter(
        {
          ...model,
          data: { ...model.data, faceUp, piles: { attacker: [], defender: [] }, engagesNext: null },
        },
        'beforeWinner',
      );
    }
    case 'beforeWinner':
      return {
        ...model,
        step,
        window: windowModelOf({ kind: 'until-winner', first: defender, second: attacker }),
      };
    default:
      return { ...model, step, window: null };
  }
}

function battleAfter(model: BattleModel, event: BattleEvent): BattleModel {
  const now = { ...model, requests: [] };
  const { step, data } = now;
  if (step === 'over') return now;
  switch (event.type) {
    case 'PASS':
    case 'RESPONDED': {
      if (now.window === null) return now;
      const window = windowAfter(now.window, event);
      if (!window.closed) return { ...now, window };
      const next = {
        startOfBattle: 'formingPiles',
        engaged: 'deciding',
        beforeWinner: 'determiningWinner',
      } as const;
      return enter(now, next[step as keyof typeof next]);
    }
    case 'PILES_FORMED':
      return step === 'formingPiles'
        ? enter(
            { ...now, data: { ...data, piles: { attacker: event.attacker, defender: event.defender } } },
            'turningOver',
          )
        : now;
    case 'DECIDED':
      return step === 'deciding'
        ? enter({ ...now, pairings: now.pairings + 1, data: { ...data, pairing: null } }, 'turningOver')
        : now;
    case 'LEFT_BATTLE':
      // Emergency Transporter Armbands: at any step before the winner.
      return {
        ...now,
        data: {
          ...data,
          participants: {
            attacker: without(data.participants.attacker, event.card),
            defender: without(data.participants.defender, event.card),
          },
          piles: {
            attacker: without(data.piles.attacker, event.card),
            defender: without(data.piles.defender, event.card),
          },
          faceUp: without(data.faceUp, event.card),
          engagesNext: data.engagesNext?.card === event.card ? null : data.engagesNext,
        },
      };
    case 'ENGAGES_NEXT':
      return step === 'engaged'
        ? { ...now, data: { ...data, engagesNext: { side: event.side, card: event.card } } }
        : now;
    case 'USED_ONCE':
      return { ...now, data: { ...data, usedOncePerBattle: [...data.usedOncePerBattle, event.card] } };
    case 'WINNER_DETERMINED':
      return step === 'determiningWinner'
        ? enter({ ...now, data: { ...data, winner: event.winner, killed: event.killed } }, 'aftermath')
        : now;
    case 'AFTERMATH_DONE':
      return step === 'aftermath' ? { ...now, step: 'over', window: null } : now;
  }
}

const battleChart: Chart<BattleInput, BattleEvent, BattleModel> = {
  definition: battleMachine,
  runnable: battleRunnable,
  inputs: [battleInput('alice'), battleInput('bob')],
  events(run) {
    const data = run.context as BattleData;
    const step = run.value as BattleStep;
    const priority = (run.context as { window: { priority: string } | null }).window?.priority;
    const events: BattleEvent[] = [];
    // Emergency Transporter Armbands beam a defender out, at any step before the winner.
    if (data.participants.defender.includes('d2') && step !== 'determiningWinner' && step !== 'aftermath') {
      events.push({ type: 'LEFT_BATTLE', card: 'd2' });
    }
    switch (step) {
      case 'startOfBattle':
        // '45 Dom Perignon, once per battle.
        if (data.usedOncePerBattle.length === 0) events.push({ type: 'USED_ONCE', card: 'dom' });
        events.push(...windowEvents(['alice', 'bob'], priority));
        break;
      case 'beforeWinner':
        events.push(...windowEvents(['alice', 'bob'], priority));
        break;
      case 'engaged':
        events.push(...windowEvents(['alice', 'bob'], priority));
        // Android Headlock: the attacker's personnel just engaged engages the next adversary.
        if (data.engagesNext === null && data.pairing !== null) {
          events.push({ type: 'ENGAGES_NEXT', side: 'attacker', card: data.pairing.attacker });
        }
        break;
      case 'formingPiles':
        // BATTLE-3: every participant, or (all of one side stunned or disabled) an empty pile.
        events.push(
          {
            type: 'PILES_FORMED',
            attacker: [...data.participants.attacker],
            defender: [...data.participants.defender],
          },
          { type: 'PILES_FORMED', attacker: [...data.participants.attacker], defender: [] },
        );
        break;
      case 'deciding':
        // BATTLE-4a/b/c: the decision comes (the game holds whose it is).
        events.push({
          type: 'DECIDED',
          record: { ...data.pairing!, outcome: 'stun', by: data.pairing!.attacker, clause: 'BATTLE-4b' },
        });
        break;
      case 'determiningWinner':
        events.push({
          type: 'WINNER_DETERMINED',
          totals: { attacker: 9, defender: 4 },
          winner: 'alice',
          killed: data.participants.defender[0] ?? null,
        });
        break;
      case 'aftermath':
        events.push({ type: 'AFTERMATH_DONE' });
        break;
    }
    return events;
  },
  key(run) {
    const data = run.context as BattleData;
    const window = (run.context as { window: { priority: string; passes: number } | null }).window;
    return [
      data.activePlayer,
      data.participants.defender.length,
      data.piles.attacker.length,
      data.piles.defender.length,
      data.faceUp.length,
      data.pairing?.number ?? null,
      data.engagesNext !== null,
      window ? [window.priority, window.passes] : null,
    ];
  },
  expect(model, event) {
    if (event.type !== 'spawn') return battleAfter(model!, event);
    const input = event.input;
    const start: BattleModel = {
      step: 'startOfBattle',
      input,
      pairings: 0,
      requests: [],
      // BATTLE-2: the defender (the opponent of the attacker) has the first opportunity.
      window: windowModelOf({ kind: 'start-of-battle', first: input.defender, second: input.attacker }),
      data: {
        participants: input.participants,
        piles: { attacker: [], defender: [] },
        faceUp: [],
        pairing: null,
        engagesNext: null,
        usedOncePerBattle: [],
        winner: null,
        killed: null,
      },
    };
    return start;
  },
  check(model, actor, asked) {
    const data = actor.context as BattleData;
    const { participants, piles, faceUp, pairing, engagesNext, usedOncePerBattle, winner, killed } = data;
    same(
      {
        step: actor.value,
        status: actor.status,
        data: {
          participants,
          piles,
          faceUp,
          pairing,
          engagesNext,
          usedOncePerBattle,
          winner,
          killed,
        },
        pairings: data.pairings.length,
        asked,
      },
      {
        step: model.step,
        status: model.step === 'over' ? 'done' : 'active',
        data: model.data,
        pairings: model.pairings,
        asked: model.requests,
      },
    );
    // The window is the battle's own context while a window step lasts: no actor of its own.
    expect(Object.keys(actor.children)).toEqual([]);
    const window = (actor.context as { window: unknown }).window;
    if (model.window === null) same(window, null);
    else {
      const { kind, order, priority, passes, responses } = model.window;
      same(window, { kind, order, priority, passes, responses });
    }
    if (model.step === 'over') {
      const { window: _none, ...record } = data as BattleData & { window: unknown };
      same(actor.output, record);
    }
  },
};

// ---------------------------------------------------------------------------------------------

describe('model-based tests: every state and transition of the statecharts is reached by a generated path', () => {
  const charts = [
    { name: 'hologram', clauses: 'HOLO-ACT-1/2/3, HOLO-DEATH-2', chart: hologramChart },
    { name: 'response window', clauses: 'BATTLE-2, BATTLE-4e', chart: windowChart },
    { name: 'battle', clauses: 'BATTLE-1 to BATTLE-6', chart: battleChart },
  ] as const;

  it.each(charts)(
    '$clauses: every generated path through the $name statechart agrees with the rules, and the paths reach every state and transition of its definition',
    ({ chart }) => {
      const definition = definitionOf(chart.definition);
      expect(definition.states.length).toBeGreaterThan(1);
      expect(definition.transitions.length).toBeGreaterThan(1);
      const coverage = playPaths(chart as Chart<unknown, EventObject, unknown>);
      expect(coverage.paths).toBeGreaterThan(0);
      expect(unreached(definition, coverage)).toEqual({ states: [], transitions: [] });
    },
  );

  it("BATTLE-2, BATTLE-4e: each of the battle's window steps is the window statechart's open state, and takes every one of its transitions", () => {
    const coverage = playPaths(battleChart);
    const open = responseWindowMachine.root.states.open!;
    const steps = { startOfBattle: 'formingPiles', engaged: 'deciding', beforeWinner: 'determiningWinner' };
    for (const [step, next] of Object.entries(steps)) {
      const node = battleMachine.root.states[step]!;
      for (const [event, windowTransitions] of open.transitions) {
        const composed = node.transitions.get(event) ?? [];
        // The same transitions, guards and actions; the window's `closed` is the step after.
        expect(
          composed.map((t) => [
            guardName(t.guard),
            t.actions.map(actionName),
            t.target?.map((n) => n.key) ?? [],
          ]),
        ).toEqual(
          windowTransitions.map((t) => [
            guardName(t.guard),
            t.actions.map(actionName),
            t.target?.map((n) => (n.key === 'closed' ? next : n.key)) ?? [],
          ]),
        );
        windowTransitions.forEach((_, i) => {
          expect(coverage.transitions).toContain(`battle.${step} ${event} #${i}`);
        });
      }
    }
  });

  it('the suite fails for a state or transition that no path reaches', () => {
    // The hologram statechart with one more state, and one more transition, that no event leads to.
    const config = hologramMachine.config as unknown as {
      states: Record<string, { on?: Record<string, unknown> }>;
    };
    const grown = createMachine(
      {
        ...(hologramMachine.config as object),
        states: {
          ...config.states,
          active: { ...config.states.active, on: { ...config.states.active?.on, FLICKER: 'active' } },
          limbo: { on: { WAKE: 'active' } },
        },
      } as never,
      hologramMachine.implementations as never,
    ) as AnyStateMachine;
    const coverage = playPaths({ ...hologramChart, definition: grown, runnable: grown });
    expect(unreached(definitionOf(grown), coverage)).toEqual({
      states: ['hologram.limbo'],
      transitions: ['hologram.active FLICKER #0', 'hologram.limbo WAKE #0'],
    });
  });
});
