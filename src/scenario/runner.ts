import type { CardPool } from '../cards/pool/load.ts';
import { type CommandResult, createGame, type Game, type GameOptions } from '../game/game.ts';
import { gameAt, kernelOf, kernelPolicies } from '../game/kernel-bridge.ts';
import type { Policy } from '../game/policies.ts';
import { SetupError } from '../game/setup-board.ts';
import type { KernelResult } from '../kernel/kernel.ts';
import type { GameState } from '../kernel/state.ts';
import type { CardDefinitionInput } from '../model/card-definition.ts';
import { type Command, isHostEffect } from '../model/commands.ts';
import type { RuleEvent } from '../model/events.ts';
import { checkExpectation, type Difference } from './expectations.ts';
import { checkScenario, type ScenarioError } from './load.ts';
import type { DoStep, EventMatcher, ExpectStep, RejectStep, Scenario, Step, StepKind } from './schema.ts';
import { commandInWords, expectationInWords, matcherInWords } from './words.ts';

/**
 * The scenario runner: plays each scenario on a fresh game and says, step by step, whether the engine
 * and the ruling agree. It returns plain result objects (the `stccg run` command prints them, as text
 * or JSON); it prints nothing itself.
 */

export type StepStatus = 'passed' | 'failed' | 'not-run';

export interface StepResult {
  /** The step's place in the file's `steps`, counting from 0. */
  readonly index: number;
  readonly kind: StepKind;
  /** The step in words: its `say`, or its command or checks. */
  readonly description: string;
  readonly status: StepStatus;
  /** What the engine said: the messages of the rule events a command caused, or its rejection. */
  readonly said: readonly string[];
  /** For a failed step: where the engine and the ruling differ. */
  readonly differences: readonly Difference[];
  /** For a failed step: the last rule events that led there, each naming its clause. */
  readonly ledThere: readonly string[];
}

export interface ScenarioResult {
  readonly file: string;
  readonly status: 'passed' | 'failed' | 'malformed';
  readonly title: string | null;
  readonly answer: string | null;
  readonly clauses: readonly string[];
  readonly steps: readonly StepResult[];
  /** For a malformed file, or a setup the engine refuses: why nothing ran. */
  readonly error: ScenarioError | null;
}

export interface RunSummary {
  readonly passed: boolean;
  readonly files: number;
  readonly steps: Readonly<Record<StepStatus, number>>;
  readonly malformed: number;
  readonly scenarios: readonly ScenarioResult[];
}

export interface RunOptions {
  /** XState's inspection observer for the scenario's game (a trace recorder plugs in here). */
  readonly inspect?: GameOptions['inspect'];
  /** How many rule events to show before a failure (default 6). */
  readonly eventsBeforeFailure?: number;
  /** Called with the scenario's game once it is created (a trace recorder attaches here). */
  readonly onGame?: (game: Game) => void;
  /**
   * Which driver plays the steps: the statecharts (the engine of record, the default), or the kernel
   * (`src/kernel/`), whose position each expectation is then read from: a ruling holds on both.
   */
  readonly driver?: Driver;
  /**
   * The card pool a scenario's `pool` names cards of (`await loadPool()` from `stccg-rules/cards`;
   * `runPaths` and `stccg run` read it themselves). A scenario that names pool cards without it is
   * malformed: it says so, and runs nothing.
   */
  readonly pool?: CardPool;
}

/** The engine's two drivers over one rules layer. */
export type Driver = 'statecharts' | 'kernel';

/** What the runner plays a scenario on: the game itself, or the kernel at its first position. */
interface Player {
  send(command: Command): CommandResult | KernelResult;
  effect(effect: Command): CommandResult | KernelResult;
  /** A game at the position now, for the expectations to read (the game itself, for the statecharts). */
  now(): Game;
}

function playerOn(game: Game, driver: Driver, policies: Readonly<Record<string, Policy>>): Player {
  if (driver === 'statecharts')
    return { send: (c) => game.send(c), effect: (e) => game.effect(e), now: () => game };
  const kernel = kernelOf(game, { events: true, policies: kernelPolicies(policies) });
  let at: { state: GameState; game: Game } | undefined;
  return {
    send: (c) => kernel.send(c),
    effect: (e) => kernel.effect(e),
    now: () => {
      if (at?.state !== kernel.state) {
        at?.game.stop();
        at = { state: kernel.state, game: gameAt(kernel.state, { origin: game.origin }) };
      }
      return at.game;
    },
  };
}

/**
 * Checks and runs a scenario given as an object (what a scenario file holds): a malformed one is
 * reported as such (status `malformed`, with where and what was expected) and runs nothing.
 */
export function runScenarioData(
  data: unknown,
  file = '(scenario)',
  options: RunOptions = {},
): ScenarioResult {
  const loaded = checkScenario(data, file);
  return loaded.ok ? runScenario(loaded.scenario, file, options) : malformed(loaded.error);
}

/** Runs one checked scenario on a fresh game. */
export function runScenario(scenario: Scenario, file: string, options: RunOptions = {}): ScenarioResult {
  const about = {
    file,
    title: scenario.title,
    answer: scenario.answer ?? null,
    clauses: scenario.clauses,
  };
  const cards = cardsOf(scenario, options.pool);
  if ('error' in cards) {
    return { ...about, status: 'malformed', steps: [], error: { file, ...cards.error } };
  }
  let game: Game;
  try {
    game = createGame(scenario.setup, {
      seed: scenario.seed,
      cards: cards.cards,
      policies: scenario.policies ?? {},
      ...(options.inspect ? { inspect: options.inspect } : {}),
    });
  } catch (error) {
    // A setup the schema accepts may still break a rule (an active hologram where it cannot be).
    const refusal =
      error instanceof SetupError
        ? {
            path: `setup.${error.path}`,
            why: `(${error.clause}): ${error.message.slice(error.path.length + 2)}`,
          }
        : { path: 'setup', why: `(it threw: ${error instanceof Error ? error.message : String(error)})` };
    const expected = `a setup the engine accepts ${refusal.why}`;
    return { ...about, status: 'malformed', steps: [], error: { file, path: refusal.path, expected } };
  }
  options.onGame?.(game);
  // The actor's own error, should the engine fail: observed here so that it becomes a failed step
  // with its message, instead of XState rethrowing it later as an unhandled error.
  const engine: EngineFailure = { error: null };
  game.actor.subscribe({ error: (error) => (engine.error = error) });
  try {
    const player = playerOn(game, options.driver ?? 'statecharts', scenario.policies ?? {});
    const steps = playSteps(player, scenario.steps, options.eventsBeforeFailure ?? 6, engine);
    const status = steps.every((step) => step.status === 'passed') ? 'passed' : 'failed';
    return { ...about, status, steps, error: null };
  } finally {
    game.stop();
  }
}

/**
 * The game's own cards: the pool cards the scenario names (`pool`), then its `cards`. A name the pool
 * does not hold, or a pool to load them from missing, is where the file is malformed.
 */
function cardsOf(
  scenario: Scenario,
  pool: CardPool | undefined,
): { readonly cards: CardDefinitionInput[] } | { readonly error: { path: string; expected: string } } {
  const own = scenario.cards ?? [];
  const named = scenario.pool ?? [];
  if (named.length === 0) return { cards: own };
  if (!pool) {
    return {
      error: {
        path: 'pool',
        expected:
          "a card pool to load them from: runScenario's `pool` option (`await loadPool()`, stccg-rules/cards); runPaths and stccg run read it",
      },
    };
  }
  const unknown = named.findIndex((name) => !pool.has(name));
  if (unknown >= 0) {
    // The pool's own refusal names the card and the nearest names.
    const why = (() => {
      try {
        pool.cards([named[unknown]!]);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    return { error: { path: `pool.${unknown}`, expected: `a card of the card pool (${why})` } };
  }
  return { cards: [...pool.cards(named), ...own] };
}

/** Totals of scenario results: how many steps passed, failed or did not run, and whether all passed. */
export function summarise(scenarios: readonly ScenarioResult[]): RunSummary {
  const steps: Record<StepStatus, number> = { passed: 0, failed: 0, 'not-run': 0 };
  for (const scenario of scenarios) for (const step of scenario.steps) steps[step.status]++;
  const malformedCount = scenarios.filter((s) => s.status === 'malformed').length;
  return {
    passed: scenarios.length > 0 && scenarios.every((s) => s.status === 'passed'),
    files: scenarios.length,
    steps,
    malformed: malformedCount,
    scenarios,
  };
}

/** The result of a scenario that did not run: malformed, with where and why. */
export function malformed(error: ScenarioError): ScenarioResult {
  return { file: error.file, status: 'malformed', title: null, answer: null, clauses: [], steps: [], error };
}

/** What one step found, before it is numbered and given its place in the history. */
interface Outcome {
  readonly said: readonly string[];
  readonly differences: readonly Difference[];
  /** The game no longer follows the ruling (a command went otherwise): later steps would mislead. */
  readonly derailed: boolean;
}

/** The game actor's error, if the engine failed. */
interface EngineFailure {
  error: unknown;
}

function playSteps(
  game: Player,
  steps: readonly Step[],
  eventsBeforeFailure: number,
  engine: EngineFailure,
): StepResult[] {
  const history: RuleEvent[] = [];
  let derailed = false;
  return steps.map((step, index) => {
    const kind = kindOf(step);
    const description = step.say ?? stepInWords(step);
    if (derailed)
      return { index, kind, description, status: 'not-run', said: [], differences: [], ledThere: [] };
    const outcome = play(game, step, history, engine);
    derailed = outcome.derailed;
    const failed = outcome.differences.length > 0;
    return {
      index,
      kind,
      description,
      status: failed ? 'failed' : 'passed',
      said: outcome.said,
      differences: outcome.differences,
      ledThere: failed ? history.slice(-eventsBeforeFailure).map((event) => event.message) : [],
    };
  });
}

/**
 * One step. The engine promises never to throw, but should it (an engine bug), the step fails with
 * what it threw, rather than the runner (and a judge's whole run) stopping with a stack trace.
 */
function play(game: Player, step: Step, history: RuleEvent[], engine: EngineFailure): Outcome {
  try {
    if ('do' in step) return playDo(game, step, history);
    if ('reject' in step) return playReject(game, step, history);
    return playExpect(game, step);
  } catch (thrown) {
    const error = engine.error ?? thrown;
    const message = error instanceof Error ? error.message : String(error);
    const actual = `the engine failed: ${message.replace(/\s*\n\s*/g, ' ')}`;
    return {
      said: [actual],
      differences: [{ path: kindOf(step), expected: 'an answer', actual }],
      derailed: true,
    };
  }
}

function kindOf(step: Step): StepKind {
  return 'do' in step ? 'do' : 'reject' in step ? 'reject' : 'expect';
}

function stepInWords(step: Step): string {
  if ('do' in step) return commandInWords(step.do);
  if ('reject' in step)
    return `${commandInWords(step.reject)}: refused${step.clause ? ` (${step.clause})` : ''}`;
  return `expect ${expectationInWords(step.expect)}`;
}

function playDo(game: Player, step: DoStep, history: RuleEvent[]): Outcome {
  const result = isHostEffect(step.do) ? game.effect(step.do) : game.send(step.do satisfies Command);
  if (!result.ok) {
    const refusal = `refused (${result.rejection.code}): ${result.rejection.message}`;
    return {
      said: [refusal],
      differences: [{ path: 'do', expected: 'accepted', actual: refusal }],
      derailed: true,
    };
  }
  history.push(...result.events);
  const differences: Difference[] = [];
  if (result.policyRejection)
    differences.push({ path: 'policies', expected: 'accepted', actual: result.policyRejection.message });
  const events = result.events;
  let from = 0;
  step.emits?.forEach((matcher, i) => {
    const found = events.findIndex((event, j) => j >= from && matches(event, matcher));
    if (found >= 0) from = found + 1;
    else differences.push({ path: `emits.${i}`, expected: matcherInWords(matcher), actual: cited(events) });
  });
  step.doesNotEmit?.forEach((matcher, i) => {
    const found = events.find((event) => matches(event, matcher));
    if (found)
      differences.push({
        path: `doesNotEmit.${i}`,
        expected: `no ${matcherInWords(matcher)}`,
        actual: found.message,
      });
  });
  return { said: events.map((event) => event.message), differences, derailed: false };
}

function playReject(game: Player, step: RejectStep, history: RuleEvent[]): Outcome {
  const result = isHostEffect(step.reject)
    ? game.effect(step.reject)
    : game.send(step.reject satisfies Command);
  if (result.ok) {
    history.push(...result.events);
    const expected = `refused${step.clause ? ` citing ${step.clause}` : ''}`;
    const actual = `accepted: ${result.events.map((event) => event.message).join(' | ') || 'no rule events'}`;
    return { said: [actual], differences: [{ path: 'reject', expected, actual }], derailed: true };
  }
  const rejection = result.rejection;
  const differences: Difference[] = [];
  if (step.clause && rejection.clause !== step.clause)
    differences.push({ path: 'clause', expected: step.clause, actual: rejection.clause });
  if (step.code && rejection.code !== step.code)
    differences.push({ path: 'code', expected: step.code, actual: rejection.code });
  if (step.message && !rejection.message.includes(step.message))
    differences.push({
      path: 'message',
      expected: `a message containing "${step.message}"`,
      actual: rejection.message,
    });
  return { said: [`refused (${rejection.code}): ${rejection.message}`], differences, derailed: false };
}

function playExpect(game: Player, step: ExpectStep): Outcome {
  return { said: [], differences: checkExpectation(game.now(), step.expect), derailed: false };
}

/** The cards a rule event is about: its card, hologram, emitter or ship (an emitter event names two). */
const SUBJECTS = ['card', 'hologram', 'emitter', 'ship'] as const;

function subjectsOf(event: RuleEvent): string[] {
  const facts = event as unknown as Record<string, unknown>;
  return SUBJECTS.flatMap((key) => (typeof facts[key] === 'string' ? [facts[key]] : []));
}

function matches(event: RuleEvent, matcher: EventMatcher): boolean {
  return (
    (matcher.kind === undefined || event.kind === matcher.kind) &&
    (matcher.clause === undefined || event.clause === matcher.clause) &&
    (matcher.card === undefined || subjectsOf(event).includes(matcher.card)) &&
    (matcher.message === undefined || event.message.includes(matcher.message))
  );
}

/** The events, as `kind (clause) about card`, for a difference. */
function cited(events: readonly RuleEvent[]): string[] {
  return events.map((event) => {
    const subjects = subjectsOf(event);
    return `${event.kind} (${event.clause})${subjects.length ? ` about ${subjects.join(' and ')}` : ''}`;
  });
}
