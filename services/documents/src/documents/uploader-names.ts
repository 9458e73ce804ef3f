import { copyOn, routeEvents, type RoutedHandler } from '@crm/bus';
import { userUpdated } from '@crm/protos';
import type { DocumentsRuntime } from '../documents-runtime';
import { documentModel } from './document.model';

// uploaded_by_name follows a person's renames (identity.user.updated, in every workspace they
// uploaded to), newer versions only, so a late or repeated event never brings an old name back.
// Files an API key uploaded keep the key's name. A name is not the document's own state: no
// document event is published for it.
export const UPLOADER_NAMES_CONSUMER = 'documents.uploader-names';

export function uploaderNames(runtime: DocumentsRuntime): RoutedHandler {
  return routeEvents(
    copyOn(documentModel(runtime.context.connection), {
      events: userUpdated,
      across: "a person's new name on the files they uploaded in every workspace",
      values: (user) => ({
        match: { uploaded_by: user.user_id, uploaded_by_actor: 'user' },
        fields: { uploaded_by_name: user.name },
        versionField: 'uploaded_by_name_version',
        version: user.version,
      }),
    }),
  );
}

export async function subscribeUploaderNames(runtime: DocumentsRuntime): Promise<void> {
  const { patterns, handler } = uploaderNames(runtime);
  await runtime.context.bus.subscribe(UPLOADER_NAMES_CONSUMER, patterns, handler);
}
