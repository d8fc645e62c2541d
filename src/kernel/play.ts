import {
  type Command,
  type CommandOf,
  isHostEffectType,
  type PlayerCommandType,
  responseOf,
} from '../model/commands.ts';
import type { Rejection, RuleEvent } from '../model/events.ts';
import { battleAfter, battleBegins, battleRecordOf } from '../rules/battle/sequence.ts';
import {
  admit,
  copyInput,
  type Door,
  EFFECT_EVENT,
  noTransition,
  refusalOfCopy,
} from '../rules/commands/admit.ts';
import { battleOfAttack } from '../rules/commands/battle.ts';
import { resolveCommand, resolveNextRogueBorgBattle } from '../rules/commands/index.ts';
import type { DraftOptions, Resolution } from '../rules/draft.ts';
import { hologramEventOf } from '../rules/draft.ts';
import { type HologramChangeEvent, hologramAfter } from '../rules/hologram-life.ts';
import type { GameState, HologramRecord } from './state.ts';
import { tableAt } from './state.ts';

/**
 * GAME-KERNEL-1. The kernel's one step: a command played on a game's state, with no actor. It carries out exactly what
 * the game statechart does for the same input (`machines/game.machine.ts`): the same door
 * (`rules/commands/admit.ts`), the same judgement and resolution (`rules/commands/`), the game's phases
 * (playing, battling: which commands each takes), the hologram actors' lives (`rules/hologram-life.ts`)
 * and the battle's sequence (`rules/battle/sequence.ts`); then, as the game does when its battle actor
 * is done, the battle closed and the next Rogue Borg battle of a start of turn begun.
 */

/** What a command came to: the state after it and what happened, or why not (the state unchanged). */
export type Played =
  | {
      readonly ok: true;
      readonly state: GameState;
      /** The command as carried out (a host effect as the effect itself), as a game's log keeps it. */
      readonly command: Command;
      /** Its rule events (none unless `events` was asked for). */
      readonly events: readonly RuleEvent[];
    }
  | { readonly ok: false; readonly rejection: Rejection };

export interface PlayOptions {
  /** Record the rule events (default false: a search reads none, and they cost). */
  readonly events?: boolean;
}

/** The commands a game takes while no battle runs: the game statechart's `playing` transitions. */
const WHILE_PLAYING: ReadonlySet<PlayerCommandType> = new Set([
  'report',
  'move',
  'wearEmitter',
  'removeEmitter',
  'activate',
  'endTurn',
  'play',
  'changeAffiliation',
  'moveShip',
  'attack',
]);

/** GAME-BATTLE-1: the commands a game takes while a battle runs: its `battling` transitions. */
const WHILE_BATTLING: ReadonlySet<PlayerCommandType> = new Set(['pass', 'respond', 'decide']);

/** Whether the game's phase has a transition for an admitted event (the statechart's guards). */
function phaseTakes(state: GameState, event: { type: string; effect?: Command }): boolean {
  const battling = state.battle !== null;
  if (event.type === EFFECT_EVENT) {
    // A host effect while playing; while battling, only one played as a response (issue 15).
    return battling ? responseOf(event.effect!) !== undefined : isHostEffectType(event.effect!.type);
  }
  return (battling ? WHILE_BATTLING : WHILE_PLAYING).has(event.type as PlayerCommandType);
}

/**
 * Plays one input on a state through a door: `'player'` (anything a player sent, copied and
 * checked), `'host'` (a host effect, as `game.effect` takes it), or `'own'` (a command the engine
 * built itself: judged by the rules without the copy and the schema). Never throws for any input.
 */
export function play(state: GameState, input: unknown, door: Door, options: PlayOptions = {}): Played {
  let token: object;
  if (door === 'own') token = input as object;
  else {
    const copied = copyInput(door === 'host' ? { type: EFFECT_EVENT, effect: input } : input);
    if (!('input' in copied)) return { ok: false, rejection: refusalOfCopy(copied) };
    token = copied.input;
  }
  const table = tableAt(state);
  let verdict: ReturnType<typeof admit>;
  try {
    verdict = admit(table, token, door);
  } catch (error) {
    return {
      ok: false,
      rejection: {
        type: 'rejected',
        code: 'malformed',
        clause: 'GAME-INPUT-1',
        message: `GAME-INPUT-1: the input cannot be judged (${String((error as Error)?.message ?? error).slice(0, 80)})`,
        command: null,
      },
    };
  }
  if ('rejection' in verdict) return { ok: false, rejection: verdict.rejection };
  const event = verdict.event;
  if (!phaseTakes(state, event)) return { ok: false, rejection: noTransition(event) };
  const command: Command = event.type === EFFECT_EVENT ? event.effect : event;
  return carryOut(state, command, options);
}

/** Carries out a command the rules accepted, and counts it; then closes a battle that is over. */
export function carryOut(state: GameState, command: Command, options: PlayOptions = {}): Played {
  const how: DraftOptions = { quiet: options.events !== true, unfrozen: true };
  const resolution = resolveCommand(tableAt(state), state.random, command, how);
  let next = applied(state, resolution, state.step + 1);
  // BATTLE-1: an attack starts its battle once announced, for the forces the rules put in it then.
  if (command.type === 'attack')
    next = {
      ...next,
      battle: battleBegins(battleOfAttack(tableAt(next), command as CommandOf<'attack'>)),
    };
  const events = options.events === true ? [...resolution.events] : [];
  return { ok: true, state: closedIfOver(next, events, how), command, events };
}

/** A resolution carried out on a state: its board, generator, holograms, battle and awaited decision. */
function applied(state: GameState, resolution: Resolution, step: number): GameState {
  let holograms = state.holograms;
  if (resolution.holograms.length > 0) {
    const changed: Record<string, HologramRecord> = { ...holograms };
    for (const change of resolution.holograms) {
      const event: HologramChangeEvent = hologramEventOf(change, resolution.board);
      const before = Object.hasOwn(changed, change.card) ? changed[change.card] : undefined;
      const after = hologramAfter(event.type === 'SPAWN' ? undefined : before, event);
      changed[change.card] =
        event.type === 'SPAWN'
          ? { ...after, owner: event.input.owner, enteredAs: event.input.initial }
          : { ...before!, state: after.state, deactivatedOnTurn: after.deactivatedOnTurn };
    }
    holograms = changed;
  }
  // A battle the rules start without an attack (Rogue Borg, CARD-ROGUE-BORG-1), then what the running
  // battle is told, in order.
  let battle = resolution.startBattle ? battleBegins(resolution.startBattle) : state.battle;
  for (const told of resolution.toBattle) battle = battle && battleAfter(battle, told);
  return {
    board: resolution.board,
    customCards: state.customCards,
    random: resolution.random,
    step,
    holograms,
    battle,
    awaitedDecision:
      resolution.awaitedDecision === undefined ? state.awaitedDecision : resolution.awaitedDecision,
    lastBattle: state.lastBattle,
  };
}

/**
 * A battle that is over is closed, its record kept (the game does it when its battle actor is done);
 * CARD-ROGUE-BORG-1: the Rogue Borg aboard the next ship queued for that start of turn then battle its
 * crew. Their events follow the command's, at the same step.
 */
function closedIfOver(state: GameState, events: RuleEvent[], how: DraftOptions): GameState {
  let now = state;
  while (now.battle?.step === 'over') {
    const { next } = now.battle.data;
    now = { ...now, battle: null, lastBattle: battleRecordOf(now.battle), awaitedDecision: null };
    if (next.length === 0) break;
    const resolution = resolveNextRogueBorgBattle(tableAt(now), now.random, next, how);
    now = applied(now, resolution, now.step);
    if (how.quiet !== true) events.push(...resolution.events);
  }
  return now;
}
