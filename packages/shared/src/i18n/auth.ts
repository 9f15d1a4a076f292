// Texts of sign-up, sign-in, password recovery, sessions and account deletion.
export const auth = {
  passwordTooShort: 'La contraseña debe tener al menos 8 caracteres.',
  passwordTooLong: 'La contraseña no puede tener más de 128 caracteres.',
  passwordTooCommon: 'Esa contraseña es demasiado común. Elige otra más difícil de adivinar.',
  passwordHint: 'Al menos 8 caracteres. Evita contraseñas comunes como 12345678.',
  passwordsDontMatch: 'Contraseña y confirmar contraseña no coinciden.',
  newPasswordsDontMatch: 'Contraseña nueva y confirmar contraseña no coinciden.',
  newPasswordTooShort: 'La contraseña nueva debe tener al menos 8 caracteres.',
  currentPasswordRequired: 'La contraseña actual es un campo obligatorio.',
  emailRequired: 'Correo es un campo obligatorio.',
  codeRequired: 'Código es un campo obligatorio.',
  codeFormat: 'El código tiene 6 dígitos.',
  acceptTerms: 'Debes aceptar los términos de uso.',
  chooseRole: 'Seleccione una opción válida.',
  signUpCodeSent: 'Te enviamos un código de 6 dígitos a tu correo. Escríbelo para confirmar tu cuenta.',
  codeResent: 'Si la cuenta existe y no está confirmada, te enviamos un código nuevo.',
  emailConfirmed: 'Cuenta confirmada. Ya puedes iniciar sesión.',
  signUpFallback: 'No pudimos completar el registro. Inténtalo de nuevo más tarde.',
  signInFallback: 'No pudimos iniciar tu sesión. Revisa tus datos.',
  mail: {
    signUpSubject: 'ArreglaYa - Tu código de confirmación',
    signUpTitle: 'Confirma tu cuenta',
    signUpBody: (code: string) =>
      `Tu código de confirmación es: ${code}\n\nEscríbelo en la ventana de registro. Vence en 15 minutos. Si no creaste una cuenta en ArreglaYa, ignora este correo.`,
    resetSubject: 'ArreglaYa - Código para restablecer tu contraseña',
    resetTitle: 'Restablece tu contraseña',
    resetBody: (code: string) =>
      `Tu código para restablecer la contraseña es: ${code}\n\nVence en 15 minutos. Si no lo pediste, ignora este correo: tu contraseña no cambia.`,
    existingAccountSubject: 'ArreglaYa - Intento de registro con tu correo',
    existingAccountTitle: 'Ya tienes una cuenta',
    existingAccountBody:
      'Alguien (quizás tú) intentó crear una cuenta nueva con este correo, pero ya tienes una. Si fuiste tú, inicia sesión o restablece tu contraseña desde "¿Olvidaste tu contraseña?". Si no, ignora este correo.',
    passwordChangedSubject: 'ArreglaYa - Tu contraseña cambió',
    passwordChangedTitle: 'Tu contraseña cambió',
    passwordChangedBody:
      'La contraseña de tu cuenta se cambió y se cerraron las demás sesiones. Si no fuiste tú, restablécela de inmediato desde "¿Olvidaste tu contraseña?" y escríbenos.',
  },
} as const;
