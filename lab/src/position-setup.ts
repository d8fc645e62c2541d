import type { Game, Setup } from 'stccg-rules';
import { positionInSetupWords } from 'stccg-rules/scenario';
import type { Origin } from './session.ts';

/**
 * The position a game has reached, written as a setup (`createGame` takes it back): every card where it
 * is now, with its statuses, hologram state and the turn it last deactivated. The battle odds start from it.
 */
export function setupOfPosition(game: Game, origin: Origin): Setup {
  const board = game.board();
  const table = game.table();
  const definitions = (origin.setup as { cardDefinitions?: Setup['cardDefinitions'] } | null)
    ?.cardDefinitions;
  const all = Object.values(board.cards);
  // A discard pile is the order the cards are listed in: bottom first.
  const ordered = [
    ...all.filter((card) => card.at.in !== 'discard'),
    ...all
      .filter((card) => card.at.in === 'discard')
      .sort((a, b) => (a.at.in === 'discard' && b.at.in === 'discard' ? a.at.order - b.at.order : 0)),
  ];
  const cards: Setup['cards'] = ordered.map((card) => {
    const hologram = table.hologram(card.id);
    const status = card.status;
    const flags = {
      ...(status.stopped ? { stopped: true } : {}),
      ...(status.disabled ? { disabled: true } : {}),
      ...(status.inStasisUntilEndOfTurn !== null
        ? { inStasisUntilEndOfTurn: status.inStasisUntilEndOfTurn }
        : {}),
      ...(status.stunned ? { stunned: true } : {}),
      ...(status.mortallyWounded ? { mortallyWounded: true } : {}),
    };
    const inPlay = hologram && hologram.state !== 'erased' && card.at.in !== 'discard';
    return {
      id: card.id,
      card: card.card,
      owner: card.owner,
      at: positionInSetupWords(card.at),
      ...(Object.keys(flags).length > 0 ? { status: flags } : {}),
      ...(inPlay ? { hologram: hologram.state as 'active' | 'deactivated' } : {}),
      ...(inPlay && hologram.state === 'deactivated' && hologram.deactivatedOnTurn !== null
        ? { deactivatedOnTurn: hologram.deactivatedOnTurn }
        : {}),
      ...(card.addedIcons.length > 0 ? { addedIcons: [...card.addedIcons] } : {}),
      ...(card.affiliationMode !== null ? { affiliation: card.affiliationMode } : {}),
    };
  });
  return {
    players: [...board.players] as [string, string],
    turn: { ...board.turn },
    locations: Object.values(board.locations).map((location) => ({ id: location.id, name: location.name })),
    ...(definitions ? { cardDefinitions: definitions } : {}),
    cards,
  };
}
