import { type BattleView, ROGUE_BORG } from '../../model/battle.ts';
import { type CardId, opponentOf, type PlayerId } from '../../model/board.ts';
import { cardList } from '../../model/card-record.ts';
import {
  type Command,
  type CommandOf,
  type CommandType,
  commandSchema,
  isCommandType,
  RESPONSE_EFFECT_TYPES,
  responseOf,
} from '../../model/commands.ts';
import type { Rejection } from '../../model/events.ts';
import { safeText, typeName } from '../../model/plain.ts';
import {
  accountForBattle,
  beginEffectResponse,
  checkEffectResponse,
  endEffectResponse,
} from '../battle/effect-responses.ts';
import { responseCandidates } from '../battle/responses.ts';
import { isOccupied, isShipInPlay, startRogueBorgBattle } from '../battle/rogue-borg.ts';
import {
  definitionOf,
  hasEffect,
  isMobileEmitter,
  isPersonnel,
  isPersonnelOrEquipment,
  isShipOrFacility,
} from '../cards.ts';
import { enforceExistence, wearersOf } from '../consequences.ts';
import { Draft, type DraftOptions, type Resolution } from '../draft.ts';
import type { RandomState } from '../random.ts';
import type { Table } from '../table.ts';
import { hostsAt, isInPlay, locationOf, type Spot } from '../where.ts';
import { activate } from './activation.ts';
import { attack, decide, pass, requirePriority, respond } from './battle.ts';
import { capture } from './capture.ts';
import { destroy, discard, kill } from './death.ts';
import { removeEmitter, wearEmitter } from './emitter.ts';
import { addHoloIcon } from './icons.ts';
import { leave, move, moveShip, report } from './movement.ts';
import { play } from './play.ts';
import { type Refusal, refuse, requirePlayer } from './refusal.ts';
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
  attack,
  play,
  pass,
  respond,
  decide,
};

/** A short description of malformed input, safe to echo back (never the whole payload). */
function describeInput(input: unknown): unknown {
  if (typeof input === 'string') return input.length > 40 ? `${input.slice(0, 40)}…` : input;
  if (input === null || typeof input !== 'object') return input;
  const type = (input as { type?: unknown }).type;
  return typeof type === 'string' ? { type: type.slice(0, 40) } : '(object)';
}

function malformed(input: unknown, message: string): { rejection: Rejection } {
  return {
    rejection: {
      type: 'rejected',
      code: 'malformed',
      clause: 'GAME-INPUT-1',
      message,
      command: describeInput(input),
    },
  };
}

/**
 * Checks a command against the schema and the rules. Returns the well-formed command, or the
 * rejection that says why not (with the clause). Never throws, whatever the input: even an object
 * whose fields throw when read is answered as malformed.
 */
export function judge(table: Table, input: unknown): { command: Command } | { rejection: Rejection } {
  let parsed: ReturnType<typeof commandSchema.safeParse>;
  let type: unknown;
  try {
    type = (input as { type?: unknown } | null)?.type;
    if (!isCommandType(type)) return malformed(input, `GAME-INPUT-1: unknown command type ${typeName(type)}`);
    parsed = commandSchema.safeParse(input);
  } catch {
    return malformed(null, 'GAME-INPUT-1: the command could not be read as plain data');
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    // The path and message may quote the sender's keys: printable and short, as every message is.
    const where = issue.path.length > 0 ? safeText(issue.path.join('.'), 120) : '(command)';
    return malformed(input, `GAME-INPUT-1: ${type}.${where}: ${safeText(issue.message, 200)}`);
  }
  return judgeWellFormed(table, parsed.data);
}

/**
 * Checks a well-formed command against the rules alone: `judge` once the schema has passed it. For a
 * command the engine built itself (a built-in policy's choice, typed and made from the game's own
 * data), which the input gate hands over without the copy and the schema (see `submitOwn`); the
 * rules judge it as they judge any other.
 */
export function judgeWellFormed(
  table: Table,
  command: Command,
): { command: Command } | { rejection: Rejection } {
  const refusal =
    requireSender(table, command) ??
    requireCurrentStep(table, command) ??
    requireBattleTiming(table, command) ??
    (COMMAND_RULES[command.type] as CommandRule<CommandType>).check(
      table,
      command as CommandOf<CommandType>,
    ) ??
    checkFurtherTargets(table, command);
  if (refusal) return { rejection: { type: 'rejected', ...refusal, command } };
  return { command };
}

/**
 * A command names a player of the game; a decision may also name the Rogue Borg (ROGUE_BORG), a side
 * that is no player: their decisions are sent for them (a policy, or the engine's own rule).
 */
function requireSender(table: Table, command: Command): Refusal | undefined {
  if (command.player === ROGUE_BORG && command.type === 'decide') return undefined;
  return requirePlayer(table, command.player);
}

/** GAME-STEP-1: a command made at another step than the game's is refused. */
function requireCurrentStep(table: Table, command: Command): Refusal | undefined {
  return command.step === undefined || command.step === table.step
    ? undefined
    : refuse(
        'stale',
        'GAME-STEP-1',
        `the command was made at step ${command.step}, but the game is at step ${table.step}`,
      );
}

/** The commands of a running battle; every other command waits until it is over (GAME-BATTLE-1). */
const BATTLE_COMMANDS: ReadonlySet<CommandType> = new Set(['pass', 'respond', 'decide']);

/**
 * GAME-BATTLE-1: while a battle runs, only its commands, and card effects played as responses in its
 * open window (`response: { card, window }`, judged like `respond`); a response needs a battle.
 */
function requireBattleTiming(table: Table, command: Command): Refusal | undefined {
  const battle = table.battle();
  const response = responseOf(command);
  if (!battle) {
    return response
      ? refuse(
          'not-now',
          'GAME-BATTLE-1',
          `no personnel battle is running: ${command.type} may not be played as a response (leave out "response")`,
        )
      : undefined;
  }
  if (response) {
    return requirePriority(table, command.player) ?? checkEffectResponse(table, battle, command, response);
  }
  if (!BATTLE_COMMANDS.has(command.type)) {
    return refuse(
      'not-now',
      'GAME-BATTLE-1',
      `a personnel battle is running (at ${battle.step}): ${command.type} must wait until it is over${
        (RESPONSE_EFFECT_TYPES as readonly string[]).includes(command.type)
          ? ', or be played as a response in its open window ("response": { card, window })'
          : ''
      }`,
    );
  }
  return undefined;
}

/** The further targets of one effect (`also`: Tommygun's erasures): each judged as `card` is, none twice. */
function checkFurtherTargets(table: Table, command: Command): Refusal | undefined {
  if (!('also' in command) || !command.also) return undefined;
  const seen = new Set<CardId>([command.card]);
  for (const card of command.also) {
    if (seen.has(card)) return refuse('malformed', 'GAME-INPUT-1', `${card} is named twice`);
    seen.add(card);
    const refusal = (COMMAND_RULES[command.type] as CommandRule<CommandType>).check(table, {
      ...command,
      card,
    } as CommandOf<CommandType>);
    if (refusal) return refusal;
  }
  return undefined;
}

/**
 * Carries out a command that `judge` accepted: the rule of its type, then the checks every command
 * is followed by (each hologram where it may exist, HOLO-EXIST-*, HOLO-EMIT-2), then what its rule
 * says follows it (`afterwards`: a pass that closes a window carries the battle on).
 */
export function resolveCommand(
  table: Table,
  random: RandomState,
  command: Command,
  options?: DraftOptions,
): Resolution {
  const draft = new Draft(table, random, options);
  const wearing = wearersOf(draft);
  const rule = COMMAND_RULES[command.type] as CommandRule<CommandType>;
  const response = responseOf(command);
  const battle = response || command.type === 'respond' ? table.battle() : undefined;
  if (battle && response) beginEffectResponse(draft, battle, command, response);
  rule.resolve(draft, command as CommandOf<CommandType>);
  if ('also' in command) {
    // One effect on several cards at once; a card the earlier ones took along (a crew, a worn emitter) is gone already.
    for (const card of command.also ?? []) {
      if (isInPlay(draft, card)) rule.resolve(draft, { ...command, card } as CommandOf<CommandType>);
    }
  }
  enforceExistence(draft, wearing);
  if (battle && response) endEffectResponse(draft, battle, command, response);
  else if (battle) accountForBattle(draft, battle);
  rule.afterwards?.(draft, command as CommandOf<CommandType>);
  return draft.resolution();
}

/**
 * CARD-ROGUE-BORG-1: the next Rogue Borg battle of a start of turn, once the one before it is over:
 * the first of these ships where Rogue Borg and a crew still are.
 */
export function resolveNextRogueBorgBattle(
  table: Table,
  random: RandomState,
  ships: readonly CardId[],
  options?: DraftOptions,
): Resolution {
  const draft = new Draft(table, random, options);
  startRogueBorgBattle(draft, ships, 'start-of-turn');
  return draft.resolution();
}

/** The spots at a location where a player's cards may go: the planet and that player's ships and facilities. */
function spotsAt(table: Table, player: PlayerId, location: string): Spot[] {
  return [{ planet: location }, ...hostsAt(table, player, location).map((host) => ({ aboard: host }))];
}

/**
 * The commands of a player's own turn that the rules allow now: reporting, moving (one card at a
 * time), the emitter, activation, affiliation, ships, and ending the turn. Effects of cards (kill,
 * destroy, discard, leave, capture, select, addHoloIcon) are carried out when the client plays those
 * cards, so they are not listed.
 */
export function legalCommands(table: Table, player: PlayerId): Command[] {
  const battle = table.battle();
  if (battle) return legalInBattle(table, battle, player);
  if (table.board.turn.player !== player) return [];
  const candidates: Command[] = [
    { type: 'endTurn', player },
    ...attackCandidates(table, player),
    ...playCandidates(table, player),
  ];
  const mine = cardList(table.board.cards).filter((card) => card.owner === player);
  const hosts = mine
    .filter((card) => card.at.in === 'space' && isShipOrFacility(table, card.id))
    .map((c) => c.id);
  const people = mine
    .filter((card) => isInPlay(table, card.id) && isPersonnel(table, card.id))
    .map((c) => c.id);
  // Where one may move at each location, found once per location (not once per card: a scan of the board each).
  const spots = new Map<string, Spot[]>();
  const spotsHere = (location: string) => {
    let here = spots.get(location);
    if (!here) {
      here = spotsAt(table, player, location);
      spots.set(location, here);
    }
    return here;
  };
  for (const card of mine) {
    const id: CardId = card.id;
    if (card.at.in === 'hand' && isPersonnelOrEquipment(table, id)) {
      for (const host of hosts) candidates.push({ type: 'report', player, card: id, to: { aboard: host } });
    }
    if (card.at.in === 'aboard' || card.at.in === 'planet') {
      const location = locationOf(table, id);
      if (location !== undefined && isPersonnelOrEquipment(table, id)) {
        for (const to of spotsHere(location)) {
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
  // Candidates the engine built, typed: judged by the rules alone, like a built-in policy's choice (a
  // property test sends each through the players' door, schema and all).
  return candidates.filter((command) => 'command' in judgeWellFormed(table, command));
}

/** In a battle: pass or respond when the player has priority; decide when the player's personnel is the stronger. */
function legalInBattle(table: Table, battle: BattleView, player: PlayerId): Command[] {
  const candidates: Command[] = [];
  if (battle.window?.priority === player) {
    candidates.push({ type: 'pass', player }, ...responseCandidates(table, battle, player));
  }
  if (battle.step === 'deciding') {
    for (const outcome of ['mortally-wound', 'stun', 'none'] as const)
      candidates.push({ type: 'decide', player, outcome });
  }
  return candidates.filter((command) => 'command' in judgeWellFormed(table, command));
}

/** CARD-ROGUE-BORG-1: each Rogue Borg Mercenaries in the player's hand onto each occupied ship. */
function playCandidates(table: Table, player: PlayerId): Command[] {
  const cards = cardList(table.board.cards);
  const borg = cards.filter(
    (card) => card.owner === player && card.at.in === 'hand' && hasEffect(table, card.id, 'rogue-borg'),
  );
  if (borg.length === 0) return [];
  const ships = cards.filter(
    (card) => card.at.in === 'space' && isShipInPlay(table, card.id) && isOccupied(table, card.id),
  );
  return borg.flatMap((card) =>
    ships.map((ship): Command => ({ type: 'play', player, card: card.id, on: ship.id })),
  );
}

/** Every attack of one of the player's groups on one of the opponent's at the same location. */
function attackCandidates(table: Table, player: PlayerId): Command[] {
  const opponent = opponentOf(table.board, player);
  const spotsOf = (owner: PlayerId) => {
    const spots = new Map<string, Spot>();
    for (const card of cardList(table.board.cards)) {
      if (card.owner !== owner || !isPersonnel(table, card.id)) continue;
      if (card.at.in === 'aboard') spots.set(`aboard:${card.at.host}`, { aboard: card.at.host });
      if (card.at.in === 'planet') spots.set(`planet:${card.at.location}`, { planet: card.at.location });
    }
    return [...spots.values()];
  };
  const theirs = spotsOf(opponent);
  return spotsOf(player).flatMap((attackers) =>
    theirs.map((defenders): Command => ({ type: 'attack', player, attackers, defenders })),
  );
}
