import { hmac } from '@noble/hashes/hmac.js';
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

/**
 * HMAC-SHA256 of a text (its UTF-8 bytes) under a key, in lowercase hex: the signature of saves. Native
 * where Node is at hand, `@noble/hashes` elsewhere (synchronous alike); both give the same digest.
 */
export function hmacSha256Hex(key: Uint8Array, text: string): string {
  return nodeCrypto
    ? nodeCrypto.createHmac('sha256', key).update(text, 'utf8').digest('hex')
    : portableHmacSha256Hex(key, text);
}

/** The portable HMAC-SHA256, in JavaScript (what a browser runs). */
export function portableHmacSha256Hex(key: Uint8Array, text: string): string {
  return bytesToHex(hmac(sha256, key, utf8ToBytes(text)));
}

type Digest = { update(text: string, encoding: 'utf8'): { digest(encoding: 'hex'): string } };
type NodeCrypto = {
  createHash(algorithm: 'sha256'): Digest;
  createHmac(algorithm: 'sha256', key: Uint8Array): Digest;
};

const nodeCrypto = nodeBuiltin<NodeCrypto>('node:crypto');
const nodeSha256: ((text: string) => string) | undefined = nodeCrypto
  ? (text: string) => nodeCrypto.createHash('sha256').update(text, 'utf8').digest('hex')
  : undefined;

/** Whether the native SHA-256 is in use here (Node), rather than the portable one (a browser). */
export const NATIVE_SHA256 = nodeSha256 !== undefined;
