import type { CardView, PlayerView } from '../game/view.ts';
import type { PlayerId } from '../model/board.ts';

/**
 * A player's view of the table in a few lines of text, for a terminal game (`stccg play`): each
 * location with what is in space there, aboard each ship or facility and on the planet, each card
 * with what sets it apart (a hologram's state, a worn emitter, stunned, stopped...); the cards on the
 * table; the hands (one's own by name, the other's by its size); and the battle, if one runs. Only
 * what the view shows: never the other's hand, nor the order of a face-down pile (GAME-VIEW-1).
 */

/** What sets a card apart, in parentheses: "(active, wears Mobile Holo-Emitter, stunned)". */
function marks(view: PlayerView, card: CardView): string {
  const worn = Object.values(view.cards).filter((other) => other.at.in === 'worn' && other.at.by === card.id);
  const status = card.status;
  const words = [
    card.hologram,
    ...worn.map((other) => `wears ${other.card}`),
    status.stunned && 'stunned',
    status.mortallyWounded && 'mortally wounded',
    status.disabled && 'disabled',
    status.inStasisUntilEndOfTurn !== null && 'in stasis',
    status.stopped && 'stopped',
    card.affiliationMode && card.affiliationMode,
  ].filter((word): word is string => typeof word === 'string' && word !== '');
  return words.length > 0 ? ` (${words.join(', ')})` : '';
}

/**
 * A card's name, with its id where the view shows another card of the same title: the copies are told
 * apart as the numbered commands name them ("Starfleet Crewman [crewman-2]").
 */
function nameOf(view: PlayerView, card: CardView): string {
  const copies = Object.values(view.cards).filter((other) => other.card === card.card).length;
  return copies > 1 ? `${card.card} [${card.id}]` : card.card;
}

/** The cards of one place, grouped by owner: "Data, The Doctor (active) [alice]; Fek'lhr [bob]". */
function cardsInWords(view: PlayerView, cards: readonly CardView[]): string {
  const owners = [...new Set(cards.map((card) => card.owner))];
  return owners
    .map(
      (owner) =>
        `${cards
          .filter((card) => card.owner === owner)
          .map((card) => `${nameOf(view, card)}${marks(view, card)}`)
          .join(', ')} [${owner}]`,
    )
    .join('; ');
}

/** The view in lines: the turn, each location, the table, the hands, the battle. */
export function tableInText(view: PlayerView, you: PlayerId | null): string[] {
  const cards = Object.values(view.cards);
  const lines = [`Turn ${view.turn.number}, ${view.turn.player}'s turn`];
  const shown = (list: readonly CardView[], label: string) => {
    if (list.length > 0) lines.push(`    ${label}: ${cardsInWords(view, list)}`);
  };
  for (const location of view.locations) {
    lines.push(`  ${location.name}`);
    const inSpace = cards.filter((card) => card.at.in === 'space' && card.at.location === location.id);
    shown(inSpace, 'in space');
    for (const host of inSpace) {
      shown(
        cards.filter((card) => card.at.in === 'aboard' && card.at.host === host.id),
        `aboard ${nameOf(view, host)}`,
      );
    }
    shown(
      cards.filter((card) => card.at.in === 'planet' && card.at.location === location.id),
      'on the planet',
    );
  }
  const onTable = cards.filter((card) => card.at.in === 'table' || card.at.in === 'played-on');
  if (onTable.length > 0) lines.push(`  on the table: ${cardsInWords(view, onTable)}`);
  const hands = Object.entries(view.handSizes).map(([player, size]) => {
    if (player !== you) return `${player}'s hand: ${size} card${size === 1 ? '' : 's'}`;
    const mine = cards
      .filter((card) => card.at.in === 'hand' && card.owner === you)
      .map((card) => nameOf(view, card));
    return `your hand: ${mine.length > 0 ? mine.join(', ') : 'empty'}`;
  });
  lines.push(`  ${hands.join('; ')}`);
  const battle = view.battle;
  if (battle) {
    const name = (id: string) => (view.cards[id] ? nameOf(view, view.cards[id]) : id);
    const pairing = battle.pairing
      ? `; pairing ${battle.pairing.number}: ${name(battle.pairing.attacker)} against ${name(battle.pairing.defender)}`
      : '';
    lines.push(
      `  battle: ${battle.attacker} attacks ${battle.defender}${pairing}; face down: ${battle.pileSizes.attacker} and ${battle.pileSizes.defender}${battle.priority ? `; ${battle.priority} may respond` : ''}`,
    );
  }
  return lines;
}
