import type { Board, Command, Game, Position } from 'stccg-rules';

/** Commands and places in words, with the cards' names: `activate The Doctor [doctor] by Data [data]`. */

/** A card's label, or the id as it is (a location, a player, a card name after `by`). */
function named(board: Board, id: string): string {
  const card = board.cards[id];
  return card ? `${card.card} [${id}]` : id;
}

function valueInWords(board: Board, value: unknown): string {
  if (typeof value === 'string') return named(board, value);
  if (Array.isArray(value)) return value.map((item) => valueInWords(board, item)).join(', ');
  if (value && typeof value === 'object')
    return Object.entries(value)
      .map(([key, item]) => `${key} ${valueInWords(board, item)}`)
      .join(' ');
  return String(value);
}

/** `report The Doctor [doctor] to aboard U.S.S. Enterprise [enterprise]`, without the player. */
export function commandInWords(game: Game, command: Command): string {
  const board = game.board();
  const {
    type,
    player: _player,
    step: _step,
    ...fields
  } = command as Record<string, unknown> & {
    type: string;
  };
  const parts = Object.entries(fields).map(([key, value]) =>
    ['card', 'cards', 'emitter', 'hologram', 'ship'].includes(key)
      ? valueInWords(board, value)
      : `${key} ${valueInWords(board, value)}`,
  );
  return [type, ...parts].join(' ');
}

/** Where a card is, in words. */
export function positionInWords(board: Board, at: Position): string {
  switch (at.in) {
    case 'hand':
      return 'in hand';
    case 'table':
      return 'on the table';
    case 'discard':
      return 'in the discard pile';
    case 'space':
      return `at ${board.locations[at.location]?.name ?? at.location}`;
    case 'aboard':
      return `aboard ${named(board, at.host)}`;
    case 'planet':
      return `on ${board.locations[at.location]?.name ?? at.location}`;
    case 'worn':
      return `worn by ${named(board, at.by)}`;
    case 'played-on':
      return `played on ${named(board, at.target)}`;
    case 'held':
      return `held by ${named(board, at.by)}`;
    case 'captured':
      return `captive of ${at.by}${at.host ? ` aboard ${named(board, at.host)}` : ` at ${at.location}`}`;
  }
}
