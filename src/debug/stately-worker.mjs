// The Stately Sky inspector, in a worker thread of its own (see stately.ts). Its socket reconnects
// forever when stately.ai cannot be reached and offers no way to close it; in a worker, whoever
// started it can terminate it, and its timers never keep the program alive.
import { parentPort } from 'node:worker_threads';
import { createSkyInspector } from '@statelyai/inspect';

const inspector = createSkyInspector({
  autoStart: true,
  onerror: (error) => {
    const message =
      error instanceof Error ? error.message : (error?.message ?? error?.type ?? 'socket error');
    parentPort?.postMessage({ type: 'unreachable', message: String(message) });
  },
});

// Events arrive already converted and serialised by the inspector on the main thread.
parentPort?.on('message', (event) => inspector.adapter.send(event));
parentPort?.postMessage({ type: 'ready' });
