import { newId, runWithContext } from '@crm/kit';
import { commit, type ServiceContext, type UnitOfWork } from '@crm/service-host';

type Transaction = UnitOfWork['transaction'];

// Two changes of one workspace, each a transaction that checks a limit and then writes,
// interleaved so that both have checked before either commits (as two replicas, or a real
// database's concurrency, may run them). Answers how each ended.
export async function interleaved(
  context: ServiceContext,
  workspaceId: string,
  check: (transaction: Transaction) => Promise<void>,
  write: (transaction: Transaction, which: 'first' | 'second') => Promise<void>,
): Promise<[PromiseSettledResult<void>, PromiseSettledResult<void>]> {
  let firstChecked!: () => void;
  const checkedFirst = new Promise<void>((resolve) => (firstChecked = resolve));
  let secondTried!: () => void;
  const triedSecond = new Promise<void>((resolve) => (secondTried = resolve));
  const change = (which: 'first' | 'second', checked: () => void, beforeWrite: Promise<void>) =>
    runWithContext({ request_id: newId(), workspace_id: workspaceId }, () =>
      commit(context, async ({ transaction }) => {
        try {
          await check(transaction);
        } finally {
          checked();
        }
        await beforeWrite;
        await write(transaction, which);
      }),
    );
  const first = change('first', firstChecked, triedSecond);
  await checkedFirst;
  const second = change('second', secondTried, Promise.resolve());
  return Promise.allSettled([first, second]);
}

// The error code a settled change was refused with, or `fulfilled`.
export const settledCode = (result: PromiseSettledResult<unknown>) =>
  result.status === 'fulfilled' ? 'fulfilled' : ((result.reason as { code?: string }).code ?? String(result.reason));
