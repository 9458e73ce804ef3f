import { runServiceMain } from '@crm/service-host';
import { REPORTS_PEERS, reportsService } from './reports-service';

void runServiceMain(reportsService, REPORTS_PEERS);
