/// <reference lib="webworker" />
import { type BattleOdds, battleOdds } from 'stccg-rules';

/**
 * Battle odds in a Web Worker: the engine plays the attack many times off the page's thread, and says
 * how far it has got as it goes.
 */

export interface OddsRequest {
  readonly setup: unknown;
  readonly cards: readonly unknown[];
  readonly attack: unknown;
  readonly battles: number;
  readonly seed: number;
}

export type OddsMessage =
  | { readonly type: 'progress'; readonly done: number; readonly total: number }
  | { readonly type: 'done'; readonly odds: BattleOdds }
  | { readonly type: 'error'; readonly message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: OddsMessage) => scope.postMessage(message);

scope.onmessage = (event: MessageEvent<OddsRequest>) => {
  const { setup, cards, attack, battles, seed } = event.data;
  // Progress a hundred times at most: messages cost more than battles.
  const every = Math.max(1, Math.floor(battles / 100));
  try {
    const odds = battleOdds(setup, {
      battles,
      seed,
      cards,
      attack,
      onProgress: (done, total) => {
        if (done % every === 0 || done === total) post({ type: 'progress', done, total });
      },
    });
    post({ type: 'done', odds });
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
