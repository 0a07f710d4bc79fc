/**
 * Every hash a proof is checked with is a SHA-256 output: a check refuses any other length, else bytes
 * moved between a claimed leaf hash and a proof element (16 and 48 where 32 and 32 were hashed) would
 * still give the signed root (docs/decisions.md, What a proof is checked with). Free of Node and of
 * zod, so the server's checks (merkle.ts), the standalone verifier and the browser share it.
 */
export const HASH_BYTES = 32;

export const areProofHashes = (...hashes: readonly Uint8Array[]): boolean => hashes.every((hash) => hash.length === HASH_BYTES);
