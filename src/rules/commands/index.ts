import type { CardId, PlayerId } from '../../model/board.ts';
import {
  type Command,
  type CommandOf,
  type CommandType,
  commandSchema,
  isCommandType,
} from '../../model/commands.ts';
import type { Rejection } from '../../model/events.ts';
import {
  definitionOf,
  isMobileEmitter,
  isPersonnel,
  isPersonnelOrEquipment,
  isShipOrFacility,
} from '../cards.ts';
import { enforceExistence, wearersOf } from '../consequences.ts';
import { Draft, type Resolution } from '../draft.ts';
import type { RandomState } from '../random.ts';
import type { Table } from '../table.ts';
import { isInPlay, locationOf, type Spot } from '../where.ts';
import { activate } from './activation.ts';
import { capture } from './capture.ts';
import { destroy, discard, kill } from './death.ts';
import { removeEmitter, wearEmitter } from './emitter.ts';
import { addHoloIcon } from './icons.ts';
import { leave, move, moveShip, report } from './movement.ts';
import { requirePlayer } from './refusal.ts';
import type { CommandRule } from './rule.ts';
import { select } from './selection.ts';
import { changeAffiliation, endTurn } from './turn.ts';

/** The rules of every command, by type. */
export const COMMAND_RULES: { readonly [T in CommandType]: CommandRule<T> } = {
  report,
  move,
  wearEmitter,
  removeEmitter,
  activate,
  endTurn,
  kill,
  destroy,
  discard,
  leave,
  capture,
  select,
  addHoloIcon,
  changeAffiliation,
  moveShip,
};

/** A short description of malformed input, safe to echo back (never the whole payload). */
function describeInput(input: unknown): unknown {
  if (input === null || typeof input !== 'object') return input;
  const type = (input as { type?: unknown }).type;
  return typeof type === 'string' ? { type: type.slice(0, 40) } : '(object)';
}

/**
 * Checks a command against the schema and the rules. Returns the well-formed command, or the
 * rejection that says why not (with the clause). Never throws, whatever the input.
 */
export function judge(table: Table, input: unknown): { command: Command } | { rejection: Rejection } {
  const type = (input as { type?: unknown } | null)?.type;
  if (!isCommandType(type)) {
    return {
      rejection: {
        type: 'rejected',
        code: 'malformed',
        clause: 'GAME-INPUT-1',
        message: `GAME-INPUT-1: unknown command type ${JSON.stringify(typeof type === 'string' ? type.slice(0, 40) : (type ?? null))}`,
        command: describeInput(input),
      },
    };
  }
  const parsed = commandSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? issue.path.join('.') : '(command)';
    return {
      rejection: {
        type: 'rejected',
        code: 'malformed',
        clause: 'GAME-INPUT-1',
        message: `GAME-INPUT-1: ${type}.${where}: ${issue.message}`,
        command: describeInput(input),
      },
    };
  }
  const command = parsed.data;
  const refusal =
    requirePlayer(table, command.player) ??
    (COMMAND_RULES[command.type] as CommandRule<CommandType>).check(table, command as CommandOf<CommandType>);
  if (refusal) return { rejection: { type: 'rejected', ...refusal, command } };
  return { command };
}

/**
 * Carries out a command that `judge` accepted: the rule of its type, then the checks every command
 * is followed by (each hologram where it may exist, HOLO-EXIST-*, HOLO-EMIT-2).
 */
export function resolveCommand(table: Table, random: RandomState, command: Command): Resolution {
  const draft = new Draft(table, random);
  const wearing = wearersOf(draft);
  (COMMAND_RULES[command.type] as CommandRule<CommandType>).resolve(draft, command as CommandOf<CommandType>);
  enforceExistence(draft, wearing);
  return draft.resolution();
}

/** The spots at a location where a player's cards may go: the planet and that player's ships and facilities. */
function spotsAt(table: Table, player: PlayerId, location: string): Spot[] {
  const spots: Spot[] = [{ planet: location }];
  for (const card of Object.values(table.board.cards)) {
    if (
      card.owner === player &&
      card.at.in === 'space' &&
      card.at.location === location &&
      isShipOrFacility(table, card.id)
    ) {
      spots.push({ aboard: card.id });
    }
  }
  return spots;
}

/**
 * The commands of a player's own turn that the rules allow now: reporting, moving (one card at a
 * time), the emitter, activation, affiliation, ships, and ending the turn. Effects of cards (kill,
 * destroy, discard, leave, capture, select, addHoloIcon) are carried out when the client plays those
 * cards, so they are not listed.
 */
export function legalCommands(table: Table, player: PlayerId): Command[] {
  if (table.board.turn.player !== player) return [];
  const candidates: Command[] = [{ type: 'endTurn', player }];
  const mine = Object.values(table.board.cards).filter((card) => card.owner === player);
  const hosts = mine
    .filter((card) => card.at.in === 'space' && isShipOrFacility(table, card.id))
    .map((c) => c.id);
  const people = mine
    .filter((card) => isInPlay(table, card.id) && isPersonnel(table, card.id))
    .map((c) => c.id);
  for (const card of mine) {
    const id: CardId = card.id;
    if (card.at.in === 'hand' && isPersonnelOrEquipment(table, id)) {
      for (const host of hosts) candidates.push({ type: 'report', player, card: id, to: { aboard: host } });
    }
    if (card.at.in === 'aboard' || card.at.in === 'planet') {
      const location = locationOf(table, id);
      if (location !== undefined && isPersonnelOrEquipment(table, id)) {
        for (const to of spotsAt(table, player, location)) {
          candidates.push({ type: 'move', player, cards: [id], to });
        }
      }
    }
    if (isMobileEmitter(table, id)) {
      if (card.at.in === 'worn') candidates.push({ type: 'removeEmitter', player, emitter: id });
      else
        for (const hologram of people)
          candidates.push({ type: 'wearEmitter', player, emitter: id, hologram });
    }
    if (table.hologram(id)?.state === 'deactivated') {
      for (const by of people) candidates.push({ type: 'activate', player, hologram: id, by });
    }
    if (isInPlay(table, id) && definitionOf(table, id).affiliations.length > 1) {
      for (const to of definitionOf(table, id).affiliations)
        candidates.push({ type: 'changeAffiliation', player, card: id, to });
    }
    if (card.at.in === 'space' && definitionOf(table, id).type === 'Ship') {
      for (const to of Object.keys(table.board.locations))
        candidates.push({ type: 'moveShip', player, ship: id, to });
    }
  }
  return candidates.filter((command) => 'command' in judge(table, command));
}
