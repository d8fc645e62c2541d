import { type Command, DEMO_BATTLE_SETUP, DEMO_SETUP, SetupError } from 'stccg-rules';
import { parseScenario, type Scenario } from 'stccg-rules/scenario';
import { parse as parseYaml } from 'yaml';
import { doorOf } from './host-effects.ts';
import { LabSession, type Origin } from './session.ts';

/**
 * Where a session can start: the demo's two positions, every ruling of examples/rulings (bundled into
 * the page when it is built), a setup or scenario file dropped on the page, or a setup built by hand.
 */

export interface PositionChoice {
  readonly id: string;
  readonly title: string;
  readonly group: 'demo' | 'ruling';
  /** Starts a session at this position. */
  open(): LabSession;
}

const rulingTexts = import.meta.glob('../../examples/rulings/*.{json,yaml,yml}', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** A scenario's origin, and its commands (each `do` and `reject`) to queue. */
export function scenarioSession(scenario: Scenario, title: string): LabSession {
  const origin: Origin = {
    title,
    setup: scenario.setup,
    seed: scenario.seed,
    cards: scenario.cards ?? [],
    ...(scenario.policies ? { policies: scenario.policies } : {}),
  };
  const commands: Command[] = scenario.steps.flatMap((step) =>
    'do' in step ? [step.do] : 'reject' in step ? [step.reject] : [],
  );
  return LabSession.queued(
    origin,
    commands.map((command) => ({ command, door: doorOf(command) })),
  );
}

function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

let builtIn: PositionChoice[] | null = null;

/**
 * The built-in positions: the demo's two, then every ruling by file name. A ruling is read for its
 * title only; it is checked against the scenario schema when it is opened (a page opens faster).
 */
export function builtInPositions(): PositionChoice[] {
  builtIn ??= [...demoPositions(), ...rulingPositions()];
  return builtIn;
}

function demoPositions(): PositionChoice[] {
  return [
    {
      id: 'demo',
      title: 'Demo: holograms at Ligos VII (The Doctor, the E.M.H., the emitter)',
      group: 'demo',
      open: () =>
        new LabSession({ title: 'the demo: holograms at Ligos VII', setup: DEMO_SETUP, seed: 1, cards: [] }),
    },
    {
      id: 'demo-battle',
      title: "Demo: the battle aboard the I.K.S. Buruk (Alice's boarding party against Bob's Klingons)",
      group: 'demo',
      open: () =>
        new LabSession({
          title: 'the demo: the battle aboard the I.K.S. Buruk',
          setup: DEMO_BATTLE_SETUP,
          seed: 1,
          cards: [],
        }),
    },
  ];
}

function rulingPositions(): PositionChoice[] {
  return Object.entries(rulingTexts)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([path, text]) => {
      const name = fileName(path);
      let title = '';
      try {
        const data = /\.ya?ml$/i.test(name) ? parseYaml(text) : JSON.parse(text);
        title = isRecord(data) && typeof data.title === 'string' ? data.title : '';
      } catch {
        // A ruling that does not parse says why when it is opened.
      }
      return {
        id: `ruling:${name}`,
        title: title ? `${name}: ${title}` : name,
        group: 'ruling' as const,
        open: () => {
          const loaded = parseScenario(text, name);
          if (!loaded.ok)
            throw new Error(`${name} at ${loaded.error.path}: expected ${loaded.error.expected}`);
          return scenarioSession(loaded.scenario, `${name}: ${loaded.scenario.title}`);
        },
      };
    });
}

/** What a dropped or pasted file holds: a session to open, or where it is wrong, in the engine's words. */
export type Opened =
  | { readonly ok: true; readonly session: LabSession }
  | { readonly ok: false; readonly problem: string; readonly where: string };

/**
 * Opens a file's text: a scenario (a setup with steps: its commands are queued), an odds file
 * (`{ setup, attack }`), or a bare setup. JSON or YAML, by the name's extension.
 */
export function openFile(name: string, text: string): Opened {
  const yaml = /\.ya?ml$/i.test(name);
  let data: unknown;
  try {
    data = yaml ? parseYaml(text) : JSON.parse(text);
  } catch (error) {
    return { ok: false, where: name, problem: `not well-formed ${yaml ? 'YAML' : 'JSON'}: ${String(error)}` };
  }
  if (isRecord(data) && 'steps' in data) {
    const loaded = parseScenario(text, name);
    if (!loaded.ok)
      return {
        ok: false,
        where: `${name} at ${loaded.error.path}`,
        problem: `expected ${loaded.error.expected}`,
      };
    return opening(() => scenarioSession(loaded.scenario, `${name}: ${loaded.scenario.title}`), name);
  }
  const setup = isRecord(data) && 'setup' in data ? data.setup : data;
  return opening(() => new LabSession({ title: name, setup, seed: 1, cards: [] }), name);
}

/** Starts a session, or says where its setup is wrong (the engine's `SetupError`, with its clause). */
export function opening(start: () => LabSession, name: string): Opened {
  try {
    return { ok: true, session: start() };
  } catch (error) {
    if (error instanceof SetupError)
      return {
        ok: false,
        where: `${name}: setup.${error.path}`,
        problem: `${error.message} (${error.clause})`,
      };
    return { ok: false, where: name, problem: error instanceof Error ? error.message : String(error) };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
