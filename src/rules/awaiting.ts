import { type PairingOutcome, playerOf, ROGUE_BORG } from '../model/battle.ts';
import type { PlayerId } from '../model/board.ts';
import type { BattleWindow, PlayerCommand } from '../model/commands.ts';
import type { Table } from './table.ts';

/**
 * What a battle awaits, and the engine's own answers to it: read alike by both drivers (the game over
 * the statecharts, and the kernel).
 */

/** What the game waits for, in a battle: a player's response (or pass), or a player's decision. */
export type Awaiting =
  | { readonly player: PlayerId; readonly for: 'response'; readonly window: BattleWindow }
  | { readonly player: PlayerId; readonly for: 'decision'; readonly options: readonly PairingOutcome[] };

/** BATTLE-2, BATTLE-4a/b/c, BATTLE-4e: whom the battle waits for now, and for what; null for no one. */
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

/**
 * A policy the engine carries out itself: `'strongest'` passes every response window and always takes
 * the strongest outcome the rules allow (mortally wound, else stun); `'pass'` passes and declines
 * everything.
 */
export type BuiltInPolicy = 'strongest' | 'pass';

/** The policies the engine carries out itself, by name. */
export const BUILT_IN_POLICIES: readonly BuiltInPolicy[] = ['strongest', 'pass'];

const STRONGEST_FIRST: readonly PairingOutcome[] = ['mortally-wound', 'stun', 'none'];

/**
 * The command a built-in policy chooses, built afresh by the engine from what the game awaits (the
 * player, and the outcomes the rules offer), never from a client's object: the engine's own door
 * takes it, where the rules judge it without the copy and the schema.
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
export const ROGUE_BORG_RULE: BuiltInPolicy = 'strongest';

/** The policy that answers for a side when the client set none: the Rogue Borg's rule; players have none. */
export function defaultPolicyFor(player: PlayerId): BuiltInPolicy | undefined {
  return player === ROGUE_BORG ? ROGUE_BORG_RULE : undefined;
}
