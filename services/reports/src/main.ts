import { runServiceMain } from '@crm/service-host';
import { reportsService } from './reports-service';

void runServiceMain(reportsService, ['identity']);
