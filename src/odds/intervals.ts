/**
 * Estimates with their 95% confidence intervals, for the battle odds: a chance (a proportion of
 * battles) by the Wilson score interval, which stays inside 0..1 and is sound near 0% and 100% where
 * the normal approximation is not; an average by the normal approximation of the sample mean.
 */

/** A figure and its 95% confidence interval. */
export interface Estimate {
  readonly value: number;
  readonly low: number;
  readonly high: number;
}

/** The two-sided 95% quantile of the standard normal distribution. */
const Z95 = 1.959963984540054;

/** The chance of something that happened `count` times in `trials`, with its Wilson score interval. */
export function chance(count: number, trials: number): Estimate {
  if (trials <= 0) return { value: 0, low: 0, high: 1 };
  const p = count / trials;
  const z2 = Z95 * Z95;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (Z95 * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  // The interval always holds p; rounding must not push an end past it, or past 0 and 1.
  return {
    value: p,
    low: Math.max(0, Math.min(p, centre - half)),
    high: Math.min(1, Math.max(p, centre + half)),
  };
}

/** Sums of a sample, gathered one value at a time. */
export interface Tally {
  count: number;
  sum: number;
  sumOfSquares: number;
}

export function emptyTally(): Tally {
  return { count: 0, sum: 0, sumOfSquares: 0 };
}

export function addTo(tally: Tally, value: number): void {
  tally.count++;
  tally.sum += value;
  tally.sumOfSquares += value * value;
}

/**
 * The mean of a sample with its normal-approximation interval (mean ± z·s/√n), kept within the
 * values the figure can take (`min`..`max`). With fewer than two values the spread is unknown, so the
 * interval is that whole range.
 */
export function average(tally: Tally, min: number, max: number): Estimate {
  const { count, sum, sumOfSquares } = tally;
  if (count === 0) return { value: 0, low: min, high: max };
  const mean = sum / count;
  if (count < 2) return { value: mean, low: min, high: max };
  const variance = Math.max(0, (sumOfSquares - (sum * sum) / count) / (count - 1));
  const half = Z95 * Math.sqrt(variance / count);
  return { value: mean, low: Math.max(min, mean - half), high: Math.min(max, mean + half) };
}
