// EMULATOR ONLY. Builds the unsigned ID tokens the Firebase Auth emulator accepts for google.com and facebook.com.
// Loaded (through EmulatorAccountChooser) only when GET /api/config says mode "emulator"; production never runs it.

export interface EmulatorIdentity {
  name: string;
  email: string;
}

function base64url(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** FNV-1a, 32 bits, from a given offset basis. */
function fnv1a(text: string, basis: number): number {
  let hash = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** The provider's user id for an e-mail: always the same for the same address, so the identity comes back. */
export function emulatorSubject(email: string): string {
  const key = email.trim().toLowerCase();
  const hex = (n: number) => n.toString(16).padStart(8, '0');
  return `emulator-${hex(fnv1a(key, 0x811c9dc5))}${hex(fnv1a(key, 0x01000193))}`;
}

/** `header.payload.` with `{"alg":"none","typ":"JWT"}` and an empty signature. */
export function buildEmulatorIdToken({ name, email }: EmulatorIdentity): string {
  const address = email.trim().toLowerCase();
  const header = { alg: 'none', typ: 'JWT' };
  const payload = { sub: emulatorSubject(address), email: address, email_verified: true, name: name.trim() };
  return `${base64url(header)}.${base64url(payload)}.`;
}

/** Reads a token back (tests and debugging). */
export function decodeEmulatorIdToken(token: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [header = '', payload = ''] = token.split('.');
  const decode = (part: string) => {
    const binary = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))) as Record<string, unknown>;
  };
  return { header: decode(header), payload: decode(payload) };
}
