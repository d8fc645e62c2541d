/**
 * What was worked out from the last few objects, by identity: for caches of what is read from each new
 * snapshot of a game (its table, its battle view), where only the latest snapshots are asked again.
 *
 * Not a WeakMap: V8's minor garbage collection keeps a long-lived WeakMap's entry alive where its value
 * reaches its key (a table reads the context it is keyed by), and with it the game's snapshots,
 * promoted to the old generation until a full collection: in an odds run, much of the garbage
 * collectors' quarter of the time. Here the last `size` keys are held, no more.
 */
export class Recent<K extends object, V> {
  private readonly keys: (K | undefined)[];
  private readonly values: (V | undefined)[];
  /** Where the next entry goes (the oldest is overwritten). */
  private next = 0;

  constructor(readonly size: number) {
    this.keys = new Array<K | undefined>(size).fill(undefined);
    this.values = new Array<V | undefined>(size).fill(undefined);
  }

  get(key: K): V | undefined {
    for (let i = 0; i < this.size; i++) if (this.keys[i] === key) return this.values[i];
    return undefined;
  }

  set(key: K, value: V): void {
    for (let i = 0; i < this.size; i++) {
      if (this.keys[i] === key) {
        this.values[i] = value;
        return;
      }
    }
    this.keys[this.next] = key;
    this.values[this.next] = value;
    this.next = (this.next + 1) % this.size;
  }
}
