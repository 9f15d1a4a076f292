import { Fragment, useId, useRef, type ReactNode } from 'react';
import { QueryState, type QueryLike } from '@/components/ui/query-state.tsx';

/** A queue's words, from the console's catalogue (bankConsole). */
export interface QueueWords {
  title: string;
  intro: string;
  empty: string;
  loadError: string;
  listLabel: string;
}

/**
 * One of the bank page's queues (credits to assign, money owed back, money alerts): its heading and
 * intro, the list as it loads, and each item (its own `<li>`). An item leaves the list once resolved, so `onResolved`
 * puts the focus back on the list's heading rather than losing it with the item.
 */
export function QueueSection<T>({
  words,
  query,
  itemKey,
  renderItem,
}: {
  words: QueueWords;
  query: QueryLike<T[]>;
  itemKey: (item: T) => string;
  renderItem: (item: T, onResolved: () => void) => ReactNode;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const onResolved = () => heading.current?.focus();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div>
        <h2 id={headingId} ref={heading} tabIndex={-1} className="text-2xl font-semibold text-slate-900 outline-none">
          {words.title}
        </h2>
        <p className="mt-1 text-slate-700">{words.intro}</p>
      </div>
      <QueryState query={query} isEmpty={(items) => items.length === 0} empty={words.empty} errorMessage={words.loadError}>
        {(items) => (
          <ul aria-label={words.listLabel} className="flex flex-col gap-3">
            {items.map((item) => (
              <Fragment key={itemKey(item)}>{renderItem(item, onResolved)}</Fragment>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
