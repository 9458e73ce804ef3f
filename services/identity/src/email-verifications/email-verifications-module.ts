import type { ServiceModule } from '@crm/service-host';
import type { IdentityRuntime } from '../identity-runtime';
import { emailVerificationOperations } from './email-verification-routes';
import { registerEmailVerificationModel } from './email-verification.model';

// Verification of a person's email address.
export const emailVerificationsModule: ServiceModule<IdentityRuntime> = {
  models: registerEmailVerificationModel,
  operations: emailVerificationOperations,
};
