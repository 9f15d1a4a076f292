import type { QuickBooking } from '@arreglaya/shared/schemas/quick-booking';
import type { DbOrTx } from '../../db/client.ts';
import { contactRequests } from '../../db/schema/index.ts';

export async function insertQuickBooking(db: DbOrTx, input: QuickBooking, userId: string | null): Promise<string> {
  const [row] = await db
    .insert(contactRequests)
    .values({
      kind: 'quick_booking',
      userId,
      firstName: input.nombre,
      lastName: input.apellido,
      email: input.correo,
      phone: input.telefono,
      serviceTypes: [input.tipoDeServicios],
      message: input.comentarios,
    })
    .returning({ id: contactRequests.id });
  return row!.id;
}
