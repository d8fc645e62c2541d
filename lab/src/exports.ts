import type { Command, Game, RuleEvent } from 'stccg-rules';
import { positionInSetupWords, type Scenario } from 'stccg-rules/scenario';
import type { Door } from './host-effects.ts';
import type { LabSession, Origin } from './session.ts';

/**
 * What leaves the lab: the session as a scenario file (its position, the commands played, what the
 * engine said as `emits`, refusals as `reject` steps, and the board at the end as `expect`), that
 * `stccg run` passes; the trace for the viewer; and the position in the page's address.
 */

/** A scenario allows this many events per step; the first ones are kept (more may come between). */
const MAX_EMITS = 100;

/** The cards a rule event is about, as the scenario runner matches them. */
function subjectOf(event: RuleEvent): string | undefined {
  const facts = event as unknown as Record<string, unknown>;
  for (const key of ['card', 'hologram', 'emitter', 'ship'])
    if (typeof facts[key] === 'string') return facts[key];
  return undefined;
}

/** The board now, as a scenario's `expect`: every card's place, hologram state and statuses; the turn. */
function expectationOf(game: Game): Scenario['steps'][number] {
  const cards: Record<string, Record<string, unknown>> = {};
  for (const card of Object.values(game.board().cards)) {
    const hologram = game.hologramState(card.id);
    cards[card.id] = {
      at: positionInSetupWords(card.at),
      ...(hologram ? { hologram } : {}),
      stopped: card.status.stopped,
      stunned: card.status.stunned,
      mortallyWounded: card.status.mortallyWounded,
    };
  }
  const turn = game.board().turn;
  return {
    say: 'the board at the end of the session',
    expect: { cards, turn: { ...turn } },
  } as Scenario['steps'][number];
}

/** The session's line up to the cursor as a scenario (a ruling anyone can run with `stccg run`). */
export function scenarioOf(session: LabSession): Scenario {
  const origin = session.origin;
  const clauses = new Set<string>();
  const steps: Scenario['steps'] = session.played.map((entry) => {
    if (!entry.outcome.ok) {
      clauses.add(entry.outcome.rejection.clause);
      return {
        reject: entry.command,
        clause: entry.outcome.rejection.clause,
        code: entry.outcome.rejection.code,
      } as Scenario['steps'][number];
    }
    for (const event of entry.outcome.events) clauses.add(event.clause);
    const emits = entry.outcome.events.slice(0, MAX_EMITS).map((event) => {
      const card = subjectOf(event);
      return { kind: event.kind, clause: event.clause, ...(card ? { card } : {}) };
    });
    return { do: entry.command, ...(emits.length > 0 ? { emits } : {}) } as Scenario['steps'][number];
  });
  steps.push(expectationOf(session.game));
  const cited = [...clauses].slice(0, 40);
  return {
    title: `From the rules lab: ${origin.title}`.slice(0, 300),
    clauses: (cited.length > 0 ? cited : ['GAME-INPUT-1']) as Scenario['clauses'],
    seed: origin.seed,
    setup: origin.setup as Scenario['setup'],
    ...(origin.cards.length > 0 ? { cards: origin.cards as Scenario['cards'] } : {}),
    ...(origin.policies ? { policies: { ...origin.policies } } : {}),
    steps,
  };
}

/** Offers text as a file to save. */
export function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file name from a title: `the-demo-holograms-at-ligos-vii`. */
export function fileNameOf(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'session'
  );
}

/** What the address carries: the origin and the commands played (each with its door), and the cursor. */
interface Carried {
  readonly v: 1;
  readonly origin: Origin;
  readonly commands: ReadonlyArray<{ readonly command: Command; readonly door: Door }>;
  readonly cursor: number;
}

const PREFIX = '#position=';

/** The session as the fragment of a link (base64url of its JSON: nothing goes to a server). */
export function linkFragmentOf(session: LabSession): string {
  const carried: Carried = {
    v: 1,
    origin: session.origin,
    commands: session.entries.map(({ command, door }) => ({ command, door })),
    cursor: session.cursor,
  };
  const bytes = new TextEncoder().encode(JSON.stringify(carried));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return PREFIX + btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Reads a link's fragment back; null when it carries no position (or a damaged one). */
export function carriedIn(hash: string): Carried | null {
  if (!hash.startsWith(PREFIX)) return null;
  try {
    const base64 = hash.slice(PREFIX.length).replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const carried = JSON.parse(new TextDecoder().decode(bytes)) as Carried;
    if (carried?.v !== 1 || !carried.origin || !Array.isArray(carried.commands)) return null;
    return carried;
  } catch {
    return null;
  }
}
