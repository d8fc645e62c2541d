import type { Position } from '../model/board.ts';
import type { SetupPosition } from '../model/setup.ts';
import type { EventMatcher, Expectation } from './schema.ts';

/**
 * Scenarios speak of positions as setups do (`{ "aboard": "enterprise" }`, `"hand"`), and print
 * commands, values and events compactly. These are the translations.
 */

/** A board position in the words of a setup (a discard pile's order is left to the `discard` check). */
export function positionInSetupWords(position: Position): SetupPosition {
  switch (position.in) {
    case 'hand':
    case 'table':
    case 'discard':
      return position.in;
    case 'space':
      return { space: position.location };
    case 'aboard':
      return { aboard: position.host };
    case 'planet':
      return { planet: position.location };
    case 'worn':
      return { wornBy: position.by };
    case 'played-on':
      return { playedOn: position.target };
    case 'held':
      return { heldBy: position.by };
    case 'captured':
      return position.host !== null
        ? { capturedBy: position.by, aboard: position.host }
        : { capturedBy: position.by, location: position.location };
  }
}

/** A value as a reader wants it: strings bare inside structures, `{ aboard: enterprise }`. */
export function compact(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return `[${value.map(compact).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([key, v]) => `${key}: ${compact(v)}`);
    return `{ ${entries.join(', ')} }`;
  }
  return String(value);
}

/** A value in a difference: exact, so that `"5"` and `5`, or `null` and `"null"`, never look alike. */
export function exact(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}

/** `alice activate hologram=doctor by=data`. */
export function commandInWords(command: { readonly type: string; readonly player: string }): string {
  const { type, player, ...fields } = command as Record<string, unknown> & { type: string; player: string };
  const rest = Object.entries(fields).map(([key, value]) => `${key}=${compact(value)}`);
  return [player, type, ...rest].join(' ');
}

/** `deactivated (HOLO-ACT-1) of doctor`. */
export function matcherInWords(matcher: EventMatcher): string {
  return [
    matcher.kind ?? 'an event',
    matcher.clause ? `(${matcher.clause})` : '',
    matcher.card ? `about ${matcher.card}` : '',
    matcher.message ? `saying "${matcher.message}"` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * An expectation in words, for the step's line: `doctor: hologram deactivated, disabled, at { aboard:
 * enterprise }; discard alice: [doctor]`. Each card's, player's or part's checks go together.
 */
export function expectationInWords(expectation: Expectation): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(expectation)) {
    if (key === 'cards' || key === 'view' || key === 'discard') {
      for (const [id, checks] of Object.entries(value as Record<string, unknown>))
        parts.push(`${key === 'cards' ? id : `${key} ${id}`}: ${checksInWords(checks)}`);
    } else parts.push(`${key}: ${checksInWords(value)}`);
  }
  return parts.join('; ');
}

/** `hologram deactivated, disabled, not stopped`: a true flag by its name, a false one with "not". */
function checksInWords(checks: unknown): string {
  if (typeof checks !== 'object' || checks === null || Array.isArray(checks)) return compact(checks);
  return Object.entries(checks)
    .map(([key, value]) =>
      value === true ? key : value === false ? `not ${key}` : `${key} ${compact(value)}`,
    )
    .join(', ');
}
