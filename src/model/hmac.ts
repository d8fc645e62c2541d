import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { nodeBuiltin } from './node-builtin.ts';

/**
 * HMAC-SHA256 of a text (its UTF-8 bytes) under a key, in lowercase hex: the signature of saves. Native
 * where Node's own `node:crypto` is at hand (`nodeBuiltin`: this module stays browser-safe),
 * `@noble/hashes` elsewhere (synchronous alike); both give the same MAC. Its own module, so that a page
 * that never signs a save carries none of it.
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

type NodeCrypto = {
  createHmac(
    algorithm: 'sha256',
    key: Uint8Array,
  ): {
    update(text: string, encoding: 'utf8'): { digest(encoding: 'hex'): string };
  };
};

const nodeCrypto = nodeBuiltin<NodeCrypto>('node:crypto');
