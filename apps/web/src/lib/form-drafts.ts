// Drafts of forms a visitor fills before signing in or up (issue 31): kept in IndexedDB, which
// holds the chosen photos as Blobs (sessionStorage holds only text), so the person comes back to
// everything they wrote and attached. A draft is removed once sent; all of them on sign-out.

const DATABASE = 'arreglaya-drafts';
const STORE = 'drafts';

function open(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(DATABASE, 1);
    } catch {
      resolve(null);
      return;
    }
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    // Storage blocked (private mode, a full disk): the visitor fills the form again.
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T> | undefined): Promise<T | undefined> {
  const db = await open();
  if (!db) return undefined;
  return new Promise((resolve) => {
    try {
      const transaction = db.transaction(STORE, mode);
      const request = act(transaction.objectStore(STORE));
      transaction.oncomplete = () => {
        db.close();
        resolve(request?.result);
      };
      transaction.onerror = transaction.onabort = () => {
        db.close();
        resolve(undefined);
      };
    } catch {
      db.close();
      resolve(undefined);
    }
  });
}

export async function putDraft(key: string, value: unknown): Promise<void> {
  await run('readwrite', (store) => store.put(value, key));
}

/** The kept value, unchecked (the caller validates it), or undefined. */
export function getDraft(key: string): Promise<unknown> {
  return run('readonly', (store) => store.get(key) as IDBRequest<unknown>);
}

export async function deleteDraft(key: string): Promise<void> {
  await run('readwrite', (store) => store.delete(key));
}

/** On sign-out: nothing a person wrote stays for the next one at this browser. */
export async function clearDrafts(): Promise<void> {
  await run('readwrite', (store) => store.clear());
}
