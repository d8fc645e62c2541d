import type { AnswerMessage, HostRefusal } from '../host/protocol.ts';
import type { Rejection } from '../src/index.ts';

/**
 * The host's answer to a command: carried out (at `step`, committed to the host's store), refused by
 * the rules (the `rejection`, with the clause that decided it; nothing changed), or refused by the host
 * without judging it (`refused`: malformed, too large, a flood, or its store unavailable).
 */
export type Answer =
  | { readonly ok: true; readonly step: number }
  | { readonly ok: false; readonly rejection: Rejection }
  | { readonly ok: false; readonly refused: HostRefusal };

/** An answer made here, not the host's: the connection was lost or closed before the answer came. */
export function unanswered(message: string): Answer {
  return { ok: false, refused: { code: 'unavailable', message } };
}

const DROPPED =
  'the connection dropped before the answer came: the command may or may not have been carried out (the payload shows which); send it again with its step, and one carried out already is refused as stale';

/**
 * The commands a seat has sent and whose answers are not settled yet, by message id. The host answers
 * the sender first and then sends everyone the step's update: an accepted command's answer is held
 * until the seat's payload has reached its step, so that whoever awaits it reads the table the command
 * made.
 */
export class PendingAnswers {
  private next = 1;
  /** Sent, not answered. */
  private readonly sent = new Map<number, (answer: Answer) => void>();
  /** Answered (accepted), waiting for the payload to reach their step. */
  private readonly reaching = new Map<
    number,
    { step: number; answer: Answer; settle: (a: Answer) => void }
  >();

  /** A new command's id, and the promise of its answer. */
  open(): { id: number; answer: Promise<Answer> } {
    const id = this.next++;
    return { id, answer: new Promise<Answer>((settle) => this.sent.set(id, settle)) };
  }

  /** The host's answer, given the step the seat's payload is at. */
  answered(message: AnswerMessage, step: number): void {
    if (typeof message.id !== 'number') return;
    const settle = this.sent.get(message.id);
    if (!settle) return;
    this.sent.delete(message.id);
    const { id: _, ...answer } = message;
    if (answer.ok && answer.step > step) this.reaching.set(message.id, { step: answer.step, answer, settle });
    else settle(answer);
  }

  /** The seat's payload reached `step`: the answers of steps up to it are settled. */
  reached(step: number): void {
    for (const [id, held] of this.reaching) {
      if (held.step > step) continue;
      this.reaching.delete(id);
      held.settle(held.answer);
    }
  }

  /**
   * The connection dropped: a command not answered yet may or may not have been carried out (its answer
   * is lost with the connection), so it is settled as the host settles a commit it cannot confirm
   * (`unavailable`). Answers waiting for their step wait on: the payload the seat gets back reaches it.
   */
  dropped(message = DROPPED): void {
    for (const settle of this.sent.values()) settle(unanswered(message));
    this.sent.clear();
  }

  /**
   * The seat is closed: every answer is settled now, one sent with `message`, one accepted with its
   * answer (though the payload never reached its step).
   */
  closed(message: string): void {
    this.dropped(message);
    for (const held of this.reaching.values()) held.settle(held.answer);
    this.reaching.clear();
  }
}
