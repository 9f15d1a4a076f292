// Dominican first and last names for the demo people.

export type Gender = 'm' | 'f';

export const MALE_FIRST_NAMES = [
  'José', 'Juan Carlos', 'Luis', 'Rafael', 'Ramón', 'Miguel', 'Francisco', 'Pedro', 'Manuel',
  'Carlos', 'Jorge', 'Héctor', 'Wilson', 'Félix', 'Julio', 'Domingo', 'Ángel', 'Víctor',
  'Freddy', 'Yunior', 'Eddy', 'Johan', 'Alexis', 'Rubén', 'Andrés', 'Nelson', 'Máximo',
  'Darío', 'Fernando', 'Cristian', 'Leonel', 'Wellington', 'Starlin', 'Raúl', 'Joel',
  'Radhamés', 'Eusebio', 'Anderson', 'Bienvenido', 'Esteban', 'Henry', 'Santiago', 'Tomás',
  'Martín', 'Jesús', 'Elvin', 'Osvaldo', 'Yeison', 'Ismael', 'Fausto',
] as const;

export const FEMALE_FIRST_NAMES = [
  'María', 'Ana', 'Carmen', 'Rosa', 'Yolanda', 'Altagracia', 'Francia', 'Mercedes', 'Yesenia',
  'Paola', 'Yokasta', 'Patricia', 'Carolina', 'Daniela', 'Lucía', 'Gabriela', 'Rosanna',
  'Wendy', 'Milagros', 'Katherine', 'Sofía', 'Isabel', 'Esther', 'Marisol', 'Nathalie',
  'Mariela', 'Indhira', 'Lourdes', 'Ramona', 'Dulce María', 'Elizabeth', 'Yahaira', 'Julissa',
  'Margarita', 'Noemí', 'Raquel', 'Cristina', 'Fátima', 'Leidy', 'Zoila',
] as const;

export const LAST_NAMES = [
  'Peña', 'Rodríguez', 'Martínez', 'Pérez', 'Santana', 'Reyes', 'Jiménez', 'Batista', 'Castillo',
  'Núñez', 'Guzmán', 'Almonte', 'Tavárez', 'Féliz', 'Rosario', 'Mejía', 'Vásquez', 'De la Cruz',
  'Polanco', 'Cabrera', 'Ureña', 'Mota', 'Abreu', 'Espinal', 'Taveras', 'Then', 'Hernández',
  'Marte', 'Díaz', 'Valdez', 'Brito', 'Encarnación', 'Durán', 'Paulino', 'Lantigua', 'Gómez',
  'Báez', 'Sánchez', 'Ramírez', 'Acosta', 'Castro', 'Fernández', 'Genao', 'Ozuna', 'Liriano',
  'Pimentel', 'Frías', 'Holguín', 'Matos', 'Bonilla', 'Cepeda', 'Minaya', 'Ventura', 'Sosa',
] as const;

/** Lower-case ASCII for e-mails and social handles: 'De la Cruz' → 'delacruz'. */
export function slugifyName(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}
