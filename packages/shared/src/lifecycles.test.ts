import { describe, expect, it } from 'vitest';
import { canTransition, PROJECT_ACTIONS, PROJECT_TRANSITIONS, QUOTE_ACTIONS, QUOTE_TRANSITIONS, STATUS_MOVES } from './lifecycles.ts';

describe('the lifecycle tables', () => {
  it('moves a project only along PROJECT_TRANSITIONS', () => {
    for (const [name, action] of Object.entries(PROJECT_ACTIONS)) {
      if (action.to === null) continue;
      for (const from of action.from) expect(canTransition(PROJECT_TRANSITIONS, from, action.to), `${name}: ${from} → ${action.to}`).toBe(true);
    }
  });

  it('moves a quote only along QUOTE_TRANSITIONS', () => {
    for (const [name, action] of Object.entries(QUOTE_ACTIONS)) {
      if (action.to === null) continue;
      for (const from of action.from) expect(canTransition(QUOTE_TRANSITIONS, from, action.to), `${name}: ${from} → ${action.to}`).toBe(true);
    }
  });

  it('lets each status move lead to its own status', () => {
    for (const [status, action] of Object.entries(STATUS_MOVES)) expect(PROJECT_ACTIONS[action].to).toBe(status);
  });
});
