import type { BattleResult } from './battle.ts';

/**
 * How battle time grows with the size of the battle. The verdict compares exponents: the slope of
 * log time against log n over every size measured (1 is linear, 2 quadratic) against the slope that
 * n log n itself has over the same sizes (about 1.4 from 5 to 40). A slope fitted to all the sizes is
 * steadier than any one doubling, whose ratio a single noisy measurement can swing; each doubling's
 * ratio is reported too, beside what n log n gives for it, (2n log 2n) / (n log n).
 */

export interface Doubling {
  readonly from: number;
  readonly to: number;
  readonly ratio: number;
  readonly nLogNRatio: number;
  readonly exponent: number;
}

export interface Growth {
  readonly sizes: readonly { readonly perSide: number; readonly medianMs: number }[];
  readonly doublings: readonly Doubling[];
  /** Least-squares slope of ln(time) against ln(n) over every size. */
  readonly fittedExponent: number;
  /** The same slope for n log n over the same sizes: the most the fitted exponent may be. */
  readonly nLogNExponent: number;
  readonly withinNLogN: boolean;
}

const nLogN = (n: number) => n * Math.log(n);

function slope(points: readonly (readonly [number, number])[]): number {
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const mx = mean(xs);
  const my = mean(ys);
  const covariance = points.reduce((sum, [x, y]) => sum + (x - mx) * (y - my), 0);
  const variance = xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
  return covariance / variance;
}

export function growthOf(battles: readonly BattleResult[]): Growth {
  const sizes = [...battles]
    .sort((a, b) => a.perSide - b.perSide)
    .map((battle) => ({ perSide: battle.perSide, medianMs: battle.timing.medianMs }));
  const doublings = sizes.slice(1).map((size, i): Doubling => {
    const previous = sizes[i]!;
    const ratio = size.medianMs / previous.medianMs;
    const nLogNRatio = nLogN(size.perSide) / nLogN(previous.perSide);
    return {
      from: previous.perSide,
      to: size.perSide,
      ratio,
      nLogNRatio,
      exponent: Math.log(ratio) / Math.log(size.perSide / previous.perSide),
    };
  });
  const fittedExponent = slope(
    sizes.map((size) => [Math.log(size.perSide), Math.log(size.medianMs)] as const),
  );
  const nLogNExponent = slope(
    sizes.map((size) => [Math.log(size.perSide), Math.log(nLogN(size.perSide))] as const),
  );
  return { sizes, doublings, fittedExponent, nLogNExponent, withinNLogN: fittedExponent <= nLogNExponent };
}
