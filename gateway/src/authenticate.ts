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
export class Authenticator {
  private readonly client: identityV1.IdentityServiceClient;

  // `clientOptions` make every call carry the gateway's service token (grpcClientOptions).
  constructor(identityGrpcAddress: string, clientOptions: Partial<ClientOptions>) {
    this.client = new identityV1.IdentityServiceClient(identityGrpcAddress, insecureCredentials(), clientOptions);
  }

  async authenticate(token: string): Promise<InternalClaims> {
    return claimsFromAuthentication(
      await call(this.client.authenticate.bind(this.client), { token }, AUTHENTICATE_DEADLINE_MS),
    );
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
