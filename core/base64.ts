// Standard base64 (RFC 4648, with padding), for data: URLs and Tiled's base64 layers; the core has
// no atob/btoa or Buffer.

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DIGIT = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DIGIT[ALPHABET.charCodeAt(i)] = i;
const CODE = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));

/** Base64 (whitespace allowed between groups, as TMX indents it) → bytes; null when malformed. */
export function decodeBase64(text: string): Uint8Array | null {
  const clean = text.replace(/\s+/g, "");
  if (clean.length % 4 !== 0) return null;
  const pad = clean.endsWith("==") ? 2 : clean.endsWith("=") ? 1 : 0;
  const out = new Uint8Array((clean.length / 4) * 3 - pad);
  let o = 0;
  for (let i = 0; i < clean.length; i += 4) {
    let n = 0;
    for (let k = 0; k < 4; k++) {
      const c = clean.charCodeAt(i + k);
      const inPad = c === 61 /* = */ && i + k >= clean.length - pad;
      const d = inPad ? 0 : c < 128 ? DIGIT[c]! : -1;
      if (d < 0) return null;
      n = (n << 6) | d;
    }
    if (o < out.length) out[o++] = (n >>> 16) & 255;
    if (o < out.length) out[o++] = (n >>> 8) & 255;
    if (o < out.length) out[o++] = n & 255;
  }
  return out;
}

export function encodeBase64(bytes: Uint8Array): string {
  const codes = new Uint8Array(Math.ceil(bytes.length / 3) * 4);
  for (let i = 0, o = 0; i < bytes.length; i += 3, o += 4) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    codes[o] = CODE[(n >>> 18) & 63]!;
    codes[o + 1] = CODE[(n >>> 12) & 63]!;
    codes[o + 2] = i + 1 < bytes.length ? CODE[(n >>> 6) & 63]! : 61;
    codes[o + 3] = i + 2 < bytes.length ? CODE[n & 63]! : 61;
  }
  // In pieces: fromCharCode takes its codes as arguments, and engines cap how many.
  let s = "";
  for (let i = 0; i < codes.length; i += 0x8000) s += String.fromCharCode(...codes.subarray(i, i + 0x8000));
  return s;
}
