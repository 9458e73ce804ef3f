import { AppError, call, claimsFromAuthentication, insecureCredentials, type ClientOptions, type InternalClaims } from '@crm/kit';
import { identityV1 } from '@crm/protos';

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{1,512})$/;
const AUTHENTICATE_DEADLINE_MS = 2000;

export function bearerToken(header: string | undefined): string {
  const match = header ? BEARER.exec(header) : null;
  if (!match) throw new AppError('unauthenticated', 'missing or malformed Authorization: Bearer token');
  return match[1];
}

// Asks identity who the token belongs to on every request: nothing is cached here. Identity
// answers from a cache that its own writes invalidate, so a revoked key or session still fails
// on the very next request.
//
// Requests with the same token that arrive in the same turn of the event loop share one call,
// sent once they have all arrived (on the next setImmediate). Identity answers it after every one
// of them was received, so a revocation answered before any of them arrived still refuses it: the
// same guarantee as one call each, for one call instead of many under load.
export class Authenticator {
  private readonly client: identityV1.IdentityServiceClient;
  private readonly gathering = new Map<string, Promise<identityV1.AuthenticateResponse>>();

  // `clientOptions` make every call carry the gateway's service token (grpcClientOptions).
  constructor(identityGrpcAddress: string, clientOptions: Partial<ClientOptions>) {
    this.client = new identityV1.IdentityServiceClient(identityGrpcAddress, insecureCredentials(), clientOptions);
  }

  async authenticate(token: string): Promise<InternalClaims> {
    let answer = this.gathering.get(token);
    if (!answer) {
      answer = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        // Whoever arrives from now on is after the call was sent: they make the next one.
        this.gathering.delete(token);
        return call(this.client.authenticate.bind(this.client), { token }, AUTHENTICATE_DEADLINE_MS);
      });
      this.gathering.set(token, answer);
    }
    // Each request gets claims of its own, never an object another request holds.
    return claimsFromAuthentication(await answer);
  }

  async ping(): Promise<void> {
    await new Promise<void>((resolve, reject) =>
      this.client.waitForReady(Date.now() + AUTHENTICATE_DEADLINE_MS, (error) => (error ? reject(error) : resolve())),
    );
  }

  close(): void {
    this.client.close();
  }
}
