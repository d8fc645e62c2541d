import {
  type Command,
  isHostEffectType,
  isPlayerCommandType,
  type PlayerCommand,
} from '../../model/commands.ts';
import type { Rejection } from '../../model/events.ts';
import { copyPlain, typeName } from '../../model/plain.ts';
import type { Table } from '../table.ts';
import { judge, judgeWellFormed } from './index.ts';

/**
 * The door every input from outside takes (GAME-INPUT-1), whichever driver plays it: copied by value
 * (running none of the sender's code) and refused with a clause when it is no command of the door's,
 * before the rules judge it. The statecharts' input gate (`machines/game-gate.ts`) and the kernel
 * (`src/kernel/`) both answer through here, so a malformed input gets the same answer from either.
 */

/** The event that carries a host effect: `{ type: 'effect', effect }`. */
export const EFFECT_EVENT = 'effect';

/**
 * Which door an input comes through: a player's (a host effect is refused there), the host's, the raw
 * actor's (either, by its type), or the engine's own (a command a built-in policy built: judged by the
 * rules without the copy and the schema).
 */
export type Door = 'player' | 'host' | 'actor' | 'own';

/**
 * How many values (objects, arrays and leaves) an input may hold: a command or host effect holds a few
 * dozen (at most a hundred cards named), so anything far larger is refused by its size before it is
 * copied whole (a `move` of 400,000 card ids took a second to refuse).
 */
export const MAX_INPUT_VALUES = 10_000;

function rejected(code: Rejection['code'], message: string, command: unknown = null): Rejection {
  return { type: 'rejected', code, clause: 'GAME-INPUT-1', message: `GAME-INPUT-1: ${message}`, command };
}

/** What an input from outside reads as: its copy, or why it is no input at all. */
export type Copied =
  | { readonly input: object }
  | { readonly unreadable: string }
  | { readonly xstate: string };

/** Copies an input by value, as the door does before anything reads it. */
export function copyInput(input: unknown): Copied {
  const copy = copyPlain(input, { maxNodes: MAX_INPUT_VALUES });
  if (!copy.ok) return { unreadable: copy.why };
  if (copy.value === null || typeof copy.value !== 'object' || Array.isArray(copy.value))
    return { unreadable: 'it is not an object with a type' };
  const type = (copy.value as { type?: unknown }).type;
  // XState's own events never come from outside (a forged `xstate.stop` would stop a game).
  if (typeof type === 'string' && type.startsWith('xstate.')) return { xstate: type.slice(0, 40) };
  return { input: copy.value };
}

/** The rejection of an input that did not copy as a command (see `copyInput`). */
export function refusalOfCopy(copied: Exclude<Copied, { input: object }>): Rejection {
  if ('unreadable' in copied)
    return rejected('malformed', `the input is not plain data (${copied.unreadable})`);
  const was = typeName(copied.xstate);
  return rejected('malformed', `${was} is XState's own event: not accepted from outside`, { type: was });
}

/**
 * The host effect an `effect` event carries, if the event has that shape and nothing else
 * (`{ type: 'effect', effect: { ... } }`): the one reading of it for the gate, the chart's guards and
 * the kernel.
 */
export function effectOf(event: object): object | undefined {
  if ((event as { type?: unknown }).type !== EFFECT_EVENT) return undefined;
  if (Object.keys(event).some((key) => key !== 'type' && key !== 'effect')) return undefined;
  const effect = (event as { effect?: unknown }).effect;
  return effect !== null && typeof effect === 'object' ? effect : undefined;
}

/**
 * What a door does with a copied input: the event to carry out (a player's command, or `{ type:
 * 'effect', effect }` for a host effect), or the rejection that answers it.
 */
export function admit(
  table: Table,
  input: object,
  door: Door,
): { event: PlayerCommand | { type: typeof EFFECT_EVENT; effect: Command } } | { rejection: Rejection } {
  const type = (input as { type?: unknown }).type;
  if (isPlayerCommandType(type)) {
    const verdict = door === 'own' ? judgeWellFormed(table, input as Command) : judge(table, input);
    return 'command' in verdict ? { event: verdict.command as PlayerCommand } : verdict;
  }
  if (type === EFFECT_EVENT && (door === 'player' || door === 'own')) {
    return {
      rejection: rejected(
        'malformed',
        'a host effect never comes from a player: the host tells it with game.effect',
        { type: EFFECT_EVENT },
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
          { type: EFFECT_EVENT },
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
  return {
    rejection: rejected(
      'malformed',
      `unknown command type ${typeName(type)}`,
      typeof type === 'string' ? { type: typeName(type) } : '(object)',
    ),
  };
}

/**
 * GAME-INPUT-1: what the game answers when the rules accept a command that the game's current phase
 * has no transition for (a statechart whose guards and the rules ever disagreed): still answered,
 * never dropped.
 */
export function noTransition(event: object): Rejection {
  return rejected('not-now', 'the game has no transition for this command now', event);
}
