import type { BattleView, Group, Side } from '../../model/battle.ts';
import type { CardId } from '../../model/board.ts';
import type { Command, EffectResponse } from '../../model/commands.ts';
import { definitionOf, isHolographic, label } from '../cards.ts';
import { forbid, type Refusal, refuse } from '../commands/refusal.ts';
import type { Draft } from '../draft.ts';
import type { Table } from '../table.ts';
import { isInPlay, type Spot, sameSpot, spotOf } from '../where.ts';
import { playerSide } from './combat.ts';
import { windowClause } from './responses.ts';

/**
 * A card's effect played as a response in a battle's open window (issue 15): a host effect (kill,
 * destroy, discard, leave, capture, select) with `response: { card, window }`. It is judged against
 * the open window as `respond` is (BATTLE-2, BATTLE-4e, before the winner); its effect is carried out
 * exactly as outside battle (HOLO-DEATH-1, HOLO-EMIT-2, ... apply); then the battle accounts for it
 * (GAME-BATTLE-2) and priority passes as after any response.
 */

/** Whether a card's response descriptors (if it has any) allow it in this window. */
function timingAllows(table: Table, card: CardId, window: string): boolean {
  const timings = definitionOf(table, card)
    .effects.filter((effect) => effect.kind === 'response')
    .map((effect) => (effect as { timing: string }).timing);
  return timings.length === 0 || timings.some((t) => t === window || t === 'until-winner');
}

/**
 * The checks a card effect played as a response passes before its own rule's (priority is checked by
 * the caller): the window named is the one open, and the card that does it is the player's, in hand or
 * in play, usable, and (if the engine knows its timing) for this window.
 */
export function checkEffectResponse(
  table: Table,
  battle: BattleView,
  command: Command,
  response: EffectResponse,
): Refusal | undefined {
  const open = battle.window!;
  const clause = windowClause(open.kind);
  if (response.window !== open.kind) {
    return forbid(
      clause,
      `the window open now is ${open.kind}, not ${response.window}: a response answers the open window`,
    );
  }
  if (!Object.hasOwn(table.board.cards, response.card))
    return refuse('unknown-card', 'GAME-INPUT-1', `there is no card "${response.card}" (the response card)`);
  const card = table.board.cards[response.card]!;
  // The owner first, by id alone: a card in the opponent's hand is not named (it is hidden).
  if (card.owner !== command.player)
    return refuse('not-your-card', 'GAME-OWN-1', `[${response.card}] is not ${command.player}'s`);
  const name = label(table, response.card);
  if (card.at.in === 'discard')
    return forbid(clause, `${name} is in ${command.player}'s discard pile: it may not be played`);
  if (!playerSide(battle.data, command.player))
    return forbid(clause, `${command.player} has no personnel in this battle to respond for`);
  if (table.hologram(response.card)?.state === 'deactivated')
    return forbid('HOLO-EXIST-2', `${name} is deactivated and may not be used in any way`);
  if (!timingAllows(table, response.card, open.kind))
    return forbid(clause, `${name} may not be played in this window (${open.kind})`);
  return undefined;
}

/** Records the response, before its effect is carried out. */
export function beginEffectResponse(
  draft: Draft,
  battle: BattleView,
  command: Command,
  response: EffectResponse,
): void {
  const clause = windowClause(battle.window?.kind);
  draft.rule(
    'responded',
    clause,
    { player: command.player, card: response.card, window: response.window },
    () => `${command.player} responds with ${label(draft, response.card)}: ${command.type}`,
  );
}

/** The spot a group occupies. */
function groupSpot(group: Group): Spot {
  return 'aboard' in group.where ? { aboard: group.where.aboard } : { planet: group.where.planet };
}

/** Why a participant is out of the battle now, if it is. */
function whyGone(draft: Draft, id: CardId, spot: Spot): string | undefined {
  if (!isInPlay(draft, id)) return isHolographic(draft, id) ? 'it is erased' : 'it is discarded (dead)';
  if (draft.board.cards[id]!.at.in === 'captured') return 'it is captured';
  return sameSpot(spotOf(draft, id), spot) ? undefined : 'it has left its group';
}

/**
 * GAME-BATTLE-2: after a response (and the existence checks that follow every command), each
 * participant that is gone from play or from its group leaves the battle (its pile, the pairing, the
 * totals); a disabled one stays (it engages no one). One the response took out itself (stasis, beamed
 * away) has been told already.
 */
export function accountForBattle(draft: Draft, battle: BattleView): void {
  // Nothing moved, left play or changed state: every participant is where the command before left it
  // (that command accounted for the battle too), so none is gone.
  if (draft.changedCount() === 0 && draft.changes.length === 0) return;
  const told = new Set(draft.toBattle.flatMap((event) => (event.type === 'LEFT_BATTLE' ? [event.card] : [])));
  for (const side of ['attacker', 'defender'] as const satisfies readonly Side[]) {
    const spot = groupSpot(side === 'attacker' ? battle.data.attackingGroup : battle.data.defendingGroup);
    for (const id of battle.data.participants[side]) {
      const why = told.has(id) ? undefined : whyGone(draft, id, spot);
      if (!why) continue;
      draft.tellBattle({ type: 'LEFT_BATTLE', card: id });
      draft.rule(
        'left-battle',
        'GAME-BATTLE-2',
        { card: id },
        () =>
          `${label(draft, id)} leaves the battle (${why}): out of its combat pile, its pairing and the totals`,
      );
    }
  }
}

/**
 * After a card effect played as a response: the card played from hand (an interrupt) goes to the
 * discard pile (a card in play that was used, Tommygun, stays); the battle accounts for the effect
 * (GAME-BATTLE-2); priority passes (the window is told).
 */
export function endEffectResponse(
  draft: Draft,
  battle: BattleView,
  command: Command,
  response: EffectResponse,
): void {
  if (draft.board.cards[response.card]!.at.in === 'hand') draft.toDiscardPile(response.card);
  accountForBattle(draft, battle);
  draft.tellBattle({ type: 'RESPONDED', player: command.player });
}
