import type { BattleView, Side } from '../../model/battle.ts';
import type { CardId, PlayerId, Position } from '../../model/board.ts';
import type { ResponseAction, ResponseDescriptor } from '../../model/card-definition.ts';
import { cardList } from '../../model/card-record.ts';
import type { ClauseId } from '../../model/clauses.ts';
import type { CommandOf } from '../../model/commands.ts';
import { definitionOf, hasEffect, iconsOf, isHolographic, label } from '../cards.ts';
import { capture } from '../commands/capture.ts';
import { forbid, type Refusal, refuse, requireCard } from '../commands/refusal.ts';
import { deactivatedWhenReported, discard } from '../consequences.ts';
import { killOrDeactivateInstead } from '../death.ts';
import type { Draft } from '../draft.ts';
import { hasHoloProjectors, isDisabled, isInStasis, isWearingEmitter } from '../holograms.ts';
import { affiliationOf, appearsOfSpecies, hasSpecies, mayUse } from '../species.ts';
import type { Table } from '../table.ts';
import { arePresent, hostsAt, isInPlay, locationOf } from '../where.ts';
import { isMortallyWounded, isStunned, playerSide, safetyProtocolsHold } from './combat.ts';
import { isRogueBorg } from './strength.ts';

/** Responses in a battle's windows (BATTLE-2, BATTLE-4e): which are legal now, and what they do. */

type Response = ResponseDescriptor;

/** The clause a window's responses answer to: the start of battle, a pairing, or before the winner. */
export function windowClause(kind: string | undefined): ClauseId {
  if (kind === 'pairing') return 'BATTLE-4e';
  return kind === 'until-winner' ? 'BATTLE-5' : 'BATTLE-2';
}

/** A card's responses: one, or several it offers one of ("... OR ...", Tommygun), each named by its option. */
function responsesOf(table: Table, card: CardId): Response[] {
  return definitionOf(table, card).effects.filter(
    (e): e is Extract<typeof e, { kind: 'response' }> => e.kind === 'response',
  );
}

/** The response a `respond` plays: the option it names, or the card's first. */
function responseOf(table: Table, card: CardId, option?: string): Response | undefined {
  const responses = responsesOf(table, card);
  return option === undefined ? responses[0] : responses.find((response) => response.option === option);
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

/** Why a personnel of the battle cannot act now (see `ableToAct`), in words. */
function whyUnable(table: Table, id: CardId): string {
  if (table.hologram(id)?.state === 'deactivated') return 'is deactivated, and so disabled';
  if (isDisabled(table, id)) return 'is disabled';
  if (isInStasis(table, id)) return 'is in stasis';
  if (isMortallyWounded(table, id)) return 'is mortally wounded';
  if (isStunned(table, id)) return 'is stunned';
  return 'cannot act now';
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

/** What a response's check and resolution read: the battle, the command, the card's descriptor. */
interface ResponseContext {
  readonly battle: BattleView;
  readonly command: CommandOf<'respond'>;
  readonly response: Response;
  readonly side: Side;
  /** The clause of the window open now (BATTLE-2, BATTLE-4e, BATTLE-5). */
  readonly clause: ClauseId;
  readonly name: string;
}

/** The rules of one kind of response: whether it may be played now, and what it does (as `CommandRule`). */
interface ResponseRule {
  check(table: Table, context: ResponseContext): Refusal | undefined;
  resolve(draft: Draft, context: ResponseContext): void;
}

/** Played from hand (an interrupt), or a card in play used where it is ('45 Dom Perignon, Tommygun). */
function playedFromHand(response: Response): boolean {
  return response.does ? response.from !== 'play' : response.effect !== 'stun-adversary';
}

/**
 * The two built-in effects the actions carry, read as actions: '45 Dom Perignon's "stun an adversary
 * they just engaged" (once per battle) and Android Headlock's mortal wound (the android engages next).
 * A client's card written with the old `effect` names works as before.
 */
function asActions(response: Response): Response {
  if (response.effect === 'stun-adversary') {
    return {
      ...response,
      effect: undefined,
      from: 'play',
      oncePerBattle: true,
      does: [{ do: 'stun', whom: 'adversary' }],
    };
  }
  if (response.effect === 'stasis-by-species') {
    return {
      ...response,
      effect: undefined,
      user: { species: response.species ?? [] },
      eachUser: true,
      does: [{ do: 'stasis', whom: 'random-opponent' }],
    };
  }
  if (response.effect === 'report-to-battle') {
    return {
      ...response,
      effect: undefined,
      user: { affiliations: [response.affiliation ?? ''] },
      does: [{ do: 'report' }],
    };
  }
  if (response.effect === 'headlock') {
    return {
      ...response,
      effect: undefined,
      user: { species: ['Android', 'Soong-type android'] },
      adversary: response.targets ?? [],
      does: [{ do: 'mortally-wound', whom: 'adversary' }, { do: 'engage-next' }],
    };
  }
  return response;
}

/** Does the response act on the adversary the user just engaged (so it needs a pairing, and the user in it)? */
function actsInPairing(response: Response): boolean {
  return (response.does ?? []).some(
    (action) => action.do === 'engage-next' || ('whom' in action && action.whom === 'adversary'),
  );
}

/** A personnel meets a response's `user` conditions (gameplay species, affiliation, icons) and the card's "use only". */
function meetsUser(table: Table, id: CardId, response: Response, card: CardId): boolean {
  const user = response.user;
  if (user?.species && !user.species.some((species) => hasSpecies(table, id, species))) return false;
  if (user?.affiliations && !user.affiliations.includes(affiliationOf(table, id) ?? '')) return false;
  if (user?.icons && !user.icons.some((icon) => iconsOf(table, id).includes(icon))) return false;
  return mayUse(table, id, definitionOf(table, card).name).allowed;
}

/**
 * Who may use the response now: the player's personnel able to act (in a pairing, the one engaged),
 * present with a card in play. A card that only reports to the battle asks less: a card of the player's
 * it names in the battle ("involving your [Kli] card(s)", D'k Tahg), able to act or not, for the
 * attacked group keeps its disabled members (BATTLE-1) and reporting is no use of the equipment.
 */
function usersOf(table: Table, context: ResponseContext): CardId[] {
  const would = wouldBeUsers(table, context);
  if (onlyReports(context.response)) return would;
  return would.filter((id) => ableToAct(table, context.battle, context.side, id));
}

function onlyReports(response: Response): boolean {
  const actions = response.does ?? [];
  return actions.length > 0 && actions.every((action) => action.do === 'report');
}

/**
 * Who acts by the card: each of its users where it says so (`eachUser`), else one of them. Which one is
 * the player's to choose, so the engine never lets the order of the cards on the table choose for them:
 * where the card would have its user mortally wound or kill, a non-hologram goes before a hologram, who
 * may not while the safety protocols hold (HOLO-BATTLE-1). A card each user may use ("may each") is
 * used by those who may: its holograms stand aside where a non-hologram acts and a non-holographic
 * opponent may be struck. Where holograms alone would act, they are the actors, and the check refuses.
 */
function actorsOf(table: Table, context: ResponseContext, users: readonly CardId[]): readonly CardId[] {
  const wounds = (context.response.does ?? []).some(wounding);
  const others = wounds ? users.filter((id) => !isHolographic(table, id)) : [];
  if (context.response.eachUser)
    return others.length > 0 && mayStrikeNonHologram(table, context) ? others : users;
  const user = others[0] ?? users[0];
  return user === undefined ? [] : [user];
}

/** An action a hologram may not take against a non-holographic opponent while the safety protocols hold (HOLO-BATTLE-1). */
function wounding(
  action: ResponseAction,
): action is Extract<ResponseAction, { do: 'mortally-wound' | 'kill' }> {
  return action.do === 'mortally-wound' || action.do === 'kill';
}

/** Whether a wounding action of the response may strike a non-holographic opponent while the safety protocols hold. */
function mayStrikeNonHologram(table: Table, context: ResponseContext): boolean {
  if (!safetyProtocolsHold(table)) return false;
  return (context.response.does ?? []).some(
    (action) =>
      wounding(action) &&
      targetsOf(table, context, action.whom, action.do).some((id) => !isHolographic(table, id)),
  );
}

/**
 * Who would use the response if able to act: the player's personnel the card allows (in a pairing, the
 * one engaged), present with a card in play.
 */
function wouldBeUsers(table: Table, context: ResponseContext): CardId[] {
  const { battle, side, response, command } = context;
  const pair = pairingOf(battle, side);
  const candidates = actsInPairing(response) ? (pair ? [pair.mine] : []) : battle.data.participants[side];
  return candidates.filter(
    (id) =>
      meetsUser(table, id, response, command.card) &&
      (playedFromHand(response) || arePresent(table, command.card, id)),
  );
}

/** The opposing personnel in the battle (not in stasis, still in play). */
function opponents(table: Table, battle: BattleView, side: Side): CardId[] {
  return battle.data.participants[side === 'attacker' ? 'defender' : 'attacker'].filter(
    (id) => isInPlay(table, id) && !isInStasis(table, id),
  );
}

/** The cards an action strikes (a random opponent is drawn only when resolving). */
function targetsOf(
  table: Table,
  context: ResponseContext,
  whom: ResponseTarget,
  what?: ResponseAction['do'],
): CardId[] {
  const theirs = opponents(table, context.battle, context.side);
  switch (whom) {
    case 'adversary': {
      const pair = pairingOf(context.battle, context.side);
      return pair && theirs.includes(pair.theirs) ? [pair.theirs] : [];
    }
    case 'random-opponent':
      // A stun drawn at random is drawn among those it could stun (Tommygun), as a stun of the adversary
      // is refused on one stunned already; a Holo weapon that wounds instead may draw them too.
      return theirs.filter(
        (id) =>
          !isMortallyWounded(table, id) &&
          (what !== 'stun' || !isStunned(table, id) || woundsInsteadOfStun(table, context.command.card)),
      );
    default:
      return theirs.filter((id) => isHolographic(table, id));
  }
}

type ResponseTarget = Extract<ResponseAction, { whom: string }>['whom'];

/** Why an action could do nothing now, if so. */
function checkAction(table: Table, context: ResponseContext, action: ResponseAction): Refusal | undefined {
  const { clause, name } = context;
  if (action.do === 'engage-next' || action.do === 'strength' || action.do === 'report') return undefined;
  const targets = targetsOf(table, context, action.whom as ResponseTarget, action.do);
  if (targets.length === 0)
    return forbid(clause, `${name} has no ${action.whom.replace(/-/g, ' ')} to ${action.do} in this battle`);
  // HOLO-BATTLE-1 holds for a hologram's strike by a card as for its pairing's decision: a stun at most,
  // on any non-holographic opponent it may strike (the adversary, or one drawn at random).
  const struck = targets.filter((id) => !isHolographic(table, id));
  if (wounding(action) && struck.length > 0 && safetyProtocolsHold(table)) {
    const hologram = actorsOf(table, context, usersOf(table, context)).find((id) => isHolographic(table, id));
    if (hologram) {
      const whom = action.whom === 'adversary' ? label(table, struck[0]!) : 'a non-holographic opponent';
      return forbid(
        'HOLO-BATTLE-1',
        `${label(table, hologram)} may stun but not ${action.do === 'kill' ? 'kill' : 'mortally wound'} ${whom} with ${name}: holograms may stun (but not mortally wound) non-holographic adversaries while the safety protocols hold`,
      );
    }
  }
  if (action.whom !== 'adversary') return undefined;
  const target = targets[0]!;
  if (isMortallyWounded(table, target))
    return forbid(clause, `${label(table, target)} is mortally wounded already`);
  // A stunned adversary may still be mortally wounded, where the Holo weapon wounds instead of stunning.
  if (action.do === 'stun' && isStunned(table, target) && !woundsInsteadOfStun(table, context.command.card))
    return forbid(clause, `${label(table, target)} is stunned already`);
  if (action.do === 'capture')
    return capture.check(table, { type: 'capture', player: context.command.player, card: target, by: name });
  return undefined;
}

/**
 * Why no one may use the response: HOLO-SPECIES-1 where a hologram of the player's might look the part
 * (its gameplay species is hologram), HOLO-AFFIL-1 where one has the affiliation in another mode.
 */
function noUser(table: Table, context: ResponseContext): Refusal {
  const { battle, side, response, command, clause, name } = context;
  const mine = battle.data.participants[side];
  // One who would qualify, but cannot act now: that is the reason, whatever species or mode.
  const unable = wouldBeUsers(table, context).find((id) => !ableToAct(table, battle, side, id));
  if (unable) {
    const deactivated = table.hologram(unable)?.state === 'deactivated';
    return forbid(
      deactivated ? 'HOLO-EXIST-2' : clause,
      `${command.player} has no personnel able to use ${name} in this battle: ${label(table, unable)} ${whyUnable(table, unable)}`,
    );
  }
  const species = response.user?.species;
  const affiliations = response.user?.affiliations;
  if (species) {
    const hologram = mine.find((id) => appearsOfSpecies(table, id, species));
    return forbid(
      hologram ? 'HOLO-SPECIES-1' : clause,
      `${command.player} has no ${species.join(' or ')} able to use ${name} in this battle${hologram ? ` (${label(table, hologram)} is a hologram, of gameplay species hologram whatever its appearance or lore)` : ''}`,
    );
  }
  if (affiliations) {
    const otherMode = mine.some(
      (id) =>
        isHolographic(table, id) &&
        definitionOf(table, id).affiliations.some((a) => affiliations.includes(a)),
    );
    return forbid(
      otherMode ? 'HOLO-AFFIL-1' : clause,
      `${command.player} has no ${affiliations.join(' or ')} personnel able to use ${name} in this battle${otherMode ? ' (a hologram of that affiliation is in another mode now)' : ''}`,
    );
  }
  return forbid(
    clause,
    `${command.player} has no personnel able to use ${name} in this battle${playedFromHand(response) ? '' : ' (present with it)'}`,
  );
}

/** Responses written as actions (`does`): the vocabulary a client's response card uses (docs/cards.md). */
const byActions: ResponseRule = {
  check(table, context) {
    const { battle, side, response, command, clause, name } = context;
    if (actsInPairing(response)) {
      const pair = pairingOf(battle, side);
      if (!pair) return forbid(clause, `no personnel of ${command.player}'s just engaged an adversary`);
      // Engaged, and then struck in the pairing (Android Headlock before it): the reason is what befell it.
      if (!ableToAct(table, battle, side, pair.mine))
        return forbid(
          clause,
          `${label(table, pair.mine)}, who just engaged an adversary, ${whyUnable(table, pair.mine)}: it cannot use ${name}`,
        );
      if (response.user?.species && !meetsUser(table, pair.mine, response, command.card)) {
        const holo = appearsOfSpecies(table, pair.mine, response.user.species);
        return forbid(
          holo ? 'HOLO-SPECIES-1' : clause,
          `${label(table, pair.mine)} may not use ${name} (it needs ${response.user.species.join(' or ')}${holo ? '; gameplay species hologram' : ''})`,
        );
      }
      if (response.adversary && !isHeadlockTarget(table, pair.theirs, response.adversary))
        return forbid(clause, `${label(table, pair.theirs)} is not a ${response.adversary.join(', ')}`);
    }
    if (usersOf(table, context).length === 0) return noUser(table, context);
    for (const action of response.does ?? []) {
      const refusal = checkAction(table, context, action);
      if (refusal) return refusal;
    }
    return undefined;
  },
  resolve(draft, context) {
    const { response, command } = context;
    const users = usersOf(draft, context);
    if (response.oncePerBattle) draft.tellBattle({ type: 'USED_ONCE', card: command.card });
    for (const user of actorsOf(draft, context, users)) {
      for (const action of response.does ?? []) act(draft, context, action, user);
    }
    // A card played from hand is discarded, unless an action put it in play (reported to the battle).
    if (playedFromHand(response) && draft.board.cards[command.card]!.at.in === 'hand')
      draft.toDiscardPile(command.card);
  },
};

/** One action of a response, by one user. */
function act(draft: Draft, context: ResponseContext, action: ResponseAction, user: CardId): void {
  const { battle, side, response, command, clause, name } = context;
  switch (action.do) {
    case 'engage-next':
      draft.tellBattle({ type: 'ENGAGES_NEXT', side, card: user });
      return;
    case 'report': {
      const at = groupPosition(battle, side);
      draft.place(command.card, at);
      draft.rule(
        'reported',
        clause,
        { card: command.card, at },
        () => `${name} reports to the just-initiated battle, with ${command.player}'s personnel`,
      );
      deactivatedWhenReported(draft, command.card);
      return;
    }
    case 'strength': {
      const whom =
        action.whom === 'user' ? [user] : battle.data.participants[side].filter((id) => isInPlay(draft, id));
      for (const id of whom) {
        const status = draft.board.cards[id]!.status;
        draft.updateCard(id, {
          status: { ...status, strengthThisBattle: (status.strengthThisBattle ?? 0) + action.amount },
        });
        draft.rule(
          'strength-changed',
          clause,
          { card: id, amount: action.amount, by: command.card },
          () =>
            `${label(draft, id)} is STRENGTH ${action.amount >= 0 ? '+' : ''}${action.amount} until the end of the battle (${name})`,
        );
      }
      return;
    }
    default: {
      let targets = targetsOf(draft, context, action.whom, action.do);
      if (action.whom === 'random-opponent' && targets.length > 0)
        targets = [targets[draft.randomInt(0, targets.length - 1)]!];
      const once = response.oncePerBattle ? ' (once per battle)' : '';
      for (const target of targets) strike(draft, context, action.do, user, target, once);
    }
  }
}

/** One action on one target: stun or mortally wound it, or kill, erase or capture it as the host's effects do. */
function strike(
  draft: Draft,
  context: ResponseContext,
  what: 'stun' | 'mortally-wound' | 'kill' | 'erase' | 'capture' | 'stasis',
  user: CardId,
  target: CardId,
  once: string,
): void {
  const { clause, name, command } = context;
  if (!isInPlay(draft, target)) return;
  if (what === 'stun' && woundsInsteadOfStun(draft, command.card)) {
    draft.setStatus(target, { stunned: false, mortallyWounded: true });
    draft.rule(
      'mortally-wounded',
      'HOLO-BATTLE-1',
      { card: target, by: user },
      () =>
        `${label(draft, user)} mortally wounds ${label(draft, target)} with ${name}: the holographic safety protocols are suspended, and Holo weapons mortally wound instead of stun (Disengage Safety Protocols)`,
    );
    return;
  }
  switch (what) {
    case 'stun':
    case 'mortally-wound':
      draft.setStatus(
        target,
        what === 'stun' ? { stunned: true } : { stunned: false, mortallyWounded: true },
      );
      draft.rule(
        what === 'stun' ? 'stunned' : 'mortally-wounded',
        clause,
        { card: target, by: user },
        () =>
          `${label(draft, user)} ${what === 'stun' ? 'stuns' : 'mortally wounds'} ${label(draft, target)} with ${name}${once}`,
      );
      return;
    case 'kill':
      killOrDeactivateInstead(draft, target, clause, `killed by ${name}`);
      return;
    case 'erase':
      discard(draft, target, isHolographic(draft, target) ? 'HOLO-DEATH-2' : clause, `erased by ${name}`);
      return;
    case 'capture':
      capture.resolve(draft, { type: 'capture', player: command.player, card: target, by: name });
      return;
    case 'stasis': {
      const until = endOfNextTurn(draft, command.player);
      draft.setStatus(target, { inStasisUntilEndOfTurn: until });
      draft.tellBattle({ type: 'LEFT_BATTLE', card: target });
      draft.rule(
        'in-stasis',
        clause,
        { card: target, by: user, untilEndOfTurn: until },
        () =>
          `${label(draft, user)} places ${label(draft, target)} (random selection) in stasis until the end of turn ${until} (${name})`,
      );
      return;
    }
  }
}

/** Emergency Transporter Armbands: beam your personnel away, "during battle before the winner is determined". */
const beamAway: ResponseRule = {
  check(table, { battle, side, command, clause, name }) {
    const people = command.personnel ?? [];
    const to = command.to;
    if (people.length === 0 || !to) return forbid(clause, `${name} needs the personnel to beam and where to`);
    for (const id of people) {
      const unknown = requireCard(table, id, 'personnel to beam', command.player);
      if (unknown) return unknown;
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
  },
  resolve(draft, { command, clause, name }) {
    const to = command.to!;
    const at: Position =
      'aboard' in to ? { in: 'aboard', host: to.aboard } : { in: 'planet', location: to.planet };
    for (const id of command.personnel ?? []) {
      const from = draft.board.cards[id]!.at;
      draft.place(id, at);
      draft.tellBattle({ type: 'LEFT_BATTLE', card: id });
      draft.rule(
        'moved',
        clause,
        { card: id, from, to: at },
        () => `${label(draft, id)} beams away from the battle (${name})`,
      );
    }
    draft.toDiscardPile(command.card);
  },
};

/**
 * The rules of each kind of response, as the command rules are a table of `{ check, resolve }`: the
 * built-in effects the actions cannot carry, and `byActions` for every response written as actions
 * (the legacy `stun-adversary` and `headlock` are read as actions, `asActions`).
 */
const RESPONSE_RULES: Readonly<Record<'beam-away' | 'actions', ResponseRule>> = {
  'beam-away': beamAway,
  actions: byActions,
};

/** The rule of a response already read as actions (`asActions`): only the Armbands' beaming is left built in. */
function ruleOf(response: Response): ResponseRule {
  return response.effect === 'beam-away' ? RESPONSE_RULES['beam-away'] : RESPONSE_RULES.actions;
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
  const found = responseOf(table, command.card, command.option);
  if (!found && command.option !== undefined) {
    const options = responsesOf(table, command.card).flatMap((response) => response.option ?? []);
    return refuse(
      'malformed',
      'GAME-INPUT-1',
      `${name} has no option "${command.option}"${options.length > 0 ? `: it offers ${options.join(' or ')}` : ': it offers no choice'}`,
    );
  }
  if (!found) return forbid(clause, `${name} is not a response to a personnel battle`);
  const response = asActions(found);
  if (!fitsWindow(response, window.kind)) {
    return forbid(
      clause,
      `${name} may not be played in this window (${window.kind}); it is for ${response.timing}`,
    );
  }
  // A player with nothing in the battle (a Rogue Borg battle with the other's crew) may only pass.
  if (!side) return forbid(clause, `${command.player} has no personnel in this battle to respond for`);
  if (playedFromHand(response)) {
    if (card.at.in !== 'hand') return forbid(clause, `${name} must be played from ${command.player}'s hand`);
  } else {
    if (!isInPlay(table, command.card)) return forbid(clause, `${name} must be in play to be used`);
    if (table.hologram(command.card)?.state === 'deactivated')
      return forbid('HOLO-EXIST-2', `${name} is deactivated and may not be used in any way`);
  }
  if (response.oncePerBattle && battle.data.usedOncePerBattle.includes(command.card))
    return forbid(clause, `${name} was used once this battle already`);
  // Whom to beam and where are the Armbands' alone: on any other response they are no part of it, and
  // the log must not keep them as if they were.
  if (response.effect !== 'beam-away' && (command.personnel !== undefined || command.to !== undefined)) {
    return refuse(
      'malformed',
      'GAME-INPUT-1',
      `${name} takes no personnel to beam nor where to (only a beaming response does)`,
    );
  }
  return ruleOf(response).check(table, { battle, command, response, side, clause, name });
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
  const response = asActions(responseOf(draft, command.card, command.option)!);
  const name = label(draft, command.card);
  draft.rule(
    'responded',
    clause,
    // A response is played in an open window only (priority is checked first).
    { player: command.player, card: command.card, window: battle.window!.kind },
    () => `${command.player} responds with ${name}${command.option ? ` (${command.option})` : ''}`,
  );
  ruleOf(response).resolve(draft, { battle, command, response, side, clause, name });
  draft.tellBattle({ type: 'RESPONDED', player: command.player });
}

/**
 * Every response the player could make now: one per response of each card (named by its `option` where
 * the card offers several); a beaming one (Armbands), each personnel to each place.
 */
export function responseCandidates(
  table: Table,
  battle: BattleView,
  player: PlayerId,
): CommandOf<'respond'>[] {
  const side = playerSide(battle.data, player);
  if (!side) return [];
  const candidates: CommandOf<'respond'>[] = [];
  for (const card of cardList(table.board.cards)) {
    if (card.owner !== player || !hasEffect(table, card.id, 'response')) continue;
    const responses = responsesOf(table, card.id);
    for (const response of responses) {
      const named = responses.length > 1 && response.option !== undefined ? { option: response.option } : {};
      if (response.effect !== 'beam-away') {
        candidates.push({ type: 'respond', player, card: card.id, ...named });
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
          candidates.push({ type: 'respond', player, card: card.id, ...named, personnel: [id], to });
      }
    }
  }
  return candidates;
}
