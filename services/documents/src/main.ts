import { runServiceMain } from '@crm/service-host';
import { documentsService } from './documents-service';

// crm-core: the targets of new files are checked there (GetTargets).
void runServiceMain(documentsService, ['crm-core']);
