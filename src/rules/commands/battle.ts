import { type BattleInput, type BattleView, type Group, playerOf } from '../../model/battle.ts';
import { opponentOf, type PlayerId } from '../../model/board.ts';
import type { ClauseId } from '../../model/clauses.ts';
import type { CommandOf, Place } from '../../model/commands.ts';
import { engagement, groupMembers, playerSide } from '../battle/combat.ts';
import { checkResponse, resolveResponse, windowClause } from '../battle/responses.ts';
import { carryOnBattle, settlePairing } from '../battle/steps.ts';
import { label } from '../cards.ts';
import { isDisabled } from '../holograms.ts';
import type { Table } from '../table.ts';
import {
  firstRefusal,
  forbid,
  type Refusal,
  refuse,
  requireCard,
  requireLocation,
  requireTurn,
} from './refusal.ts';
import type { CommandRule } from './rule.ts';

/** The commands of a personnel battle: attack (BATTLE-1), pass and respond (BATTLE-2, BATTLE-4e), decide (BATTLE-4a/b/c). */

function groupAt(owner: string, place: Place): Group {
  return { owner, where: 'aboard' in place ? { aboard: place.aboard } : { planet: place.planet } };
}

function requirePlace(table: Table, place: Place, viewer: PlayerId): Refusal | undefined {
  return 'aboard' in place
    ? requireCard(table, place.aboard, 'ship or facility', viewer)
    : requireLocation(table, place.planet);
}

function samePlace(a: Place, b: Place): boolean {
  return 'aboard' in a ? 'aboard' in b && a.aboard === b.aboard : 'planet' in b && a.planet === b.planet;
}

/** BATTLE-1: the battle an attack starts: the two groups, every member of each taking part. */
export function battleOfAttack(table: Table, command: CommandOf<'attack'>): BattleInput {
  const defender = opponentOf(table.board, command.player);
  const attackingGroup = groupAt(command.player, command.attackers);
  const defendingGroup = groupAt(defender, command.defenders);
  return {
    attacker: command.player,
    defender,
    players: [command.player, defender],
    next: [],
    activePlayer: table.board.turn.player,
    attackingGroup,
    defendingGroup,
    participants: {
      attacker: groupMembers(table, attackingGroup, 'attacker'),
      defender: groupMembers(table, defendingGroup, 'defender'),
    },
  };
}

/** BATTLE-1 */
export const attack: CommandRule<'attack'> = {
  check(table, command) {
    const opponent = opponentOf(table.board, command.player);
    return firstRefusal(
      () => requireTurn(table, command.player, 'attack'),
      () => requirePlace(table, command.attackers, command.player),
      () => requirePlace(table, command.defenders, command.player),
      // Personal combat needs the adversaries face to face: an Away Team fights on its planet, a crew
      // aboard its ship or facility (a boarding party is aboard the ship it attacks).
      () =>
        samePlace(command.attackers, command.defenders)
          ? undefined
          : forbid(
              'BATTLE-1',
              'the attacking and the attacked groups must be on the same planet or aboard the same ship or facility',
            ),
      // Disabled members come along (BATTLE-1 names whole groups), but someone must be able to fight.
      () =>
        groupMembers(table, groupAt(command.player, command.attackers), 'attacker').some(
          (id) => !isDisabled(table, id),
        )
          ? undefined
          : forbid(
              'BATTLE-1',
              `${command.player} has no unstopped, undisabled personnel there to attack with (stopped personnel may not attack; disabled ones do not engage)`,
            ),
      () =>
        groupMembers(table, groupAt(opponent, command.defenders), 'defender').length > 0
          ? undefined
          : forbid(
              'BATTLE-1',
              `${opponent} has no personnel there to attack (those in stasis may not be attacked)`,
            ),
    );
  },
  // The battle actor is started by the game's `startBattle` action on its `attack` transition, with
  // `battleOfAttack`: this only announces it.
  resolve(draft, command) {
    const { defender, participants } = battleOfAttack(draft, command);
    const attackers = [...participants.attacker];
    const defenders = [...participants.defender];
    const disabled = [...attackers, ...defenders].filter((id) => isDisabled(draft, id));
    draft.rule(
      'battle-announced',
      'BATTLE-1',
      { attacker: command.player, defender, attackers, defenders },
      () =>
        `${command.player} attacks with ${attackers.map((id) => label(draft, id)).join(', ')} against ${defenders.map((id) => label(draft, id)).join(', ')}${disabled.length ? ` (disabled, they do not engage: ${disabled.map((id) => label(draft, id)).join(', ')})` : ''}`,
    );
  },
};

/** The battle and its open window, with the player holding priority; or why not. */
export function requirePriority(table: Table, player: string): Refusal | undefined {
  const battle = table.battle();
  if (!battle) return refuse('not-now', 'GAME-BATTLE-1', 'no battle is running');
  // In a Rogue Borg battle both players hold the windows (BATTLE-4e), the one with no card in it too.
  if (!playerSide(battle.data, player) && !battle.data.players.includes(player))
    return forbid('GAME-BATTLE-1', `${player} takes no part in this battle`);
  if (!battle.window)
    return refuse('not-now', 'GAME-BATTLE-1', `no response window is open (the battle is at ${battle.step})`);
  const clause = windowClause(battle.window.kind);
  return battle.window.priority === player
    ? undefined
    : forbid(clause, `${battle.window.priority} has the opportunity to respond now, not ${player}`);
}

export const pass: CommandRule<'pass'> = {
  check: (table, command) => requirePriority(table, command.player),
  resolve(draft, command) {
    const battle = draft.battle()!;
    const clause = windowClause(battle.window?.kind);
    draft.tellBattle({ type: 'PASS', player: command.player });
    draft.rule(
      'passed',
      clause,
      // A pass is made in an open window only (priority is checked first).
      { player: command.player, window: battle.window!.kind },
      () =>
        `${command.player} passes${battle.window?.passes === 1 ? '; two passes in a row close the window' : ''}`,
    );
  },
  // The second pass in a row closes the window: the battle goes on to its next step with it.
  afterwards: (draft, command) => carryOnBattle(draft, draft.battle(), command.player),
};

export const respond: CommandRule<'respond'> = {
  check: (table, command) =>
    firstRefusal(
      () => requirePriority(table, command.player),
      () => requireCard(table, command.card, 'response card', command.player),
      () => checkResponse(table, table.battle() as BattleView, command),
    ),
  resolve: (draft, command) => resolveResponse(draft, draft.battle()!, command),
};

/**
 * A decision asked for where none is awaited: if a pairing is engaged now or has just been settled
 * without one, the clause that settled it says why (BATTLE-4c for equal STRENGTH); otherwise it is
 * simply not the time (GAME-BATTLE-1).
 */
function settledPairing(table: Table, battle: BattleView): Refusal | undefined {
  const engaged = battle.data.pairing;
  if (engaged) {
    const found = engagement(table, battle.data, engaged.attacker, engaged.defender);
    return found.decider ? undefined : forbid(found.clause, `pairing ${engaged.number}: ${found.reason}`);
  }
  const last = battle.data.pairings.at(-1);
  if (!last || battle.step === 'startOfBattle' || battle.step === 'formingPiles') return undefined;
  return forbid(
    last.clause as ClauseId,
    // The clause is cited by id, not quoted: quoting it would carry every clause's text into every page
    // that plays a game (`clause(id)` gives it to whoever shows it).
    `pairing ${last.number} is settled (${last.outcome === 'none' ? 'no one stunned or mortally wounded' : last.outcome}): no decision is awaited`,
  );
}

/** BATTLE-4a/b/c, HOLO-BATTLE-1: the stronger personnel's player chooses among what the rules allow. */
export const decide: CommandRule<'decide'> = {
  check(table, command) {
    const battle = table.battle();
    if (!battle) return refuse('not-now', 'GAME-BATTLE-1', 'no battle is running');
    const decision = battle.data.decision;
    if (battle.step !== 'deciding' || !battle.data.pairing || !decision) {
      return (
        settledPairing(table, battle) ??
        refuse('not-now', 'GAME-BATTLE-1', `no pairing awaits a decision (the battle is at ${battle.step})`)
      );
    }
    // BATTLE-4a: only the higher-STRENGTH personnel may choose.
    if (playerOf(battle.data, decision.side) !== command.player) {
      return forbid('BATTLE-4a', `${command.player} does not decide this pairing: ${decision.reason}`);
    }
    if (decision.options.includes(command.outcome)) return undefined;
    // The clause that denies this very outcome: BATTLE-4b for a mortal wound short of more than double.
    const denied = decision.denied.find((d) => d.outcome === command.outcome);
    return forbid(
      denied?.clause ?? decision.clause,
      `${command.outcome} is not allowed: ${denied?.reason ?? decision.reason}`,
    );
  },
  resolve(draft, command) {
    const battle = draft.battle()!;
    const pairing = battle.data.pairing!;
    const decision = battle.data.decision!;
    const [strong, weak] =
      decision.side === 'attacker'
        ? [pairing.attacker, pairing.defender]
        : [pairing.defender, pairing.attacker];
    const clause =
      command.outcome === 'mortally-wound'
        ? 'BATTLE-4b'
        : command.outcome === 'stun'
          ? 'BATTLE-4a'
          : decision.clause;
    settlePairing(draft, pairing, command.outcome, strong, weak, clause, `${command.player} declines`);
  },
};
