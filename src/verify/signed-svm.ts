/**
 * A Solana transaction in wire format (signatures, then a legacy or v0 message), split into
 * what a comparison needs: the fee payer, the account keys, the recent blockhash and the rest
 * of the message (instructions, and v0's address-table lookups) as raw bytes.
 */
export interface SvmTxParts {
  /** Whether every required signature is present (not all zero bytes). */
  signed: boolean;
  version: 'legacy' | 0;
  accountKeys: Uint8Array[];
  blockhash: Uint8Array;
  /** Header bytes and everything after the blockhash: what the transaction does. */
  header: Uint8Array;
  instructions: Uint8Array;
}

/** compact-u16: 7 bits per byte, at most 3 bytes. */
export function shortVec(bytes: Uint8Array, at: number): { value: number; end: number } | undefined {
  let value = 0;
  for (let i = 0; i < 3; i++) {
    const b = bytes[at + i];
    if (b === undefined) return undefined;
    value |= (b & 0x7f) << (7 * i);
    if ((b & 0x80) === 0) return { value, end: at + i + 1 };
  }
  return undefined;
}

/** Undefined when the bytes are not a Solana transaction; checks the instruction layout consumes the message exactly. */
export function decodeSvmTx(bytes: Uint8Array): SvmTxParts | undefined {
  const sigs = shortVec(bytes, 0);
  if (!sigs || sigs.value === 0) return undefined;
  let at = sigs.end + 64 * sigs.value;
  if (at > bytes.length) return undefined;
  const signatures = bytes.subarray(sigs.end, at);
  const versioned = (bytes[at] ?? 0) & 0x80;
  let version: SvmTxParts['version'] = 'legacy';
  if (versioned) {
    if ((bytes[at]! & 0x7f) !== 0) return undefined;
    version = 0;
    at += 1;
  }
  const header = bytes.subarray(at, at + 3);
  if (header.length !== 3 || header[0] !== sigs.value) return undefined;
  at += 3;
  const keys = shortVec(bytes, at);
  if (!keys || keys.value === 0) return undefined;
  at = keys.end;
  const accountKeys: Uint8Array[] = [];
  for (let i = 0; i < keys.value; i++, at += 32) accountKeys.push(bytes.subarray(at, at + 32));
  const blockhash = bytes.subarray(at, at + 32);
  at += 32;
  if (at > bytes.length) return undefined;
  const instructionsStart = at;
  // walk the instructions (and v0 lookups) so that trailing garbage is refused
  const count = shortVec(bytes, at);
  if (!count) return undefined;
  at = count.end;
  for (let i = 0; i < count.value; i++) {
    at += 1; // program id index
    for (let part = 0; part < 2; part++) {
      const len = shortVec(bytes, at);
      if (!len) return undefined;
      at = len.end + len.value;
    }
    if (at > bytes.length) return undefined;
  }
  if (version === 0) {
    const lookups = shortVec(bytes, at);
    if (!lookups) return undefined;
    at = lookups.end;
    for (let i = 0; i < lookups.value; i++) {
      at += 32;
      for (let part = 0; part < 2; part++) {
        const len = shortVec(bytes, at);
        if (!len) return undefined;
        at = len.end + len.value;
      }
      if (at > bytes.length) return undefined;
    }
  }
  if (at !== bytes.length) return undefined;
  const signed = Array.from({ length: sigs.value }, (_, i) => signatures.subarray(64 * i, 64 * i + 64)).every((s) => s.some((b) => b !== 0));
  return { signed, version, accountKeys, blockhash, header, instructions: bytes.subarray(instructionsStart) };
}
