import { runServiceMain } from '@crm/service-host';
import { reportsService } from './reports-service';

// The peers are REPORTS_PEERS, written out so the deployment test can read them.
void runServiceMain(reportsService, ['identity', 'crm-core', 'marketing']);
