import { runServiceMain } from '@crm/service-host';
import { webhooksService } from './webhooks-service';

// No gRPC peers: everything it needs arrives as events.
void runServiceMain(webhooksService);
