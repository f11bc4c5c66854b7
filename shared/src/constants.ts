/**
 * Business constants of the product (core spec §9, extended spec §9, and the numbers quoted
 * elsewhere in both documents). Everything that the backend, the connector and the SPA must
 * agree on lives here, so a number is never written twice.
 */

// ---------------------------------------------------------------- App and timing

export const appVersion = '6.0.0' as const;

/** Searches and list calls are debounced. */
export const searchDebounceMs = 500 as const;
/** Form submits are delayed so a double click does not send twice. */
export const formSubmitDelayMs = 400 as const;
/** Settings-style forms use a slightly longer submit delay. */
export const settingsFormSubmitDelayMs = 500 as const;
/** Socket ping interval and timeout. */
export const socketPingIntervalMs = 18_000 as const;
export const socketPingTimeoutMs = 18_000 as const;
/** The client announces userStatus this often (5 minutes). */
export const userStatusIntervalMs = 300_000 as const;
/** Lists load the next page when scrolled within this distance of the bottom. */
export const infiniteScrollThresholdPx = 100 as const;
/** Internal chat loads older messages when scrolled within this distance of the top. */
export const chatHistoryThresholdPx = 600 as const;
/** The connections badge check runs this long after load. */
export const connectionCheckDelayMs = 2_000 as const;
/** The dashboard loads its default period this long after opening. */
export const dashboardAutoLoadDelayMs = 1_000 as const;
/** A login elsewhere clears local storage after this delay. */
export const forcedLogoutClearDelayMs = 1_000 as const;
/** Redirect to / after a permission failure. */
export const permissionRedirectDelayMs = 1_000 as const;
/** Redirect to / after a successful payment. */
export const paymentRedirectDelayMs = 4_000 as const;
/** "Copied" feedback of the payment code. */
export const copyFeedbackMs = 1_000 as const;
/** Toasts close by themselves after this delay. */
export const toastAutoCloseMs = 3_000 as const;
/** The campaign report reloads this long after a live update shows FINALIZADA. */
export const campaignReportReloadDelayMs = 5_000 as const;

// ---------------------------------------------------------------- Layout

/** The side drawer is open by default above this width… */
export const drawerOpenMinWidthPx = 1200 as const;
/** …and temporary (overlay) under this width. */
export const drawerTemporaryMaxWidthPx = 600 as const;
export const contactDrawerWidthPx = 320 as const;
export const messageInputMaxRows = 5 as const;
/** Contact names in the ticket list are cut to this length under the narrow breakpoint. */
export const narrowContactNameMaxChars = 10 as const;
/** Quick-reply suggestions cut their labels to this length. */
export const quickReplyLabelMaxChars = 35 as const;
/** Typing "/" followed by more than this many characters offers quick replies. */
export const quickReplyTriggerMinChars = 2 as const;
/** The new-ticket contact search starts at this many characters. */
export const contactSearchMinChars = 3 as const;
export const calendarHeightPx = 500 as const;
export const dateDisplayFormat = 'DD/MM/YYYY' as const;
export const timeDisplayFormat = 'HH:mm' as const;
export const themes = ['light', 'dark'] as const;
export const primaryColour = 'green' as const;
/** Campaign routes exist only when this browser-storage key is present (any value). */
export const campaignRoutesStorageFlag = 'cshow' as const;

// ---------------------------------------------------------------- Volume, ratings, acks

export const volume = { min: 0, max: 1, step: 0.1, default: 1 } as const;

export const ratingValues = [1, 2, 3] as const;
export const ratingMeanings = {
  1: 'unsatisfied',
  2: 'satisfied',
  3: 'verySatisfied',
} as const;

export const ackValues = [1, 2, 3, 4, 5] as const;
/** 4 and 5 are both shown as "read", in colour. */
export const ackMeanings = {
  1: 'sent',
  2: 'delivered',
  3: 'read',
  4: 'readInColour',
  5: 'readInColour',
} as const;

// ---------------------------------------------------------------- Dashboard and lists

export const dashboardPeriodDays = [3, 7, 15, 30, 60, 90] as const;
export const ticketPageSize = 40 as const;

// ---------------------------------------------------------------- Media

export const audioBitrateKbps = 128 as const;
export const audioFormat = 'mp3' as const;
/** Recordings smaller than this are discarded. */
export const audioMinBytes = 10_000 as const;
/**
 * A message attachment's largest size: API Gateway carries at most 10 MB base64-encoded, so
 * 7 MB of file (functions/src/domain/media-rules.ts enforces it; the chat input checks first).
 */
export const messageUploadMaxBytes = 7 * 1024 * 1024;
/** Schedules and announcements accept only these image attachments. */
export const imageAttachmentExtensions = ['png', 'jpg', 'jpeg'] as const;
/** Contact-list item import accepts spreadsheets only. */
export const contactImportExtensions = ['xls', 'xlsx'] as const;

export const messageMediaTypes = [
  'image',
  'audio',
  'video',
  'application',
  'locationMessage',
  'vcard',
  'call_log',
] as const;

// ---------------------------------------------------------------- Users and tickets

export const profiles = ['admin', 'user', 'supervisor'] as const;
/** "desabled" is the product's own spelling and is stored as such. */
export const allTicketValues = ['enabled', 'desabled'] as const;
export const ticketStatuses = ['pending', 'open', 'closed'] as const;

export const connectionStatuses = [
  'qrcode',
  'PAIRING',
  'DISCONNECTED',
  'TIMEOUT',
  'OPENING',
  'CONNECTED',
] as const;
/** Any connection in one of these puts a warning badge on the connections menu item. */
export const connectionStatusesNeedingAttention = [
  'qrcode',
  'PAIRING',
  'DISCONNECTED',
  'TIMEOUT',
  'OPENING',
] as const;

export const connectionDefaults = {
  provider: 'beta',
  expiresTicket: 0,
  timeUseBotQueues: 0,
  maxUseBotQueues: 3,
} as const;
export const defaultMaxUseBotQueues = connectionDefaults.maxUseBotQueues;
/** Connection health: minutes without inbound (in opening hours) before a `silent` alert; 0 = off. */
export const silenceMinutesDefault = 60;

// ---------------------------------------------------------------- Companies and billing

export const trialDays = 3 as const;
export const defaultTimeZone = 'America/Sao_Paulo' as const;

export const recurrenceMonths = {
  MENSUAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
} as const;
export const recurrences = ['MENSUAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
/** Only monthly is offered in the forms; the others are accepted when stored. */
export const offeredRecurrences = ['MENSUAL'] as const;

/**
 * Company due-date row colours by days left (core spec, layout). See dueDateColour() for the
 * literal reading of the rule.
 */
export const dueDateColourThresholds = {
  yellowAtDaysLeft: 5,
  orangeFromDaysLeft: -3,
  orangeToDaysLeft: 4,
  redAtDaysLeft: -4,
} as const;

/** Checkout falls back to this plan when none is chosen. */
export const checkoutFallbackPlan = { price: 49, users: 3 } as const;
export const checkoutSteps = ['Datos', 'Personalizar', 'Revisar'] as const;

// ---------------------------------------------------------------- Campaigns

export const campaignStatuses = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const;
export const campaignStatusLabels = {
  INATIVA: 'Inativa',
  PROGRAMADA: 'Programada',
  EM_ANDAMENTO: 'Em Andamento',
  CANCELADA: 'Cancelada',
  FINALIZADA: 'Finalizada',
} as const;
export const campaignDefaultStatus = 'INATIVA' as const;
export const campaignMessageSlots = 5 as const;
/** A PROGRAMADA campaign is editable only while its schedule is more than this far ahead. */
export const campaignEditWindowMs = 3_600_000 as const;

/** Random send interval options, in seconds. */
export const campaignMessageIntervalOptions = [0, 5, 10, 15, 20] as const;
/** "Longer interval after" options (0 means not defined). */
export const campaignLongerIntervalAfterOptions = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;
/** Greater send interval options, in seconds. */
export const campaignGreaterIntervalOptions = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;
export const campaignSettingsDefaults = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
} as const;

// ---------------------------------------------------------------- Announcements

export const announcementPriorities = [1, 2, 3] as const;
/** §9 gives Alta / Média / Baixa; the dialog in §2.7 reads Alta / Media / Baja. */
export const announcementPriorityMeta = {
  1: { label: 'Alta', colour: 'red' },
  2: { label: 'Média', colour: 'orange' },
  3: { label: 'Baixa', colour: 'grey' },
} as const;
export const announcementDefaults = { priority: 3, status: true } as const;

// ---------------------------------------------------------------- Prompts and integrations

export const promptDefaults = {
  voice: 'texto',
  maxTokens: 100,
  temperature: 1,
  maxMessages: 10,
} as const;

/** "texto" answers in text; the others are Azure Brazilian-Portuguese neural voices. */
export const promptVoices = [
  'texto',
  'pt-BR-FranciscaNeural',
  'pt-BR-AntonioNeural',
  'pt-BR-BrendaNeural',
  'pt-BR-DonatoNeural',
  'pt-BR-ElzaNeural',
  'pt-BR-FabioNeural',
  'pt-BR-GiovannaNeural',
  'pt-BR-HumbertoNeural',
  'pt-BR-JulioNeural',
  'pt-BR-LeilaNeural',
  'pt-BR-LeticiaNeural',
  'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural',
  'pt-BR-ValerioNeural',
  'pt-BR-YaraNeural',
] as const;

export const integrationTypes = ['dialogflow', 'n8n', 'webhook', 'typebot'] as const;
export const integrationDefaultType = 'typebot' as const;
export const integrationLanguages = ['pt-BR', 'en', 'es'] as const;
export const typebotDefaults = { delayMessage: 1000, expires: 1 } as const;

// ---------------------------------------------------------------- Queues

/** The fixed palette queues choose from: 50 distinct Material Design shades (300, 500, 700). */
// prettier-ignore
export const queueColourPalette = [
  '#e57373', '#f44336', '#d32f2f', // red
  '#f06292', '#e91e63', '#c2185b', // pink
  '#ba68c8', '#9c27b0', '#7b1fa2', // purple
  '#9575cd', '#673ab7', '#512da8', // deep purple
  '#7986cb', '#3f51b5', '#303f9f', // indigo
  '#64b5f6', '#2196f3', '#1976d2', // blue
  '#4fc3f7', '#03a9f4', '#0288d1', // light blue
  '#4dd0e1', '#00bcd4', '#0097a7', // cyan
  '#4db6ac', '#009688', '#00796b', // teal
  '#81c784', '#4caf50', '#388e3c', // green
  '#aed581', '#8bc34a', '#689f38', // light green
  '#cddc39', '#afb42b', // lime
  '#ffd54f', '#ffc107', '#ffa000', // amber
  '#ffb74d', '#ff9800', '#f57c00', // orange
  '#ff8a65', '#ff5722', '#e64a19', // deep orange
  '#a1887f', '#795548', '#5d4037', // brown
  '#90a4ae', '#607d8b', '#455a64', // blue grey
] as const;

/** Tags created without a colour get this neutral shade (blue grey 300 of the palette). */
export const defaultTagColour = '#90a4ae' as const;

export const weekdaysEn = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export const weekdaysPt = [
  'Segunda-feira',
  'Terça-feira',
  'Quarta-feira',
  'Quinta-feira',
  'Sexta-feira',
  'Sábado',
  'Domingo',
] as const;

/** Monday to Friday 08:00-18:00, Saturday 08:00-12:00, Sunday 00:00-00:00 (closed). */
export const defaultQueueSchedules = [
  { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Terça-feira', weekdayEn: 'tuesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quarta-feira', weekdayEn: 'wednesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quinta-feira', weekdayEn: 'thursday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sexta-feira', weekdayEn: 'friday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' },
  { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
] as const;

// ---------------------------------------------------------------- Schedules

/** A scheduled message's default send time is this far from now. */
export const scheduleDefaultLeadMs = 3_600_000 as const;
/** ERRO is shown as a send error. */
export const scheduleStatuses = ['PENDENTE', 'AGENDADA', 'ENVIADA', 'ERRO'] as const;

// ---------------------------------------------------------------- Company settings

export const enabledDisabled = ['enabled', 'disabled'] as const;
export const scheduleTypes = ['disabled', 'company', 'queue'] as const;
export const chatBotTypes = ['text', 'button', 'list'] as const;

export const defaultCompanySettings = {
  userRating: 'disabled',
  scheduleType: 'disabled',
  call: 'enabled',
  CheckMsgIsGroup: 'enabled',
  sendGreetingAccepted: 'disabled',
  sendMsgTransfTicket: 'disabled',
  sendGreetingMessageOneQueues: 'disabled',
  chatBotType: 'text',
} as const;

// ---------------------------------------------------------------- Passwords

/** Password-reset rule: 8 or more characters, with upper case, lower case and a digit. */
export const resetPasswordPattern = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;
export const resetPasswordMinLength = 8 as const;

// ---------------------------------------------------------------- Field limits

export const limits = {
  nameMin: 2,
  nameMax: 50,
  passwordMin: 5,
  passwordMax: 50,
  numberMin: 8,
  numberMax: 50,
  signupPhoneMaxDigits: 11,
  queueColourMin: 3,
  queueColourMax: 9,
  tagNameMin: 3,
  /** Tag and queue-option texts: a lane or menu label, a colour, a menu's answer. */
  tagNameMax: 100,
  tagColourMax: 32,
  queueOptionTitleMax: 200,
  queueOptionNumberMax: 10,
  queueOptionMessageMax: 10_000,
  ticketNoteMin: 2,
  scheduleBodyMin: 5,
  fileListNameMin: 3,
  promptNameMin: 5,
  promptNameMax: 100,
  promptTextMin: 50,
  /**
   * Contact-list imports (.xlsx, docs/decisions.md "Contact-list imports: bounded reading"): what
   * the workbook's zip may declare and inflate to in all (20,000 rows inflate to about 5 MB with
   * name, number and e-mail, 13 MB with ten columns of unique text), and one part's ratio of
   * inflated to compressed size past 1 MB (sheets and shared strings measure 9 to 17; a zip bomb's
   * is in the hundreds to a thousand).
   */
  contactListImportUnzippedMax: 32 * 1024 * 1024,
  contactListImportZipRatioMax: 100,
  // Upper bounds of free inputs (docs/decisions.md, Security: inputs): no text, list or page is unbounded.
  /** List pages: 10,000 pages of 40 are far past any scrolling; more only makes the API read more. */
  pageNumberMax: 10_000,
  searchParamMax: 200,
  ticketNoteMax: 5_000,
  quickMessageShortcodeMax: 50,
  quickMessageMax: 10_000,
  /** File lists: a campaign sends every option's file after its message, so a list stays short. */
  fileListNameMax: 100,
  fileListMessageMax: 10_000,
  fileListOptionsMax: 20,
  fileListOptionNameMax: 100,
  announcementTitleMax: 200,
  announcementTextMax: 10_000,
  extraInfoItemsMax: 50,
  extraInfoNameMax: 50,
  extraInfoValueMax: 1_000,
  /** RFC 5321's longest address. */
  emailMax: 254,
  /** WhatsApp message ids are 16 to 40 letters and digits; 64 leaves room, and shapes them as keys. */
  messageIdMax: 64,
  /** A chat message's text (POST /messages): WhatsApp's own limit; the chat input counts toward it. */
  messageBodyMax: 65_536,
  // Inputs, third round (issue #24): every other text and list a route reads has a bound too;
  // functions/test/input-bounds-guard.test.ts fails on any string or array without one.
  /** A title, a label, a person's or a place's name, a key word: one line of text. */
  shortTextMax: 200,
  /** A message the product sends or shows (greetings, campaign and schedule bodies, help texts). */
  longTextMax: 10_000,
  /** An AI prompt's instructions. */
  promptTextMax: 20_000,
  /** RFC 7230 leaves URLs unbounded; browsers and CDNs stop near 2,048 characters. */
  urlMax: 2_048,
  /** A file name (most file systems: 255 bytes) and a media type (RFC 6838: 127 + '/' + 127). */
  fileNameMax: 255,
  mimeTypeMax: 255,
  /** An API key, token or opaque cursor typed or copied by a person. */
  tokenMax: 2_048,
  /** A Dialogflow service-account JSON (about 2.3 KB). */
  serviceAccountJsonMax: 20_000,
  /** Ids in one body (a user's or a connection's queues, a ticket's tags). */
  idListMax: 1_000,
  /** Ids in one query (a ticket list's tags, users and queues): the URL stays within any edge's limit. */
  queryIdListMax: 100,
  /** A weekday's label in a week of hours ("Segunda-feira"). */
  weekdayLabelMax: 20,
} as const;

// ---------------------------------------------------------------- Exports

export const contactsCsvExport = {
  separator: ';',
  filename: 'contatos.csv',
  fields: ['name', 'number', 'email'],
} as const;
