import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * SHA-256 of a text (its UTF-8 bytes), in lowercase hex: the checksum of saves. Where Node's own
 * `node:crypto` is at hand (reached without an import, so that this module stays browser-safe) it does
 * the work natively, several times faster than JavaScript; elsewhere (a browser) `@noble/hashes`, which
 * is synchronous like it. Both give the same digest.
 */
export function sha256Hex(text: string): string {
  return nodeSha256 ? nodeSha256(text) : portableSha256Hex(text);
}

/** The portable SHA-256, in JavaScript (what a browser runs). */
export function portableSha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

type NodeCrypto = {
  createHash(algorithm: 'sha256'): {
    update(text: string, encoding: 'utf8'): { digest(encoding: 'hex'): string };
  };
};

const nodeSha256: ((text: string) => string) | undefined = (() => {
  try {
    const crypto = (
      globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
    ).process?.getBuiltinModule?.('node:crypto') as NodeCrypto | undefined;
    if (typeof crypto?.createHash !== 'function') return undefined;
    return (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');
  } catch {
    // No Node: the portable one.
    return undefined;
  }
})();

/** Whether the native SHA-256 is in use here (Node), rather than the portable one (a browser). */
export const NATIVE_SHA256 = nodeSha256 !== undefined;
