import type { SyncMessage, SyncReply, UpdateMessage, WelcomeMessage } from '../host/protocol.ts';
import { applyPayloadPatch, type SeatPayload, type StepEvents } from '../src/index.ts';

/** What one message from the host made of a seat's payload and of what it has heard. */
export interface Kept {
  /** The payload now, where it changed. */
  readonly payload?: SeatPayload;
  /** The steps not told yet, in order, each once. */
  readonly steps: readonly StepEvents[];
  readonly truncated: boolean;
  /** The whole payload must be asked for (`keeper.ask()`): a patch did not apply, or steps were missed. */
  readonly ask: boolean;
}

const NOTHING: Kept = { steps: [], truncated: false, ask: false };

/**
 * A seat's payload, kept current from the host's messages, and the last step whose events were told:
 * an update's patch applies to the payload it was made from (else the whole payload is asked for, and
 * updates wait for it); each step's events are told once, in order, across reconnections (steps after
 * a gap wait for the whole payload, which brings every step since the last told).
 */
export class PayloadKeeper {
  payload: SeatPayload | undefined;
  /** The last step whose events were told: the `since` of a sync or of a join again. */
  heard: number | undefined;
  /** A whole payload asked for: updates wait for it. */
  private syncing = false;

  constructor(since?: number) {
    this.heard = since;
  }

  /** The whole payload (a welcome, or a sync), and the steps since the one asked. */
  whole(message: WelcomeMessage | SyncReply): Kept {
    this.syncing = false;
    // A first join without `since` hears from its welcome on.
    this.heard ??= message.payload.step - message.steps.length;
    return this.changed(message.payload, message.steps, message.truncated === true);
  }

  /** An update: its patch applied to the payload it was made from; else the whole payload to ask for. */
  update(message: UpdateMessage): Kept {
    if (this.syncing || this.payload === undefined) return NOTHING;
    let next: SeatPayload | undefined;
    try {
      if (this.payload.step === message.from) next = applyPayloadPatch(this.payload, message.patch);
    } catch {
      // Made from another payload than this one: the whole one is asked for.
    }
    return next ? this.changed(next, message.steps, false) : { ...NOTHING, ask: true };
  }

  /** The sync message that asks for the whole payload and the steps since the last told. */
  ask(): SyncMessage {
    this.syncing = true;
    return this.heard === undefined ? {} : { since: this.heard };
  }

  /** The host refused a sync (a flood): the next update that does not apply asks again. */
  syncRefused(): void {
    this.syncing = false;
  }

  private changed(payload: SeatPayload, steps: readonly StepEvents[], truncated: boolean): Kept {
    this.payload = payload;
    const heard = this.heard ?? payload.step;
    const fresh = steps.filter((step) => step.step > heard);
    if (fresh.length > 0 && fresh[0]!.step > heard + 1 && !truncated)
      return { payload, steps: [], truncated, ask: true };
    if (fresh.length > 0) this.heard = fresh.at(-1)!.step;
    return { payload, steps: fresh, truncated, ask: false };
  }
}
