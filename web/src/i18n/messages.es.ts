import { errorCatalogue, type ErrorCode } from '@atende/shared/errors';

/**
 * The Spanish UI text. Every string the SPA shows comes from here through `t()`, so screens
 * never hold literal text. Placeholders are written `{name}` and filled from `t(key, vars)`.
 */
const uiMessages = {
  'app.name': 'Atende',
  'app.version': 'Versión {version}',
  'app.loading': 'Cargando…',
  'app.greeting': 'Hola, {name}',

  'theme.toDark': 'Cambiar a tema oscuro',
  'theme.toLight': 'Cambiar a tema claro',

  'layout.openMenu': 'Abrir menú',
  'layout.closeMenu': 'Cerrar menú',
  'layout.mainMenu': 'Menú principal',
  'layout.logout': 'Salir',

  'menu.dashboard': 'Panel',
  'menu.tickets': 'Chats',
  'menu.kanban': 'Kanban',
  'menu.quickMessages': 'Respuestas rápidas',
  'menu.todoList': 'Tareas',
  'menu.contacts': 'Contactos',
  'menu.schedules': 'Agendamientos',
  'menu.tags': 'Etiquetas',
  'menu.internalChat': 'Chat interno',
  'menu.helps': 'Ayuda',
  'menu.campaigns': 'Campañas',
  'menu.campaignsList': 'Listado',
  'menu.contactLists': 'Listas de contactos',
  'menu.campaignsConfig': 'Configuración',
  'menu.announcements': 'Anuncios',
  'menu.administration': 'Administración',
  'menu.prompts': 'Prompts de IA',
  'menu.integrations': 'Integraciones',
  'menu.connections': 'Conexiones',
  'menu.files': 'Lista de archivos',
  'menu.queues': 'Colas y chatbot',
  'menu.users': 'Usuarios',
  'menu.messagesApi': 'API de mensajes',
  'menu.financial': 'Finanzas',
  'menu.settings': 'Configuraciones',

  'screens.dashboard': 'Panel',
  'screens.tickets': 'Chats',
  'screens.connections': 'Conexiones',
  'screens.quickMessages': 'Respuestas rápidas',
  'screens.todoList': 'Lista de tareas',
  'screens.schedules': 'Agendamientos',
  'screens.tags': 'Etiquetas',
  'screens.contacts': 'Contactos',
  'screens.helps': 'Ayuda',
  'screens.users': 'Usuarios',
  'screens.files': 'Lista de archivos',
  'screens.prompts': 'Prompts de IA',
  'screens.queueIntegration': 'Integraciones',
  'screens.messagesApi': 'API de mensajes',
  'screens.settings': 'Configuraciones',
  'screens.kanban': 'Kanban',
  'screens.financial': 'Facturas',
  'screens.queues': 'Colas y chatbot',
  'screens.announcements': 'Anuncios',
  'screens.subscription': 'Assinatura',
  'screens.chats': 'Chat interno',
  'screens.contactLists': 'Listas de contactos',
  'screens.contactListItems': 'Contactos de la lista',
  'screens.campaigns': 'Campañas',
  'screens.campaignReport': 'Informe de la campaña',
  'screens.campaignsConfig': 'Configuración de campañas',
  'screens.signup': 'Crear cuenta',
  'screens.forgotPassword': 'Recuperar contraseña',
  'screens.emptyHint': 'Esta sección todavía no tiene contenido.',

  'auth.login.title': 'Iniciar sesión',
  'auth.login.subtitle': 'Atiende a tus clientes de WhatsApp en un solo lugar.',
  'auth.login.email': 'Correo electrónico',
  'auth.login.password': 'Contraseña',
  'auth.login.submit': 'Entrar',
  'auth.login.submitting': 'Entrando…',
  'auth.login.success': 'Inicio de sesion realizado con exito',
  'auth.login.toSignup': '¿No tienes una cuenta? ¡Regístrate!',
  'auth.login.toForgotPassword': '¿Olvidaste tu contraseña?',
  'auth.backToLogin': 'Volver a iniciar sesión',
  'auth.showPassword': 'Mostrar contraseña',
  'auth.passwordHidden': 'La contraseña está oculta',
  'auth.passwordShown': 'La contraseña está visible',

  'routeError.title': 'No se pudo abrir esta página',
  'routeError.hint': 'Puede que haya una versión nueva de la aplicación. Recargue para continuar.',
  'routeError.reload': 'Recargar',

  'toast.dismiss': 'Cerrar aviso',
  'toast.genericError': 'Ocurrió un error. Por favor, inténtelo de nuevo.',
} as const;

type UiMessageKey = keyof typeof uiMessages;
type ErrorMessageKey = `errors.${ErrorCode}`;
export type MessageKey = UiMessageKey | ErrorMessageKey;

/** Error texts come from the shared catalogue so the API and the SPA never disagree. */
const errorMessages = Object.fromEntries(
  Object.entries(errorCatalogue).map(([code, entry]) => [`errors.${code}`, entry.es]),
) as Record<ErrorMessageKey, string>;

export const messagesEs: Readonly<Record<MessageKey, string>> = { ...uiMessages, ...errorMessages };
