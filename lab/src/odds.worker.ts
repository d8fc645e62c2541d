/// <reference lib="webworker" />
import { type BattleOdds, battleOdds } from 'stccg-rules';

/**
 * Battle odds in a Web Worker: the engine plays the attack many times off the page's thread, and says
 * how far it has got as it goes. The page keeps one worker between runs (loading the engine and warming
 * its compiled code cost more than a short run) and cancels a run by terminating it: `battleOdds` plays
 * its battles in one go, so a worker cannot hear a new request before it has finished.
 */

export interface OddsRequest {
  readonly setup: unknown;
  readonly cards: readonly unknown[];
  readonly attack: unknown;
  readonly battles: number;
  readonly seed: number;
}

/** A request as posted: `run` tells its answers from those of a run the page has moved past. */
export interface OddsRun extends OddsRequest {
  readonly run: number;
}

export type OddsMessage =
  | { readonly type: 'progress'; readonly run: number; readonly done: number; readonly total: number }
  | {
      readonly type: 'done';
      readonly run: number;
      readonly odds: BattleOdds;
      /** How long `battleOdds` took in the worker, in milliseconds. */
      readonly ms: number;
    }
  | { readonly type: 'error'; readonly run: number; readonly message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: OddsMessage) => scope.postMessage(message);

scope.onmessage = (event: MessageEvent<OddsRun>) => {
  const { run, setup, cards, attack, battles, seed } = event.data;
  // Progress a hundred times at most: messages cost more than battles.
  const every = Math.max(1, Math.floor(battles / 100));
  const began = performance.now();
  try {
    const odds = battleOdds(setup, {
      battles,
      seed,
      cards,
      attack,
      onProgress: (done, total) => {
        if (done % every === 0 || done === total) post({ type: 'progress', run, done, total });
      },
    });
    post({ type: 'done', run, odds, ms: performance.now() - began });
  } catch (error) {
    post({ type: 'error', run, message: error instanceof Error ? error.message : String(error) });
  }
};
