import { type PairingOutcome, playerOf, ROGUE_BORG } from '../model/battle.ts';
import type { PlayerId } from '../model/board.ts';
import type { BattleWindow, PlayerCommand } from '../model/commands.ts';
import type { Table } from '../rules/table.ts';
import type { PlayerView } from './view.ts';

/** What the game waits for, in a battle: a player's response (or pass), or a player's decision. */
export type Awaiting =
  | { readonly player: PlayerId; readonly for: 'response'; readonly window: BattleWindow }
  | { readonly player: PlayerId; readonly for: 'decision'; readonly options: readonly PairingOutcome[] };

/** What a policy sees when it must choose. */
export interface Situation {
  readonly awaiting: Awaiting;
  /** Every command the rules allow that player now. */
  readonly legal: readonly PlayerCommand[];
  readonly view: PlayerView;
}

/**
 * Chooses a command for a player, so that a battle runs unattended (bots, benchmarks, odds). It goes
 * through the players' door: a host effect is refused. Should it throw, the command before it stands,
 * and the result says which policy failed (`policyFailure`).
 */
export type PolicyFunction = (situation: Situation) => PlayerCommand;

/**
 * A player's policy: `'strongest'` passes every response window and always takes the strongest outcome
 * the rules allow (mortally wound, else stun); `'pass'` passes and declines everything; or a function.
 */
export type Policy = 'strongest' | 'pass' | PolicyFunction;

export function awaitingIn(table: Table): Awaiting | null {
  const battle = table.battle();
  if (!battle) return null;
  if (battle.window) return { player: battle.window.priority, for: 'response', window: battle.window.kind };
  const decision = battle.data.decision;
  if (battle.step === 'deciding' && decision) {
    return { player: playerOf(battle.data, decision.side), for: 'decision', options: decision.options };
  }
  return null;
}

const STRONGEST_FIRST: readonly PairingOutcome[] = ['mortally-wound', 'stun', 'none'];

/** The policies the engine carries out itself, by name. */
export const BUILT_IN_POLICIES: readonly BuiltInPolicy[] = ['strongest', 'pass'];

/**
 * A client's policy for a player, checked: a built-in policy's name or a function. Throws `TypeError`
 * for anything else (a misspelt `'Strongest'` would otherwise play as no policy the client chose).
 */
export function checkedPolicy(player: PlayerId, policy: unknown): Policy {
  if (typeof policy === 'function' || BUILT_IN_POLICIES.includes(policy as BuiltInPolicy)) {
    return policy as Policy;
  }
  const shown = typeof policy === 'string' ? JSON.stringify(policy.slice(0, 40)) : typeof policy;
  throw new TypeError(
    `the policy for ${JSON.stringify(String(player).slice(0, 40))} is ${shown}: a policy is ${BUILT_IN_POLICIES.map((name) => `'${name}'`).join(', ')} or a function`,
  );
}

/** A policy the engine carries out itself (`'strongest'`, `'pass'`): anything but a client's function. */
export type BuiltInPolicy = Exclude<Policy, PolicyFunction>;

/** The command a policy chooses: the client's function's, or the built-in policy's (`ownChoice`). */
export function choose(policy: Policy, situation: Situation): PlayerCommand {
  if (typeof policy === 'function') return policy(situation);
  return ownChoice(policy, situation.awaiting);
}

/**
 * The command a built-in policy chooses, built afresh by the engine from what the game awaits (the
 * player, and the outcomes the rules offer), never from a client's object: the game hands it in
 * through the gate's own door (`submitOwn`), where the rules judge it without the copy and the schema.
 */
export function ownChoice(policy: BuiltInPolicy, awaiting: Awaiting): PlayerCommand {
  if (awaiting.for === 'response') return { type: 'pass', player: awaiting.player };
  const outcome =
    policy === 'strongest' ? (STRONGEST_FIRST.find((o) => awaiting.options.includes(o)) ?? 'none') : 'none';
  return { type: 'decide', player: awaiting.player, outcome };
}

/**
 * The engine's rule for the Rogue Borg's decisions (CARD-ROGUE-BORG-1; the texts leave it open): they
 * take the strongest outcome the rules allow, mortally wound where more than double, else stun. No
 * player speaks for them, and a hostile force gains nothing by sparing a crew: a stunned or mortally
 * wounded adversary adds nothing to the crew's total (BATTLE-5), and a mortal wound also kills
 * (BATTLE-6). A client overrides it with `game.setPolicy(ROGUE_BORG, policy)`.
 */
export const ROGUE_BORG_RULE: Policy = 'strongest';

/** The policy that answers for a side when the client set none: the Rogue Borg's rule; players have none. */
export function defaultPolicyFor(player: PlayerId): Policy | undefined {
  return player === ROGUE_BORG ? ROGUE_BORG_RULE : undefined;
}
