const HEX_KEY = /^[0-9a-fA-F]{64}$/;
const BASE64_KEY = /^[A-Za-z0-9+/_-]{43}=?$/;

/**
 * 32 bytes written as 64 hex characters or as base64 (either alphabet); null for anything else.
 * Apart from vault-key.ts: config.ts checks VAULT_KEY with it, and vault-key.ts takes Config's type.
 */
export function decodeVaultKey(text: string): Buffer | null {
  const value = text.trim();
  if (HEX_KEY.test(value)) return Buffer.from(value, 'hex');
  if (BASE64_KEY.test(value)) return Buffer.from(value, 'base64');
  return null;
}
