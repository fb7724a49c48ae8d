import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const uint32 = (n: number) => {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n);
  return out;
};
/** Flags of authenticator data: user present, user verified, attested credential data. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

interface Credential {
  id: Uint8Array;
  privateKey: KeyObject;
  /** The COSE EC2 key (ES256, P-256) that registration hands the server. */
  cose: Uint8Array;
  userHandle: string;
  counter: number;
}

/**
 * A software passkey authenticator: ECDSA P-256 keys, "none" attestation, real CBOR and real
 * signatures over authenticator data and the client data's hash, as a browser and a security key
 * produce them. `origin` is what the browser would put in the client data; the RP id is its host.
 * `counting: false` makes an authenticator that keeps no counter (always 0), as many platform ones do.
 */
export function createSoftAuthenticator(origin: string, options: { counting?: boolean } = {}) {
  const rpId = new URL(origin).hostname;
  const counting = options.counting ?? true;
  const credentials: Credential[] = [];

  function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, at = origin) {
    return new TextEncoder().encode(JSON.stringify({ type, challenge, origin: at, crossOrigin: false }));
  }

  return {
    credentials,
    /** Answers `navigator.credentials.create()`'s options as RegistrationResponseJSON. */
    register(
      options: { challenge: string; user: { id: string } },
      at: { origin?: string; uv?: boolean } = {},
    ) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const cose = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, isoBase64URL.toBuffer(jwk.x as string)],
          [-3, isoBase64URL.toBuffer(jwk.y as string)],
        ]),
      );
      const id = new Uint8Array(randomBytes(32));
      const credential = { id, privateKey, cose, userHandle: options.user.id, counter: 0 };
      credentials.push(credential);
      const idLength = new Uint8Array([id.length >> 8, id.length & 0xff]);
      const authData = concat(
        sha256(rpId),
        new Uint8Array([UP | (at.uv === false ? 0 : UV) | AT]),
        uint32(0),
        new Uint8Array(16),
        idLength,
        id,
        cose,
      );
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]) as never,
      );
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, at.origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    /**
     * Answers `navigator.credentials.get()`'s options as AuthenticationResponseJSON with the
     * credential `which` (the last made by default). `counter` overrides the next counter.
     */
    assert(options: { challenge: string }, at: { which?: Credential; counter?: number; uv?: boolean } = {}) {
      const credential = at.which ?? credentials.at(-1);
      if (credential === undefined) throw new Error('no passkey made yet');
      if (counting) credential.counter += 1;
      const counter = at.counter ?? (counting ? credential.counter : 0);
      const authData = concat(
        sha256(rpId),
        new Uint8Array([UP | (at.uv === false ? 0 : UV)]),
        uint32(counter),
      );
      const data = clientData('webauthn.get', options.challenge);
      const signature = sign('sha256', concat(authData, sha256(data)), credential.privateKey);
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(new Uint8Array(signature)),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}

export type SoftAuthenticator = ReturnType<typeof createSoftAuthenticator>;
