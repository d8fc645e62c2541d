import { useSelector } from '@xstate/react';
import { useSyncExternalStore } from 'react';
import type { LabSession } from './session.ts';

/**
 * Re-renders on every change of the session (a command, a step back or forward) and on every
 * snapshot of its game actor (`useSelector` from @xstate/react subscribes to the actor itself).
 */
export function useSession(session: LabSession): number {
  const version = useSyncExternalStore(session.subscribe, () => session.version);
  useSelector(session.game.actor, (snapshot) => snapshot.context.step);
  return version;
}
