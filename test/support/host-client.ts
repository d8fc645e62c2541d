import { Client, type Room } from 'colyseus.js';
import type {
  AnswerMessage,
  RefusedMessage,
  SyncReply,
  UpdateMessage,
  WelcomeMessage,
} from '../../host/index.ts';
import { applyPayloadPatch, type RuleEvent, type SeatPayload, type StepEvents } from '../../src/index.ts';

/**
 * A client of a host as a test drives it: one connection (a seat or a spectator) that keeps its
 * payload up to date from the host's patches, lists the rule events it hears by step, and matches
 * answers to the commands it sent.
 */
export class SeatClient {
  payload: SeatPayload | undefined;
  /** The steps it has heard, in order, each once. */
  readonly heard: StepEvents[] = [];
  readonly refusals: RefusedMessage[] = [];
  readonly answers = new Map<string | number, AnswerMessage>();
  /** Patches that did not apply (there should be none). */
  readonly failures: string[] = [];
  /** How many answers, refusals and syncs it has had (each message a client sends gets one). */
  replies = 0;
  /** What the computer said of its choices for a seat it plays. */
  readonly bots: Array<{ player: string; step: number; explanation: string }> = [];
  private nextId = 1;
  private waiters: Array<() => void> = [];

  private constructor(
    readonly client: Client,
    public room: Room,
  ) {
    this.listen(room);
  }

  /** Joins a game's room (`joinOrCreate`, so that a host restarted rebuilds it from its store). */
  static async join(url: string, options: { gameId: string; seat?: string; token?: string; since?: number }) {
    const client = new Client(url.replace(/^http/, 'ws'));
    const room = await client.joinOrCreate('game', options);
    const seat = new SeatClient(client, room);
    await seat.until(() => seat.payload !== undefined, 'the welcome');
    return seat;
  }

  listen(room: Room): void {
    this.room = room;
    room.onMessage('welcome', (message: WelcomeMessage) => {
      this.payload = message.payload;
      this.hear(message.steps);
    });
    room.onMessage('update', (message: UpdateMessage) => {
      try {
        if (this.payload?.step !== message.from)
          throw new Error(`a patch from ${message.from} to a payload at ${this.payload?.step}`);
        this.payload = applyPayloadPatch(this.payload, message.patch);
      } catch (error) {
        this.failures.push((error as Error).message);
      }
      this.hear(message.steps);
    });
    room.onMessage('sync', (message: SyncReply) => {
      this.replies++;
      this.payload = message.payload;
      this.hear(message.steps);
    });
    room.onMessage('answer', (message: AnswerMessage) => {
      this.replies++;
      if (message.id !== null) this.answers.set(message.id, message);
      this.wake();
    });
    room.onMessage('bot', (message: { player: string; step: number; explanation: string }) => {
      this.bots.push(message);
    });
    room.onMessage('refused', (message: RefusedMessage) => {
      this.replies++;
      this.refusals.push(message);
      this.wake();
    });
  }

  private hear(steps: readonly StepEvents[]): void {
    for (const step of steps) {
      const last = this.heard.at(-1)?.step ?? 0;
      if (step.step > last) this.heard.push(step);
    }
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** Waits until `done` holds (checked at each message), or fails after `ms`. */
  async until(done: () => boolean, what: string, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  /** Sends a command, and waits for its answer (and, if carried out, for the payload of its step). */
  async send(command: unknown): Promise<AnswerMessage> {
    const id = this.nextId++;
    this.room.send('command', { id, command });
    await this.until(() => this.answers.has(id), `the answer to command ${id}`);
    const answer = this.answers.get(id)!;
    if (answer.ok) await this.until(() => (this.payload?.step ?? -1) >= answer.step, `step ${answer.step}`);
    return answer;
  }

  /** Every rule event heard, in order. */
  events(): RuleEvent[] {
    return this.heard.flatMap((step) => [...step.events]);
  }

  get step(): number {
    return this.payload?.step ?? -1;
  }

  /** Leaves the room (a room already closed answers nothing: given up after a moment). */
  async leave(): Promise<void> {
    await Promise.race([
      this.room.leave(true).catch(() => {}),
      new Promise((resolve) => setTimeout(resolve, 300)),
    ]);
  }

  /** Drops the connection as a network would (no goodbye): the host keeps the seat for its grace period. */
  drop(): void {
    (this.room.connection as unknown as { transport: { ws: { close(): void } } }).transport.ws.close();
  }
}
