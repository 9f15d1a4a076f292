import type { OpenProjectsQuery } from '@arreglaya/shared/schemas/projects';
import type { OpenProject } from '@arreglaya/shared/schemas/projects';
import type { ServiceType } from '@arreglaya/shared/domain';
import { api } from '@/lib/api.ts';
import { writeProjectSearch } from '../search-params.ts';

export interface OpenProjectsPage {
  items: OpenProject[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  services: ServiceType[];
}

export function fetchOpenProjects(search: OpenProjectsQuery, signal?: AbortSignal): Promise<OpenProjectsPage> {
  const query = writeProjectSearch(search).toString();
  return api.get<OpenProjectsPage>(query ? `/api/projects?${query}` : '/api/projects', signal);
}
