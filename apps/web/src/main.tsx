import { nextTask } from './lib/next-task.ts';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Evaluating the app's modules is spread over tasks, none long on a phone (decision 046): this
// entry first, then react-router (the largest library of the first load, with React), then the
// app (the router's table, the layout, TanStack Query), which starts in a task of its own and
// imports react-dom's client in another (decision 018). The prerendered pages' loader preloads
// all of them with the entry (scripts/web/prerender.ts), so the steps cost no round trip.
void import('./app/libraries.ts')
  .then(nextTask)
  .then(() => import('./app/start.tsx'))
  .then(async ({ start }) => {
    await nextTask();
    start(container);
  });
