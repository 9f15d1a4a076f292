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
  chooseRole: 'Elige una opción válida.',
  /** Two sign-ups with one address at the same moment: the second waits for the first. */
  signUpInProgress: 'Ya hay un registro en curso con este correo. Revisa tu correo o inténtalo de nuevo en un momento.',
  signUpCodeSent: 'Te enviamos un código de 6 dígitos a tu correo. Escríbelo para confirmar tu cuenta.',
  codeResent: 'Si la cuenta existe y no está confirmada, te enviamos un código nuevo.',
  emailConfirmed: 'Cuenta confirmada. Ya puedes iniciar sesión.',
  emailConfirmedSignedIn: 'Cuenta confirmada. ¡Te damos la bienvenida a ArreglaYa!',
  signUpFallback: 'No pudimos completar el registro. Inténtalo de nuevo más tarde.',
  signInFallback: 'No pudimos iniciar tu sesión. Revisa tus datos.',
  /** Too many failures for one account lately: this address waits a few seconds (issue 30). */
  tooManyAttempts: (seconds: number) => `Demasiados intentos con esta cuenta. Espera ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'} y vuelve a intentarlo.`,
  /** A Google / Facebook sign-in that came back refused or failed (/login?error=…). */
  socialFailed: 'No pudimos iniciar tu sesión con Google o Facebook. Inténtalo de nuevo, o ingresa con tu correo y contraseña.',
  /** Shown once the session ran out while the app was open (spec: didAutoLogout). */
  sessionEnded: 'Tu sesión terminó. Inicia sesión de nuevo.',
  showPassword: 'Mostrar contraseña',
  email: 'Correo electrónico',
  password: 'Contraseña',

  signIn: {
    title: 'Iniciar sesión',
    forgot: '¿Olvidaste tu contraseña?',
    submit: 'Ingresar',
    submitting: 'Ingresando...',
    noAccount: '¿No tienes cuenta?',
    signUp: 'Regístrate',
    or: 'o continúa con',
    google: 'Ingresar con Google',
    facebook: 'Ingresar con Facebook',
  },

  /** Signing in with a code to one's phone (decision 071). */
  phoneSignIn: {
    open: 'Entrar con un código a mi teléfono',
    title: 'Entrar con tu teléfono',
    intro: 'Escribe el celular que confirmaste en tu cuenta. Te enviamos un código por WhatsApp o SMS.',
    number: 'Número de celular',
    sendCode: 'Enviar código',
    sending: 'Enviando...',
    /** The same answer whether the number is on an account or not (no enumeration). */
    codeSent: (number: string) => `Si el ${number} está confirmado en una cuenta de ArreglaYa, te llegará un código de 6 dígitos por WhatsApp o SMS. Vence en 10 minutos.`,
    code: 'Código de 6 dígitos',
    submit: 'Entrar',
    submitting: 'Entrando...',
    resend: 'Enviar otro código',
    changeNumber: 'Usar otro número',
    backToEmail: 'Entrar con correo y contraseña',
    /** The SMS that carries the sign-in code. */
    sms: (code: string) => `ArreglaYa: tu código para entrar es ${code}. Vence en 10 minutos. No lo compartas con nadie.`,
    /** Any code that cannot sign in (none sent, another number's, used): one message, so nothing is learnt about the number. */
    invalidCode: 'El código no es correcto o ya no sirve. Pide uno nuevo.',
  },

  signUp: {
    title: 'Crear una cuenta',
    role: 'Tipo de usuario',
    roleClient: 'Cliente',
    roleContractor: 'Contratista',
    firstName: 'Nombre',
    lastName: 'Apellido',
    confirmPassword: 'Confirmar contraseña',
    /** The checkbox's own label: a tap on it checks the box and never opens a page (issue 46). */
    acceptTerms: 'Acepto los términos de uso y la política de privacidad.',
    /** The two texts, linked on a line of their own under the checkbox. */
    readBefore: 'Léelos antes: ',
    terms: 'términos de uso',
    termsMiddle: ' y ',
    privacy: 'política de privacidad',
    termsAfter: '.',
    submit: 'Registrarme',
    submitting: 'Registrando...',
    haveAccount: '¿Ya tienes cuenta?',
    signIn: 'Inicia sesión',
  },

  confirmEmail: {
    title: 'Confirma tu correo',
    sentTo: 'Enviamos un código de 6 dígitos a',
    enterCode: 'Escríbelo abajo para confirmar tu cuenta.',
    code: 'Código de confirmación',
    submit: 'Confirmar',
    submitting: 'Confirmando...',
    resend: 'Reenviar código',
    resendIn: (seconds: number) => `Reenviar código (${seconds} s)`,
    resendWait: (seconds: number) => `Podrás pedir otro código en ${seconds} segundos.`,
  },

  forgot: {
    title: 'Recuperar contraseña',
    intro: 'Escribe el correo de tu cuenta y te enviaremos un código para crear una contraseña nueva.',
    submit: 'Enviar',
    submitting: 'Enviando...',
    resetIntro: 'Escribe el código que enviamos a',
    code: 'Código',
    newPassword: 'Contraseña nueva',
    confirmPassword: 'Confirmar contraseña nueva',
    update: 'Actualizar contraseña',
    updating: 'Actualizando...',
    legalBefore: 'Al usar ArreglaYa aceptas los ',
    terms: 'términos de uso',
    legalMiddle: ' y la ',
    privacy: 'política de privacidad',
    legalAfter: '.',
  },

  security: {
    title: 'Cambiar contraseña',
    currentPassword: 'Contraseña actual',
    newPassword: 'Contraseña nueva',
    confirmPassword: 'Confirmar contraseña nueva',
    submit: 'Cambiar contraseña',
    submitting: 'Guardando...',
    forgot: '¿Olvidaste tu contraseña?',
  },

  deleteAccount: {
    title: 'Eliminar cuenta',
    intro: 'Se borrarán tus datos personales y no podrás volver a entrar con esta cuenta.',
    open: 'Eliminar cuenta',
    dialogTitle: 'Eliminar cuenta',
    passwordLabel: 'Escribe tu contraseña para confirmar',
    confirm: 'Sí, eliminar mi cuenta',
    deleting: 'Eliminando...',
    cancel: 'Cancelar',
  },

  signOut: {
    busy: 'Cerrando sesión...',
    done: 'Cerraste sesión. ¡Hasta pronto!',
  },

  accountArea: {
    menuLabel: 'Menú de la cuenta',
    /** The phone's toggle of the account menu (below 768 px the page comes first, the menu folded). */
    menuToggle: 'Menú de tu cuenta',
    information: 'Información',
    security: 'Seguridad',
    projects: 'Proyectos',
    messages: 'Mensajes',
    favorites: 'Favoritos',
    reviews: 'Reseñas',
    notifications: 'Notificaciones',
    paymentMethods: 'Formas de pago',
    payments: 'Mis pagos',
    earnings: 'Mis cobros',
    sidebarLabel: 'Tu perfil',
    noPhone: 'Sin teléfono',
  },

  mail: {
    signUpSubject: 'ArreglaYa - Tu código de confirmación',
    signUpTitle: 'Confirma tu cuenta',
    signUpBody: (code: string) =>
      `Tu código de confirmación es: ${code}\n\nEscríbelo en la ventana de registro. Vence en 15 minutos. Si no creaste una cuenta en ArreglaYa, ignora este correo.`,
    resetSubject: 'ArreglaYa - Código para restablecer tu contraseña',
    resetTitle: 'Restablece tu contraseña',
    resetBody: (code: string) => `Tu código para restablecer la contraseña es: ${code}\n\nVence en 15 minutos. Si no lo pediste, ignora este correo: tu contraseña no cambia.`,
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
