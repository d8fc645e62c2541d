import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { nodeBuiltin } from './node-builtin.ts';

/**
 * SHA-256 of a text (its UTF-8 bytes), in lowercase hex: the checksum of saves. Where Node's own
 * `node:crypto` is at hand (`nodeBuiltin`: this module stays browser-safe) it does the work natively,
 * several times faster than JavaScript; elsewhere (a browser) `@noble/hashes`, which is synchronous
 * like it. Both give the same digest.
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

const nodeCrypto = nodeBuiltin<NodeCrypto>('node:crypto');
const nodeSha256: ((text: string) => string) | undefined = nodeCrypto
  ? (text: string) => nodeCrypto.createHash('sha256').update(text, 'utf8').digest('hex')
  : undefined;

/** Whether the native SHA-256 is in use here (Node), rather than the portable one (a browser). */
export const NATIVE_SHA256 = nodeSha256 !== undefined;
