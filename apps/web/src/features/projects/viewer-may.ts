import { PROJECT_ACTIONS, projectAllows, type ProjectAction } from '@arreglaya/shared/lifecycles';
import type { ProjectDetail } from '@arreglaya/shared/schemas/projects';

/** May this viewer do `action` now? The shared lifecycle table decides who and from which status. */
export function viewerMay(action: ProjectAction, project: ProjectDetail): boolean {
  const by = PROJECT_ACTIONS[action].by;
  const isTheirs = by === 'client' ? project.viewer.isClient : by === 'contractor' ? project.viewer.isHiredContractor : false;
  return isTheirs && projectAllows(action, project.status);
}
