import { createLogger, exitOnStartFailure, loadConfig, requireValue } from '@crm/kit';
import { SERVICE_ENV, startService } from '@crm/service-host';
import { rebuildReadModel } from './read-model/read-model-rebuild';
import { REPORTS_PEERS, reportsService } from './reports-service';

// `node services/reports/dist/rebuild-main.js [workspace_id ...]`: rebuilds reports' read model
// from the owners over gRPC (every workspace reports knows, or those named), with the service's
// own settings (MONGO_URL, AMQP_URL, the peers' *_GRPC_ADDR, SERVICE_TOKEN_SECRET). It runs
// beside the serving replicas on MongoDB; on the embedded store stop the service first (one
// process holds the data directory).
async function main(): Promise<void> {
  const logger = createLogger('reports-rebuild');
  try {
    const config = loadConfig(SERVICE_ENV);
    const peers: Record<string, string> = {};
    for (const peer of REPORTS_PEERS) {
      const variable = `${peer.toUpperCase().replace(/-/g, '_')}_GRPC_ADDR`;
      peers[peer] = requireValue(process.env[variable], variable);
    }
    const running = await startService(reportsService, {
      httpPort: 0,
      grpcPort: 0,
      host: '127.0.0.1',
      dataDir: config.DATA_DIR,
      mongoUrl: config.MONGO_URL,
      amqpUrl: config.AMQP_URL,
      eventExchange: config.EVENT_EXCHANGE,
      internalPublicKey: requireValue(config.INTERNAL_JWT_PUBLIC_KEY, 'INTERNAL_JWT_PUBLIC_KEY'),
      serviceTokenSecret: requireValue(config.SERVICE_TOKEN_SECRET, 'SERVICE_TOKEN_SECRET'),
      peers,
      logger,
    });
    const ids = process.argv.slice(2);
    const reports = await rebuildReadModel(running.context, ids.length > 0 ? ids : undefined);
    for (const report of reports) logger.info(report, 'rebuilt the read model of a workspace');
    await running.stop();
  } catch (error) {
    exitOnStartFailure(logger, error);
  }
}

void main();
