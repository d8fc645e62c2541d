import type { Board, CardId, PlayerId, Position } from '../model/board.ts';
import type { Command, CommandOf, PlayerCommand } from '../model/commands.ts';

/**
 * The commands the bot weighs at one of its decisions, in its tree or at the root: the seat's legal
 * commands less those that only reorder or repeat others, so that the tree spends its budget on
 * different turns, not on the same turn written several ways:
 *
 * - a card moved this turn is not moved again (the bot never walks a card back and forth);
 * - a hologram is activated by the first of its possible activators only (who activates it changes
 *   nothing the score sees);
 * - a pairing's adversary is not spared where it may be stunned or wounded (sparing it only adds its
 *   STRENGTH to the other side's total, BATTLE-5);
 * - within a run of moves, of activations, of reports or of emitters put on, the commands come in one
 *   order (moving Data then Worf is moving Worf then Data).
 *
 * Besides the single commands, groups a player makes one command at a time: a regrouping (every card
 * of the player's at one place moved to the same other place: a party beamed down together, or up out
 * of a battle it would lose) and every hologram activated. The tree weighs a group as one step, so
 * that a turn of five commands is a turn of two; chosen, the group's first command is sent, and the
 * next decision weighs the rest again.
 */

export interface Candidate {
  /** The command without its step: the same at every determinization of the same decision. */
  readonly key: string;
  /** The command (of a group of commands, the first: one of the legal ones). */
  readonly command: PlayerCommand;
  /** A group's other commands, carried out after the first: the rest of a regrouping or of the activations. */
  readonly rest?: readonly PlayerCommand[];
  /**
   * A slight preference between commands that score alike, in points of score: never spend a card or a
   * command for nothing (pass rather than respond, end the turn rather than shuffle cards about), and
   * of two equal outcomes in a pairing take the stronger (BATTLE-4a/b).
   */
  readonly preference: number;
}

/** What the bot did earlier in its turn: which cards it moved, and its last command. */
export interface TurnMemory {
  readonly moved: ReadonlySet<CardId>;
  readonly last: { readonly type: Command['type']; readonly key: string } | null;
}

const PREFERENCES: Partial<Record<Command['type'], number>> = {
  endTurn: 0,
  pass: 0,
  attack: 0,
  respond: -0.01,
};
/** Any other command (a move, a report, an activation...): a command spent. */
const OTHER_COMMAND = -0.02;
const DECISIONS: Record<CommandOf<'decide'>['outcome'], number> = {
  'mortally-wound': 0.002,
  stun: 0.001,
  none: 0,
};

function preferenceOf(command: Command): number {
  if (command.type === 'decide') return DECISIONS[command.outcome];
  return PREFERENCES[command.type] ?? OTHER_COMMAND;
}

/** The commands whose runs come in one order. */
const ORDERED: ReadonlySet<Command['type']> = new Set(['move', 'activate', 'report', 'wearEmitter']);

/** A command as a key: its fields but the step, in the order the rules list them. */
export function keyOf(command: Command): string {
  const { step: _step, ...rest } = command as Command & { step?: number };
  return JSON.stringify(rest);
}

/** The candidates among a player's legal commands, given what it did earlier in its turn. */
export function candidatesOf(legal: readonly PlayerCommand[], memory: TurnMemory, board: Board): Candidate[] {
  const activated = new Set<CardId>();
  const candidates: Candidate[] = [];
  const strikes = legal.some((command) => command.type === 'decide' && command.outcome !== 'none');
  for (const command of legal) {
    if (strikes && command.type === 'decide' && command.outcome === 'none') continue;
    if (command.type === 'move' && command.cards.some((card) => memory.moved.has(card))) continue;
    if (command.type === 'activate') {
      if (activated.has(command.hologram)) continue;
      activated.add(command.hologram);
    }
    const key = keyOf(command);
    if (
      memory.last &&
      memory.last.type === command.type &&
      ORDERED.has(command.type) &&
      key <= memory.last.key
    )
      continue;
    candidates.push({ key, command, preference: preferenceOf(command) });
  }
  // Should nothing be left (every command a card moved again), the seat's commands stand as they are.
  if (candidates.length === 0)
    return legal.map((command) => ({ key: keyOf(command), command, preference: preferenceOf(command) }));
  return [...candidates, ...groupsOf(candidates, board)];
}

/** A place as a key: the same planet, or aboard the same ship or facility. */
function placeKey(at: Position): string | undefined {
  if (at.in === 'planet') return `planet:${at.location}`;
  if (at.in === 'aboard') return `aboard:${at.host}`;
  return undefined;
}

const toKey = (to: CommandOf<'move'>['to']) =>
  'aboard' in to ? `aboard:${to.aboard}` : `planet:${to.planet}`;

/** The regroupings and the activations of every hologram, among the single candidates. */
function groupsOf(candidates: readonly Candidate[], board: Board): Candidate[] {
  const moves = new Map<string, Candidate[]>();
  const activations: Candidate[] = [];
  for (const candidate of candidates) {
    const { command } = candidate;
    if (command.type === 'activate') activations.push(candidate);
    if (command.type !== 'move' || command.cards.length !== 1) continue;
    const from = placeKey(board.cards[command.cards[0]!]!.at);
    if (!from) continue;
    const key = `${from}>${toKey(command.to)}`;
    moves.set(key, [...(moves.get(key) ?? []), candidate]);
  }
  const groups: Candidate[] = [];
  for (const [key, group] of moves) {
    if (group.length >= 2) groups.push(groupOf(`regroup:${key}`, group));
  }
  if (activations.length >= 2) groups.push(groupOf('activate-all', activations));
  return groups;
}

/** A group's commands in the order runs come in (its first sent, the next decision then finds the rest). */
function groupOf(key: string, members: readonly Candidate[]): Candidate {
  const [first, ...rest] = [...members].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return {
    key,
    command: first!.command,
    rest: rest.map((member) => member.command),
    preference: OTHER_COMMAND,
  };
}

/** The memory after one more candidate (a group's every command). */
export function remembered(memory: TurnMemory, candidate: Candidate): TurnMemory {
  let now = memory;
  for (const command of [candidate.command, ...(candidate.rest ?? [])]) {
    if (command.type === 'endTurn') return { moved: new Set(), last: null };
    const moved = command.type === 'move' ? new Set([...now.moved, ...command.cards]) : now.moved;
    now = { moved, last: { type: command.type, key: keyOf(command) } };
  }
  return now;
}

/**
 * What the player did earlier in its turn, from a game's log: the cards it moved. Not its last command:
 * the order of a run holds within one search (so that it weighs each set of moves once), not between
 * decisions (a decision may have sent a run's commands in another order, and the rest must stay open).
 */
export function memoryOf(log: readonly Command[], player: PlayerId): TurnMemory {
  const moved = new Set<CardId>();
  for (let i = log.length - 1; i >= 0; i--) {
    const command = log[i]!;
    if (command.type === 'endTurn') break;
    if (command.type === 'move' && command.player === player)
      for (const card of command.cards) moved.add(card);
  }
  return { moved, last: null };
}
