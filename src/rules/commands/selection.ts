import type { CardId } from '../../model/board.ts';
import { isHolographic, isPersonnel, label } from '../cards.ts';
import type { Table } from '../table.ts';
import { firstRefusal, forbid, refuse, requireCard, requireInPlay, requirePlayer } from './refusal.ts';
import type { CommandRule } from './rule.ts';

/** HOLO-ASSIM-1: holograms are never eligible for assimilation or abduction. */
export function eligibleForSelection(table: Table, among: readonly CardId[]): CardId[] {
  return among.filter((id) => isPersonnel(table, id) && !isHolographic(table, id));
}

/** HOLO-ASSIM-1: select one personnel for assimilation or abduction, by choice or at random. */
export const select: CommandRule<'select'> = {
  check(table, command) {
    const seen = new Set<CardId>();
    return firstRefusal(
      () => requirePlayer(table, command.player),
      ...command.among.map((id) => () => {
        if (seen.has(id)) return refuse('malformed', 'GAME-INPUT-1', `${id} is named twice`);
        seen.add(id);
        return firstRefusal(
          () => requireCard(table, id, 'personnel to select from'),
          () => requireInPlay(table, id),
          () =>
            isPersonnel(table, id)
              ? undefined
              : forbid('GAME-INPUT-1', `${label(table, id)} is not a personnel`),
        );
      }),
      () => {
        const pick = command.pick;
        if (pick === undefined) return undefined;
        if (!command.among.includes(pick))
          return forbid('GAME-INPUT-1', `${pick} is not among the personnel to select from`);
        return isHolographic(table, pick)
          ? forbid(
              'HOLO-ASSIM-1',
              `${label(table, pick)} is holographic: holograms are excluded from any selection for ${command.purpose}`,
            )
          : undefined;
      },
    );
  },
  resolve(draft, command) {
    const eligible = eligibleForSelection(draft, command.among);
    const excluded = command.among.filter((id) => !eligible.includes(id));
    let card: CardId | null = command.pick ?? null;
    if (card === null && eligible.length > 0) card = eligible[draft.randomInt(0, eligible.length - 1)]!;
    const how = command.pick ? 'chosen' : 'selected at random';
    draft.rule(
      'selected',
      'HOLO-ASSIM-1',
      { card, purpose: command.purpose, excluded },
      card === null
        ? `no personnel may be selected for ${command.purpose} (holograms are excluded)`
        : `${label(draft, card)} is ${how} for ${command.purpose}${excluded.length ? ` (holograms excluded: ${excluded.map((id) => label(draft, id)).join(', ')})` : ''}`,
    );
  },
};
