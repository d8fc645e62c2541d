import type { PlayerId } from '../model/board.ts';
import type { PlayerCommand } from '../model/commands.ts';
import { type Awaiting, BUILT_IN_POLICIES, type BuiltInPolicy, ownChoice } from '../rules/awaiting.ts';
import type { PlayerView } from './view.ts';

export {
  type Awaiting,
  awaitingIn,
  BUILT_IN_POLICIES,
  type BuiltInPolicy,
  defaultPolicyFor,
  ownChoice,
  ROGUE_BORG_RULE,
} from '../rules/awaiting.ts';

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

/** The command a policy chooses: the client's function's, or the built-in policy's (`ownChoice`). */
export function choose(policy: Policy, situation: Situation): PlayerCommand {
  if (typeof policy === 'function') return policy(situation);
  return ownChoice(policy, situation.awaiting);
}
