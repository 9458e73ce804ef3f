import { runServiceMain } from '@crm/service-host';
import { crmCoreService } from './crm-core-service';

void runServiceMain(crmCoreService, ['identity', 'documents', 'marketing']);
