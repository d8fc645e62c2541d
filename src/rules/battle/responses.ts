import type { BattleView, Side } from '../../model/battle.ts';
import type { CardId, PlayerId, Position } from '../../model/board.ts';
import type { Effect } from '../../model/card-definition.ts';
import type { CommandOf } from '../../model/commands.ts';
import { definitionOf, hasEffect, isHolographic, label } from '../cards.ts';
import type { ClauseId } from '../clauses.ts';
import { forbid, type Refusal, refuse } from '../commands/refusal.ts';
import { deactivatedWhenReported } from '../consequences.ts';
import type { Draft } from '../draft.ts';
import { hasHoloProjectors, isDisabled, isInStasis, isWearingEmitter } from '../holograms.ts';
import { affiliationOf, hasSpecies, mayUse } from '../species.ts';
import type { Table } from '../table.ts';
import { arePresent, hostsAt, locationOf } from '../where.ts';
import { isMortallyWounded, isStunned, playerSide, safetyProtocolsHold } from './combat.ts';
import { isRogueBorg } from './strength.ts';

/** Responses in a battle's windows (BATTLE-2, BATTLE-4e): which are legal now, and what they do. */

type Response = Extract<Effect, { kind: 'response' }>;

/** The clause a window's responses answer to: the start of battle, a pairing, or before the winner. */
export function windowClause(kind: string | undefined): ClauseId {
  if (kind === 'pairing') return 'BATTLE-4e';
  return kind === 'until-winner' ? 'BATTLE-5' : 'BATTLE-2';
}

function responseOf(table: Table, card: CardId): Response | undefined {
  return definitionOf(table, card).effects.find((e): e is Response => e.kind === 'response');
}

/** A response's timing fits the window: its own kind, or any window before the winner. */
function fitsWindow(response: Response, kind: string): boolean {
  return response.timing === kind || response.timing === 'until-winner';
}

/** The player's combatant in the current pairing, and its adversary. */
function pairingOf(battle: BattleView, side: Side): { mine: CardId; theirs: CardId } | undefined {
  const pairing = battle.data.pairing;
  if (!pairing) return undefined;
  return side === 'attacker'
    ? { mine: pairing.attacker, theirs: pairing.defender }
    : { mine: pairing.defender, theirs: pairing.attacker };
}

/** Able to act in battle: in it still, and not disabled, in stasis, stunned or mortally wounded. */
function ableToAct(table: Table, battle: BattleView, side: Side, id: CardId): boolean {
  return (
    battle.data.participants[side].includes(id) &&
    !isDisabled(table, id) &&
    !isInStasis(table, id) &&
    !isStunned(table, id) &&
    !isMortallyWounded(table, id)
  );
}

/** HOLO-SPECIES-1 among others: whom Android Headlock's targets name. */
function isHeadlockTarget(table: Table, id: CardId, targets: readonly string[]): boolean {
  return targets.some((target) => {
    if (target === 'Holo') return isHolographic(table, id);
    if (target === 'Rogue Borg') return isRogueBorg(table, id);
    return hasSpecies(table, id, target) || definitionOf(table, id).characteristics.includes(target);
  });
}

/**
 * Disengage Safety Protocols: "[Holo] weapons mortally wound instead of stun" while the protocols are
 * suspended. A Holo weapon is a holographic card with a weapon characteristic ('45 Dom Perignon).
 */
function woundsInsteadOfStun(table: Table, card: CardId): boolean {
  return (
    isHolographic(table, card) &&
    definitionOf(table, card).characteristics.some((c) => /weapon/i.test(c)) &&
    !safetyProtocolsHold(table)
  );
}

/** The spot a side's group occupies. */
function groupPosition(battle: BattleView, side: Side): Position {
  const where = side === 'attacker' ? battle.data.attackingGroup.where : battle.data.defendingGroup.where;
  return 'aboard' in where ? { in: 'aboard', host: where.aboard } : { in: 'planet', location: where.planet };
}

/** Is the response legal for this player now? (Priority is checked before.) */
export function checkResponse(
  table: Table,
  battle: BattleView,
  command: CommandOf<'respond'>,
): Refusal | undefined {
  const window = battle.window!;
  const clause = windowClause(window.kind);
  const side = playerSide(battle.data, command.player);
  const card = table.board.cards[command.card]!;
  // The owner first, by id alone: a card in the opponent's hand is not named (it is hidden).
  if (card.owner !== command.player) {
    return refuse('not-your-card', 'GAME-OWN-1', `[${command.card}] is not ${command.player}'s`);
  }
  const name = label(table, command.card);
  const response = responseOf(table, command.card);
  if (!response) return forbid(clause, `${name} is not a response to a personnel battle`);
  if (!fitsWindow(response, window.kind)) {
    return forbid(
      clause,
      `${name} may not be played in this window (${window.kind}); it is for ${response.timing}`,
    );
  }
  // A player with nothing in the battle (a Rogue Borg battle with the other's crew) may only pass.
  if (!side) return forbid(clause, `${command.player} has no personnel in this battle to respond for`);
  const fromHand = response.effect !== 'stun-adversary';
  if (fromHand && card.at.in !== 'hand')
    return forbid(clause, `${name} must be played from ${command.player}'s hand`);
  const mine = battle.data.participants[side];
  switch (response.effect) {
    case 'stasis-by-species': {
      const users = mine.filter(
        (id) => ableToAct(table, battle, side, id) && mayUse(table, id, card.card).allowed,
      );
      if (users.length > 0) return undefined;
      const hologram = mine.find((id) => isHolographic(table, id));
      return forbid(
        hologram ? 'HOLO-SPECIES-1' : 'BATTLE-2',
        `${command.player} has no ${(response.species ?? []).join(' or ')} able to use ${name} in this battle${hologram ? ` (holograms such as ${label(table, hologram)} are of species hologram)` : ''}`,
      );
    }
    case 'report-to-battle': {
      const affiliation = response.affiliation ?? '';
      const involved = mine.some(
        (id) => affiliationOf(table, id) === affiliation && ableToAct(table, battle, side, id),
      );
      // HOLO-AFFIL-1 decides where a hologram of that affiliation (in another mode) is among them.
      const hologramOfIt = mine.some(
        (id) => isHolographic(table, id) && definitionOf(table, id).affiliations.includes(affiliation),
      );
      return involved
        ? undefined
        : forbid(
            hologramOfIt ? 'HOLO-AFFIL-1' : 'BATTLE-2',
            `${name} may report only to a battle involving ${command.player}'s ${affiliation} cards`,
          );
    }
    case 'beam-away': {
      const people = command.personnel ?? [];
      const to = command.to;
      if (people.length === 0 || !to)
        return forbid(clause, `${name} needs the personnel to beam and where to`);
      for (const id of people) {
        if (!Object.hasOwn(table.board.cards, id))
          return refuse('unknown-card', 'GAME-INPUT-1', `there is no card "${id}"`);
        if (!ableToAct(table, battle, side, id)) {
          return forbid(
            clause,
            `${label(table, id)} is not one of ${command.player}'s personnel able to act in this battle`,
          );
        }
      }
      const here = locationOf(table, people[0]!);
      if ('aboard' in to) {
        if (!hostsAt(table, command.player, here).includes(to.aboard)) {
          return forbid(
            'GAME-MOVE-1',
            `${to.aboard} is not ${command.player}'s ship or facility at this location`,
          );
        }
      } else if (to.planet !== here) {
        return forbid('GAME-MOVE-1', `the planet at ${to.planet} is not at this location`);
      }
      const target = groupPosition(battle, side);
      if ('aboard' in to ? target.in === 'aboard' && target.host === to.aboard : target.in === 'planet') {
        return forbid('GAME-MOVE-1', `${command.player}'s personnel are there already`);
      }
      const stranded = people.find(
        (id) =>
          'planet' in to &&
          isHolographic(table, id) &&
          !isWearingEmitter(table, id) &&
          !hasHoloProjectors(table, to.planet),
      );
      return stranded
        ? forbid('HOLO-EXIST-1', `${label(table, stranded)} may not beam to a planet without Holo-Projectors`)
        : undefined;
    }
    case 'stun-adversary': {
      if (battle.data.usedOncePerBattle.includes(command.card))
        return forbid(clause, `${name} was used once this battle already`);
      if (table.hologram(command.card)?.state === 'deactivated') {
        return forbid('HOLO-EXIST-2', `${name} is deactivated and may not be used in any way`);
      }
      const pair = pairingOf(battle, side);
      if (!pair || !ableToAct(table, battle, side, pair.mine))
        return forbid(clause, `no personnel of ${command.player}'s just engaged an adversary`);
      if (!arePresent(table, command.card, pair.mine))
        return forbid(clause, `${name} is not present with ${label(table, pair.mine)}`);
      if (isMortallyWounded(table, pair.theirs))
        return forbid(clause, `${label(table, pair.theirs)} is mortally wounded already`);
      // A stunned adversary may still be mortally wounded, where the Holo weapon wounds instead of stunning.
      if (isStunned(table, pair.theirs) && !woundsInsteadOfStun(table, command.card))
        return forbid(clause, `${label(table, pair.theirs)} is stunned already`);
      return undefined;
    }
    case 'headlock': {
      const pair = pairingOf(battle, side);
      if (!pair || !ableToAct(table, battle, side, pair.mine))
        return forbid(clause, `no personnel of ${command.player}'s just engaged an adversary`);
      if (!hasSpecies(table, pair.mine, 'Android') && !hasSpecies(table, pair.mine, 'Soong-type android')) {
        return forbid(
          isHolographic(table, pair.mine) ? 'HOLO-SPECIES-1' : 'BATTLE-4e',
          `${label(table, pair.mine)} is not an android (gameplay species ${isHolographic(table, pair.mine) ? 'hologram' : 'other'})`,
        );
      }
      if (!isHeadlockTarget(table, pair.theirs, response.targets ?? [])) {
        return forbid(clause, `${label(table, pair.theirs)} is not a ${(response.targets ?? []).join(', ')}`);
      }
      if (isMortallyWounded(table, pair.theirs))
        return forbid(clause, `${label(table, pair.theirs)} is mortally wounded already`);
      return undefined;
    }
  }
}

/** The turn number at whose end "your next turn" ends, for the player. */
function endOfNextTurn(table: Table, player: PlayerId): number {
  const turn = table.board.turn;
  return turn.player === player ? turn.number + 2 : turn.number + 1;
}

/** Carries out a legal response, then tells the battle's window that the player responded. */
export function resolveResponse(draft: Draft, battle: BattleView, command: CommandOf<'respond'>): void {
  const clause = windowClause(battle.window?.kind);
  const side = playerSide(battle.data, command.player)!;
  const response = responseOf(draft, command.card)!;
  const name = label(draft, command.card);
  draft.record({
    type: 'rule',
    kind: 'responded',
    clause,
    player: command.player,
    card: command.card,
    window: battle.window?.kind ?? '',
    message: `${clause}: ${command.player} responds with ${name}`,
  });
  const played = () => draft.toDiscardPile(command.card);
  switch (response.effect) {
    case 'stasis-by-species': {
      const theirs = battle.data.participants[side === 'attacker' ? 'defender' : 'attacker'];
      const users = battle.data.participants[side].filter(
        (id) =>
          ableToAct(draft, battle, side, id) &&
          mayUse(draft, id, definitionOf(draft, command.card).name).allowed,
      );
      const until = endOfNextTurn(draft, command.player);
      for (const user of users) {
        const targets = theirs.filter((id) => !isInStasis(draft, id));
        if (targets.length === 0) break;
        const target = targets[draft.randomInt(0, targets.length - 1)]!;
        draft.updateCard(target, {
          status: { ...draft.board.cards[target]!.status, inStasisUntilEndOfTurn: until },
        });
        draft.tellBattle({ type: 'LEFT_BATTLE', card: target });
        draft.record({
          type: 'rule',
          kind: 'in-stasis',
          clause: 'BATTLE-2',
          card: target,
          by: user,
          untilEndOfTurn: until,
          message: `BATTLE-2: ${label(draft, user)} places ${label(draft, target)} (random selection) in stasis until the end of turn ${until}`,
        });
      }
      played();
      break;
    }
    case 'report-to-battle': {
      const at = groupPosition(battle, side);
      draft.place(command.card, at);
      draft.record({
        type: 'rule',
        kind: 'reported',
        clause: 'BATTLE-2',
        card: command.card,
        at,
        message: `BATTLE-2: ${name} reports to the just-initiated battle, with ${command.player}'s personnel`,
      });
      deactivatedWhenReported(draft, command.card);
      break;
    }
    case 'beam-away': {
      const to = command.to!;
      const at: Position =
        'aboard' in to ? { in: 'aboard', host: to.aboard } : { in: 'planet', location: to.planet };
      for (const id of command.personnel ?? []) {
        const from = draft.board.cards[id]!.at;
        draft.place(id, at);
        draft.tellBattle({ type: 'LEFT_BATTLE', card: id });
        draft.record({
          type: 'rule',
          kind: 'moved',
          clause,
          card: id,
          from,
          to: at,
          message: `${clause}: ${label(draft, id)} beams away from the battle (${name})`,
        });
      }
      played();
      break;
    }
    case 'stun-adversary': {
      const pair = pairingOf(battle, side)!;
      draft.tellBattle({ type: 'USED_ONCE', card: command.card });
      const before = draft.board.cards[pair.theirs]!.status;
      if (woundsInsteadOfStun(draft, command.card)) {
        draft.updateCard(pair.theirs, { status: { ...before, stunned: false, mortallyWounded: true } });
        draft.record({
          type: 'rule',
          kind: 'mortally-wounded',
          clause: 'HOLO-BATTLE-1',
          card: pair.theirs,
          by: pair.mine,
          message: `HOLO-BATTLE-1: ${label(draft, pair.mine)} mortally wounds ${label(draft, pair.theirs)} with ${name}: the holographic safety protocols are suspended, and Holo weapons mortally wound instead of stun (Disengage Safety Protocols)`,
        });
        break;
      }
      draft.updateCard(pair.theirs, { status: { ...before, stunned: true } });
      draft.record({
        type: 'rule',
        kind: 'stunned',
        clause: 'BATTLE-4e',
        card: pair.theirs,
        by: pair.mine,
        message: `BATTLE-4e: ${label(draft, pair.mine)} stuns ${label(draft, pair.theirs)} with ${name} (once per battle)`,
      });
      break;
    }
    case 'headlock': {
      const pair = pairingOf(battle, side)!;
      draft.updateCard(pair.theirs, {
        status: { ...draft.board.cards[pair.theirs]!.status, stunned: false, mortallyWounded: true },
      });
      draft.tellBattle({ type: 'ENGAGES_NEXT', side, card: pair.mine });
      draft.record({
        type: 'rule',
        kind: 'mortally-wounded',
        clause: 'BATTLE-4e',
        card: pair.theirs,
        by: pair.mine,
        message: `BATTLE-4e: ${label(draft, pair.mine)} mortally wounds ${label(draft, pair.theirs)} with ${name}, and engages the next adversary`,
      });
      played();
      break;
    }
  }
  draft.tellBattle({ type: 'RESPONDED', player: command.player });
}

/** Every response the player could make now (one per card; Armbands: each personnel to each place). */
export function responseCandidates(
  table: Table,
  battle: BattleView,
  player: PlayerId,
): CommandOf<'respond'>[] {
  const side = playerSide(battle.data, player);
  if (!side) return [];
  const candidates: CommandOf<'respond'>[] = [];
  for (const card of Object.values(table.board.cards)) {
    if (card.owner !== player || !hasEffect(table, card.id, 'response')) continue;
    const response = responseOf(table, card.id)!;
    if (response.effect !== 'beam-away') {
      candidates.push({ type: 'respond', player, card: card.id });
      continue;
    }
    const here = battle.data.participants[side][0];
    const location = here ? locationOf(table, here) : undefined;
    if (!location) continue;
    const places = [
      { planet: location },
      ...hostsAt(table, player, location).map((host) => ({ aboard: host })),
    ];
    for (const id of battle.data.participants[side]) {
      for (const to of places)
        candidates.push({ type: 'respond', player, card: card.id, personnel: [id], to });
    }
  }
  return candidates;
}
