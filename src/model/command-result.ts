import type { PlayerId } from './board.ts';
import type { PlayerCommand } from './commands.ts';
import type { Rejection, RuleEvent } from './events.ts';

/**
 * The answer to a command or host effect: carried out, with what happened; or refused, with why. Plain
 * JSON data, whatever the input was.
 */
export type CommandResult =
  | {
      readonly ok: true;
      /** The game's step now: after this command and any the policies sent after it. */
      readonly step: number;
      /** What happened: this command's rule events, then those of any commands the policies sent after it. */
      readonly events: readonly RuleEvent[];
      /** Commands the players' policies sent after this one, in order (empty without policies). */
      readonly auto: readonly PlayerCommand[];
      /** A policy's command that the rules refused (a custom policy's bug); the game then waits. */
      readonly policyRejection?: Rejection;
      /** A policy that threw instead of choosing (a custom policy's bug); the game then waits. */
      readonly policyFailure?: PolicyFailure;
    }
  | {
      readonly ok: false;
      readonly rejection: Rejection;
      /**
       * True when the input was sent while the game was answering another one (from a listener, a
       * subscriber or an inspection callback): it is queued, nothing has changed yet, and it is answered
       * in order by the actor's `accepted` or `rejected` event (`game.actor.on(...)`). The rejection's
       * `command` is the command as the game read it, which an `accepted` event names alike.
       */
      readonly queued?: true;
    };

/** A policy that threw: whose it was, and what it threw (as text). */
export interface PolicyFailure {
  readonly player: PlayerId;
  readonly message: string;
}
