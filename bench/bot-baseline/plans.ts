import type { Game } from '../../src/game/game.ts';
import type { CardId, PlayerId, Position } from '../../src/model/board.ts';
import type { Command, CommandOf, PlayerCommand } from '../../src/model/commands.ts';

/**
 * What the bot weighs: each of the seat's legal commands, and regroupings (every card of the player's
 * at one place moved to another: a retreat aboard a ship, a party beamed down to join a fight), which a
 * player makes one card at a time. A regrouping starts with one of the legal moves, and its playouts
 * carry out the rest; chosen, the bot sends that first move and weighs the rest at its next decision.
 */

export interface Plan {
  /** The commands in order: the first is one of the seat's legal commands, as the seat gave it. */
  readonly commands: readonly Command[];
  /** Every card a regrouping moves (a single command moves only the first). */
  readonly regroup?: { readonly cards: readonly CardId[]; readonly to: CommandOf<'move'>['to'] };
  /**
   * A slight preference between plans that score alike, in points of score: never spend a card or a
   * command for nothing (pass rather than respond, end the turn rather than shuffle cards about), and
   * of two equal outcomes in a pairing take the stronger (BATTLE-4a/b).
   */
  readonly preference: number;
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

/** A place as a key: the same planet, or aboard the same ship or facility. */
function placeKey(at: Position): string | undefined {
  if (at.in === 'planet') return `planet:${at.location}`;
  if (at.in === 'aboard') return `aboard:${at.host}`;
  return undefined;
}

const toKey = (to: CommandOf<'move'>['to']) =>
  'aboard' in to ? `aboard:${to.aboard}` : `planet:${to.planet}`;

/**
 * The cards the player has moved since its turn began: the bot moves each card at most once a turn, so
 * that it never walks a card back and forth where its playouts cannot tell the places apart.
 */
function movedThisTurn(game: Game, player: PlayerId): ReadonlySet<CardId> {
  const log = game.log();
  const moved = new Set<CardId>();
  for (let i = log.length - 1; i >= 0; i--) {
    const command = log[i]!;
    if (command.type === 'endTurn') break;
    if (command.type === 'move' && command.player === player)
      for (const card of command.cards) moved.add(card);
  }
  return moved;
}

/** The plans for a seat's legal commands: each command, then the regroupings its moves allow. */
export function plansFor(game: Game, player: PlayerId, legal: readonly PlayerCommand[]): Plan[] {
  const moved = movedThisTurn(game, player);
  const movable = legal.filter(
    (command) => command.type !== 'move' || !command.cards.some((card) => moved.has(card)),
  );
  // Should every command left be a card moved again, the seat's commands stand as they are.
  const weighed = movable.length > 0 ? movable : legal;
  const plans: Plan[] = weighed.map((command) => ({
    commands: [command],
    preference: preferenceOf(command),
  }));
  const cards = game.board().cards;
  // The legal moves by where the card is and where it may go: two or more make a regrouping.
  const moves = new Map<string, CommandOf<'move'>[]>();
  for (const command of weighed) {
    if (command.type !== 'move' || command.cards.length !== 1) continue;
    const from = placeKey(cards[command.cards[0]!]!.at);
    if (!from) continue;
    const key = `${from}>${toKey(command.to)}`;
    moves.set(key, [...(moves.get(key) ?? []), command]);
  }
  for (const group of moves.values()) {
    if (group.length < 2) continue;
    const [first, ...rest] = group;
    plans.push({
      commands: [
        first!,
        ...rest.map((move): Command => ({ type: 'move', player, cards: move.cards, to: move.to })),
      ],
      regroup: { cards: group.map((move) => move.cards[0]!), to: first!.to },
      preference: OTHER_COMMAND,
    });
  }
  return plans;
}
