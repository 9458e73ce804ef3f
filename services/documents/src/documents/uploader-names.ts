import type { EventHandler } from '@crm/bus';
import { acrossWorkspaces } from '@crm/kit';
import { userUpdated, type UserUpdatedData } from '@crm/protos';
import type { DocumentsRuntime } from '../documents-runtime';
import { documentModel } from './document.model';

// uploaded_by_name follows a person's renames (identity.user.updated, in every workspace they
// uploaded to), newer versions only, so a late or repeated event never brings an old name back.
// Files an API key uploaded keep the key's name. A name is not the document's own state: no
// document event is published for it.
export const UPLOADER_NAMES_CONSUMER = 'documents.uploader-names';

export function uploaderNamesHandler(runtime: DocumentsRuntime): EventHandler {
  return async (event) => {
    if (event.type !== userUpdated.type) return;
    const data = event.data as UserUpdatedData;
    await acrossWorkspaces("a person's new name on the files they uploaded in every workspace", () =>
      documentModel(runtime.context.connection).updateMany(
        { uploaded_by: data.user_id, uploaded_by_actor: 'user', uploaded_by_name_version: { $lt: data.version } },
        { $set: { uploaded_by_name: data.name, uploaded_by_name_version: data.version } },
      ),
    );
  };
}

export async function subscribeUploaderNames(runtime: DocumentsRuntime): Promise<void> {
  await runtime.context.bus.subscribe(UPLOADER_NAMES_CONSUMER, [userUpdated.type], uploaderNamesHandler(runtime));
}
