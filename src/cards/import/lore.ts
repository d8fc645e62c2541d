/**
 * Characteristics the rules key on that the card files give only in a card's lore. The lore itself is
 * never imported (nor stored): it is read for these words alone, each recognised by what the lore says
 * outright, never by a card's title.
 */

/** The characteristic Vulcan Nerve Pinch and Android Headlock name (HOLO-SPECIES-1: a gameplay species). */
export const SOONG_TYPE_ANDROID = 'Soong-type android';

/**
 * An android whose lore calls it a Soong-type android, or says it is an android Dr. Noonien Soong
 * created: Data in both of his printings, and Lore (The One). HOLO-SPECIES-1 names Data as one.
 */
const SOONG_TYPE_LORE = /\bSoong-type android\b|\bandroid created by (?:Dr\.\s+)?(?:Noonien\s+)?Soong\b/i;

/**
 * The characteristics a card's lore gives, beside those it has (`characteristics`, species first):
 * "Soong-type android" for an Android whose lore says so.
 */
export function characteristicsInLore(lore: unknown, characteristics: readonly string[]): string[] {
  if (typeof lore !== 'string') return [];
  const android = characteristics.includes('Android');
  return android && SOONG_TYPE_LORE.test(lore) && !characteristics.includes(SOONG_TYPE_ANDROID)
    ? [SOONG_TYPE_ANDROID]
    : [];
}
