import { runServiceMain } from '@crm/service-host';
import { identityService } from './identity-service';

void runServiceMain(identityService);
