import { runServiceMain } from '@crm/service-host';
import { documentsService } from './documents-service';

void runServiceMain(documentsService);
