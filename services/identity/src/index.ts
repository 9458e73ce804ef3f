export { identityService } from './identity-service';
export { IDENTITY_EVENTS } from './events/identity-events';
