import type { ProjectMoney } from '@arreglaya/shared/schemas/payments';
import type { ProjectDetail } from '@arreglaya/shared/schemas/projects';

// The hired project and its money as GET /api/projects/:id answers them, for component tests:
// a single-price hire of RD$10,000.00 waiting for its payment unless told otherwise.

export function testMoney(extra: Partial<ProjectMoney> = {}): ProjectMoney {
  return {
    currency: 'DOP',
    priceMinor: 1_000_000,
    fundedMinor: 0,
    releasedMinor: 0,
    refundedMinor: 0,
    heldMinor: 0,
    funded: false,
    dueMinor: 1_000_000,
    payBy: '2026-11-30T18:00:00.000Z',
    pending: null,
    releasedAt: null,
    refundedAt: null,
    feePercent: 10,
    milestones: [],
    ...extra,
  };
}

/** A project seen by its client (`viewer: 'client'`) or its hired contractor. */
export function testProject(viewer: 'client' | 'contractor', extra: Partial<ProjectDetail> = {}): ProjectDetail {
  return {
    id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
    title: 'Fuga en el baño',
    description: 'Fuga debajo del lavamanos.',
    services: ['plomeria'],
    propertyType: 'casa',
    intention: 'ready',
    startDate: '2026-12-01',
    country: 'DO',
    city: 'santo-domingo',
    zone: 'DN',
    sector: null,
    status: 'assigned',
    coverPhotoId: null,
    createdAt: '2026-11-27T12:00:00.000Z',
    updatedAt: '2026-11-27T12:00:00.000Z',
    photos: [],
    deliveryPhotos: [],
    offers: 1,
    clientFirstName: 'Lucía',
    clientContact: null,
    clientSocial: null,
    address: null,
    contractor: null,
    contractorContact: null,
    conversationId: null,
    deliveryNote: null,
    viewer: { isClient: viewer === 'client', isHiredContractor: viewer === 'contractor' },
    money: testMoney(),
    feePercent: 10,
    ...extra,
  };
}
