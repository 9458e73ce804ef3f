import { runServiceMain } from '@crm/service-host';
import { billingService } from './billing-service';

void runServiceMain(billingService, ['identity']);
