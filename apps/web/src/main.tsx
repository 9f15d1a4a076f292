import { nextTask } from './lib/next-task.ts';
import './styles.css';

// A server-rendered page's entry is an async module (scripts/web/prerender.ts, decision 070): it may
// run before the parser has reached the end of #root, so the app starts once the document is whole.
const documentParsed =
  document.readyState === 'loading' ? new Promise<void>((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true })) : undefined;

// Evaluating the app's modules is spread over tasks, none long on a phone (decision 046): this
// entry first, then react-router (the largest library of the first load, with React), then the
// app (the router's table, the layout, TanStack Query), which starts in a task of its own and
// imports react-dom's client in another (decision 018). Every page's head names all of them
// with the entry (scripts/web/prerender.ts; the shell's too), so the steps cost no round trip.
void import('./app/libraries.ts')
  .then(nextTask)
  .then(() => import('./app/start.tsx'))
  .then(async ({ start }) => {
    await documentParsed;
    await nextTask();
    const container = document.getElementById('root');
    if (!container) throw new Error('index.html has no #root element');
    start(container);
  });
