import type { AnyStateMachine, AnyTransitionDefinition, UnknownAction } from 'xstate';

/**
 * A statechart as plain data, read from a machine's own state nodes (`machine.root`), so that every
 * picture of it (Mermaid text, SVG) is drawn from the code and cannot drift from it.
 *
 * A transition that moves to another state is an edge; one that stays where it is (a command the game
 * judges and carries out without changing state, a battle event forwarded to its window) is a line
 * written inside its state, as are entry and exit actions and invoked actors. Transitions of the
 * machine itself ("in any state") belong to a pseudo-state, `any state`, whose id is the machine's.
 */

export type ChartStateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

/** A line written inside a state box. */
export interface ChartLine {
  readonly text: string;
  /** For a transition that stays in the state: its event type (the trace viewer lights the line). */
  readonly event?: string;
}

export interface ChartState {
  /** XState's state node id (`battle.engaged`): what a snapshot's value resolves to. */
  readonly id: string;
  /** Its key within its parent (`engaged`); for the machine's root, the machine id. */
  readonly key: string;
  /** The keys from the root down (`['engaged']`; empty for the root): a snapshot's value names these. */
  readonly path: readonly string[];
  readonly kind: ChartStateKind;
  /** The id of the initial child, for a compound state. */
  readonly initial: string | null;
  readonly lines: readonly ChartLine[];
  readonly children: readonly ChartState[];
}

/** A transition from one state to another (or to itself, re-entering it). */
export interface ChartTransition {
  readonly from: string;
  readonly to: string;
  /** The event type as XState sees it (`xstate.done.actor.battle`); empty for `always`. */
  readonly event: string;
  /** What the picture writes: the event in words, `[guard]`, `/ actions`. */
  readonly label: string;
}

export interface Chart {
  /** The chart's file name (`response-window`). */
  readonly name: string;
  /** The machine id (`responseWindow`): the traces name actors' machines by it. */
  readonly machine: string;
  /** The machine's root: its lines and outgoing transitions are those of `any state`. */
  readonly root: ChartState;
  readonly transitions: readonly ChartTransition[];
}

type StateNode = AnyStateMachine['root'];

/** Reads a machine's states and transitions into a chart. */
export function chartOf(name: string, machine: AnyStateMachine): Chart {
  const transitions: ChartTransition[] = [];
  const root = stateOf(machine.root, transitions);
  return { name, machine: machine.id, root, transitions };
}

/** Every state of a chart, the root first, depth first. */
export function statesOf(chart: Chart): ChartState[] {
  const all: ChartState[] = [];
  const visit = (state: ChartState) => {
    all.push(state);
    for (const child of state.children) visit(child);
  };
  visit(chart.root);
  return all;
}

function stateOf(node: StateNode, transitions: ChartTransition[]): ChartState {
  const lines: ChartLine[] = [];
  for (const action of node.entry.filter((a) => !isDelaySchedule(a)))
    lines.push({ text: `entry / ${actionName(action)}` });
  for (const action of node.exit.filter((a) => !isDelaySchedule(a)))
    lines.push({ text: `exit / ${actionName(action)}` });
  for (const invoke of node.invoke) lines.push({ text: `invoke ${actorName(invoke.src)} as ${invoke.id}` });

  // Eventless (`always`) transitions first, then by event, each event's branches in order. The
  // branches of one event that stay in the state share a line: `report [mayReport] / ... | else / reject`.
  const all = [...(node.always ?? []), ...[...node.transitions.values()].flat()];
  const staying = new Map<string, string[]>();
  for (const [index, transition] of all.entries()) {
    const event = transition.eventType ?? '';
    // A guardless branch after a guarded one for the same event is the "else" of the choice.
    const isElse =
      !transition.guard &&
      all.slice(0, index).some((other) => (other.eventType ?? '') === event && other.guard !== undefined);
    const targets = transition.target ?? [];
    if (targets.length === 0) {
      const branches = staying.get(event) ?? [];
      staying.set(event, branches);
      branches.push(
        branches.length === 0 ? labelOf(event, transition, isElse) : branchOf(transition, isElse),
      );
    }
    const label = labelOf(event, transition, isElse);
    for (const target of targets) transitions.push({ from: node.id, to: target.id, event, label });
  }
  for (const [event, branches] of staying) lines.push({ text: branches.join(' | '), event });

  const children = Object.values(node.states).map((child) => stateOf(child, transitions));
  const initial = node.type === 'compound' ? (node.initial.target[0]?.id ?? null) : null;
  const key = node.parent ? node.key : node.machine.id;
  return { id: node.id, key, path: node.path, kind: node.type, initial, lines, children };
}

/** `EVENT [guard] / action, action`. */
function labelOf(event: string, transition: AnyTransitionDefinition, isElse: boolean): string {
  const guard =
    transition.guard !== undefined ? ` [${guardName(transition.guard)}]` : isElse ? ' [else]' : '';
  return `${eventInWords(event)}${guard}${actionsOf(transition)}`;
}

/** A further branch of the same event, on the same line: `[guard] / actions`, or `else / actions`. */
function branchOf(transition: AnyTransitionDefinition, isElse: boolean): string {
  const guard = transition.guard !== undefined ? `[${guardName(transition.guard)}]` : isElse ? 'else' : '';
  return `${guard}${actionsOf(transition)}`.trim() || '(nothing)';
}

function actionsOf(transition: AnyTransitionDefinition): string {
  return transition.actions.length > 0 ? ` / ${transition.actions.map(actionName).join(', ')}` : '';
}

/** XState's own event types, in words; the engine's events as they are. */
export function eventInWords(event: string): string {
  if (event === '') return 'always';
  if (event === '*') return 'any other event';
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event);
  if (done) return done[1] === '*' ? 'any actor done' : `${done[1]} done`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(event);
  if (error) return `${error[1]} failed`;
  const after = /^xstate\.after\.(\d+)\./.exec(event);
  if (after) return `after ${after[1]} ms`;
  return event;
}

/** A guard by its name: a string, a `{ type }` object, or a higher-order guard (`and`, `or`, `not`). */
export function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (guard && (typeof guard === 'object' || typeof guard === 'function')) {
    const { type, guards, name } = guard as { type?: unknown; guards?: unknown; name?: unknown };
    // XState's `and([...])`, `or([...])`, `not(...)` are functions of those names holding their guards.
    if (Array.isArray(guards)) {
      const combinator = typeof type === 'string' ? type.replace(/^xstate\./, '') : String(name ?? 'guard');
      return `${combinator}(${guards.map(guardName).join(', ')})`;
    }
    if (typeof type === 'string') return type + paramsInWords((guard as { params?: unknown }).params);
    if (typeof guard === 'function') return functionName(guard);
  }
  return 'guard';
}

/** An action by its name: a string, a `{ type }` object, or a built-in action creator (`assign`, ...). */
export function actionName(action: UnknownAction): string {
  if (typeof action === 'string') return action;
  const { type, params } = action as { type?: unknown; params?: unknown };
  if (typeof type === 'string') return type.replace(/^xstate\./, '') + paramsInWords(params);
  if (typeof action === 'function') return functionName(action);
  return 'action';
}

/**
 * Fixed params written on the chart (`ask(formCombatPiles)`: which request, which step); params worked
 * out from the context or event when the action runs are not known until then, and are left out.
 */
function paramsInWords(params: unknown): string {
  if (!params || typeof params !== 'object') return '';
  const values = Object.values(params);
  if (values.length === 0 || !values.every((v) => typeof v === 'string' || typeof v === 'number')) return '';
  return `(${values.join(', ')})`;
}

/**
 * An inline function takes its name from the key it was written under (`actions: () => ...` is named
 * `actions`): such a name says nothing, so it is shown as `(inline)`.
 */
function functionName(fn: { name: string }): string {
  return fn.name && !['actions', 'entry', 'exit', 'guard'].includes(fn.name) ? fn.name : '(inline)';
}

/**
 * XState schedules a delayed (`after`) transition with an entry action that raises its event later and
 * an exit action that cancels it; the transition itself shows the delay, so these are left out.
 */
function isDelaySchedule(action: UnknownAction): boolean {
  const { id, sendId } = action as { id?: unknown; sendId?: unknown };
  const scheduled = typeof id === 'string' ? id : sendId;
  return typeof scheduled === 'string' && scheduled.startsWith('xstate.after.');
}

function actorName(src: unknown): string {
  if (typeof src === 'string') return src;
  const { id } = (src ?? {}) as { id?: unknown };
  return typeof id === 'string' ? id : 'actor';
}
