import type { ServiceDefinition } from '@crm/service-host';
import { registerCustomFieldModel } from './custom-fields/custom-field.model';
import { customFieldOperations } from './custom-fields/custom-field-routes';
import { subscribeOwnerNames } from './saved-views/owner-names';
import { registerSavedViewModel } from './saved-views/saved-view.model';
import { savedViewOperations } from './saved-views/saved-view-routes';

// Companies, contacts, deals, pipelines, timeline, tasks, meetings, search, saved views, import, export, privacy.
// Its operations arrive with their issues; until then each of its paths answers a JSON 404.
export const crmCoreService: ServiceDefinition = {
  name: 'crm-core',
  models(connection) {
    registerCustomFieldModel(connection);
    registerSavedViewModel(connection);
  },
  operations: (context) => [...customFieldOperations(context), ...savedViewOperations(context)],
  async consumers(context) {
    await subscribeOwnerNames(context);
  },
};
