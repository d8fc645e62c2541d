import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InspectionEvent } from 'xstate';

/**
 * `stccg demo --stately`: the demo's battle goes to Stately's inspector as well. The connection itself
 * needs stately.ai (no test reaches it), so it is replaced here: what is tested is that the flag
 * connects, hands the inspector every inspection event of the battle, and stops it when done, even
 * when the demo fails.
 */

const connection = vi.hoisted(() => ({
  events: [] as InspectionEvent[],
  connects: 0,
  stops: 0,
}));

vi.mock('../src/debug/stately.ts', () => ({
  connectStately: async () => {
    connection.connects++;
    return {
      inspect: (event: InspectionEvent) => connection.events.push(event),
      stop: async () => {
        connection.stops++;
      },
    };
  },
}));

const { main } = await import('../src/cli/main.ts');
const { runWatchedDemo } = await import('../src/cli/watch-demo.ts');

describe('stccg demo --stately', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    connection.events = [];
    connection.connects = 0;
    connection.stops = 0;
    process.exitCode = undefined;
  });

  it('connects, sends every inspection event of the battle, and stops the inspector', async () => {
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    expect(await main(['demo', '--stately'])).toBe(0);
    expect(connection.connects).toBe(1);
    expect(connection.stops).toBe(1);
    const types = new Set(connection.events.map((event) => event.type));
    expect(types).toEqual(
      new Set(['@xstate.actor', '@xstate.event', '@xstate.snapshot', '@xstate.microstep', '@xstate.action']),
    );
    const machines = new Set(
      connection.events.map((event) => (event.actorRef as unknown as { logic: { id: string } }).logic.id),
    );
    // The response windows are steps of the battle, not actors of their own.
    expect(machines).toEqual(new Set(['game', 'hologram', 'battle']));
  });

  it('without the flag, never connects', async () => {
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    expect(await main(['demo'])).toBe(0);
    expect(connection.connects).toBe(0);
  });

  it('goes on without the inspector when it cannot start', async () => {
    const notes: string[] = [];
    const lines: string[] = [];
    await runWatchedDemo(
      { seed: 1, stately: true },
      {
        write: (line) => lines.push(line),
        note: (line) => notes.push(line),
        connectStately: async () => {
          throw new Error("Cannot find package '@statelyai/inspect'");
        },
      },
    );
    expect(lines.join('\n')).toContain('BATTLE-6: the battle is over');
    expect(notes).toEqual([
      "Stately inspector: Cannot find package '@statelyai/inspect'; going on without it",
    ]);
  });

  it('stops the inspector even when the demo fails', async () => {
    const failing = () => {
      throw new Error('the narration broke');
    };
    await expect(
      runWatchedDemo({ seed: 1, stately: true }, { write: failing, note: () => {} }),
    ).rejects.toThrow('the narration broke');
    expect(connection.stops).toBe(1);
  });
});
