/**
 * Listeners by the name of what they hear, each told in the order it was added. A listener that throws
 * is the client's mistake: it is reported (`reportError` where the platform has it) and the others are
 * still told, so that one broken view never stops the seat.
 */
export class Listeners<Events extends { [K in keyof Events]: (...args: never[]) => void }> {
  private readonly byName = new Map<keyof Events, Set<(...args: never[]) => void>>();

  /** Adds a listener; returns what removes it. */
  add<K extends keyof Events>(name: K, listener: Events[K]): () => void {
    const set = this.byName.get(name) ?? new Set();
    this.byName.set(name, set);
    set.add(listener);
    return () => void set.delete(listener);
  }

  tell<K extends keyof Events>(name: K, ...args: Parameters<Events[K]>): void {
    for (const listener of [...(this.byName.get(name) ?? [])]) {
      try {
        (listener as (...args: Parameters<Events[K]>) => void)(...args);
      } catch (error) {
        if (typeof reportError === 'function') reportError(error);
        else console.error(error);
      }
    }
  }
}
