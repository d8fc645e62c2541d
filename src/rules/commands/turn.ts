import { opponentOf } from '../../model/board.ts';
import { cardList } from '../../model/card-record.ts';
import { rogueBorgBattleSites, startRogueBorgBattle } from '../battle/rogue-borg.ts';
import { definitionOf, isHolographic, label } from '../cards.ts';
import { affiliationOf } from '../species.ts';
import { firstRefusal, forbid, requireCard, requireInPlay, requireOwn, requireTurn } from './refusal.ts';
import type { CommandRule } from './rule.ts';

/** GAME-TURN-1, GAME-STOP-1: the turn passes; stopped cards recover; stasis that ends with this turn ends. */
export const endTurn: CommandRule<'endTurn'> = {
  check: (table, command) => requireTurn(table, command.player, 'end the turn'),
  resolve(draft, command) {
    const ending = draft.board.turn;
    for (const card of cardList(draft.board.cards)) {
      const status = card.status;
      if (status.stopped) {
        draft.setStatus(card.id, { stopped: false });
        draft.rule(
          'unstopped',
          'GAME-STOP-1',
          { card: card.id },
          `${label(draft, card.id)} is no longer stopped`,
        );
      }
      const after = draft.board.cards[card.id]!.status;
      if (after.inStasisUntilEndOfTurn !== null && after.inStasisUntilEndOfTurn <= ending.number) {
        draft.setStatus(card.id, { inStasisUntilEndOfTurn: null });
      }
    }
    const next = opponentOf(draft.board, command.player);
    draft.updateBoard({ turn: { player: next, number: ending.number + 1 } });
    draft.rule(
      'turn-ended',
      'GAME-TURN-1',
      { ended: command.player, next, number: ending.number + 1 },
      `${command.player} ends turn ${ending.number}; turn ${ending.number + 1} is ${next}'s`,
    );
    // CARD-ROGUE-BORG-1: at the start of every player's turn, Rogue Borg battle the crews they are aboard.
    startRogueBorgBattle(draft, rogueBorgBattleSites(draft), 'start-of-turn');
  },
};

/** GAME-AFFIL-1, HOLO-AFFIL-1: a multi-affiliation card changes mode during its owner's turn. */
export const changeAffiliation: CommandRule<'changeAffiliation'> = {
  check: (table, command) =>
    firstRefusal(
      () => requireTurn(table, command.player, 'change an affiliation mode'),
      () => requireCard(table, command.card, 'card changing affiliation', command.player),
      () => requireOwn(table, command.player, command.card, 'change the affiliation of'),
      () => requireInPlay(table, command.card),
      () => {
        const modes = definitionOf(table, command.card).affiliations;
        if (modes.length < 2) {
          return forbid('GAME-AFFIL-1', `${label(table, command.card)} has only one affiliation`);
        }
        if (!modes.includes(command.to)) {
          return forbid(
            'GAME-AFFIL-1',
            `${label(table, command.card)} may be ${modes.join(' or ')}, not ${command.to}`,
          );
        }
        if (affiliationOf(table, command.card) === command.to) {
          return forbid('GAME-AFFIL-1', `${label(table, command.card)} is ${command.to} already`);
        }
        return undefined;
      },
    ),
  resolve(draft, command) {
    const from = affiliationOf(draft, command.card) ?? '';
    draft.updateCard(command.card, { affiliationMode: command.to });
    const clause = isHolographic(draft, command.card) ? 'HOLO-AFFIL-1' : 'GAME-AFFIL-1';
    draft.rule(
      'affiliation-changed',
      clause,
      { card: command.card, from, to: command.to },
      `${label(draft, command.card)} changes from ${from} to ${command.to} mode`,
    );
  },
};
