import { runServiceMain } from '@crm/service-host';
import { marketingService } from './marketing-service';

void runServiceMain(marketingService, ['crm-core', 'identity']);
