import type { ErrorCode } from '@atende/shared/errors';

/** English (en) text of every API error code of the shared catalogue (`errorCatalogue[code].es`). */
export const errorTextsEn: Record<ErrorCode, string> = {
  // Connections
  ERR_NO_OTHER_WHATSAPP: 'There must be at least one default WhatsApp connection.',
  ERR_NO_DEF_WAPP_FOUND: 'No default WhatsApp connection was found.',
  ERR_WAPP_NOT_INITIALIZED: 'This WhatsApp connection is not initialized.',
  ERR_WAPP_CHECK_CONTACT: "Couldn't verify the WhatsApp contact.",
  ERR_WAPP_INVALID_CONTACT: 'This is not a valid WhatsApp number.',
  ERR_WAPP_DOWNLOAD_MEDIA: "Couldn't download the file from WhatsApp.",
  ERR_WAPP_GREETING_REQUIRED: 'The greeting message is required when there is more than one queue.',
  // Session
  ERR_INVALID_CREDENTIALS: 'Authentication failed. Please try again.',
  ERR_SESSION_EXPIRED: 'Session expired. Please sign in.',
  ERR_INVALID_API_TOKEN: 'The API token is not valid.',
  ERR_NO_PERMISSION: "You don't have permission to access this resource.",
  ERR_WRONG_CURRENT_PASSWORD: 'The current password is incorrect.',
  ERR_TOO_MANY_ATTEMPTS: 'Too many attempts. Wait a few minutes and try again.',
  ERR_TOO_MANY_REQUESTS: 'Too many requests. Wait a moment and try again.',
  ERR_SUBSCRIPTION_EXPIRED: "The company's subscription has expired.",
  ERR_PLAN_FEATURE_DISABLED: "The company's plan doesn't include this feature.",
  ERR_PLAN_LIMIT_REACHED: 'The plan limit has been reached.',
  ERR_CAMPAIGN_LIMIT_REACHED:
    "The plan's campaign limit has been reached. Delete a campaign or change plans.",
  ERR_SCHEDULE_LIMIT_REACHED:
    "The plan's schedule limit has been reached. Delete a schedule or change plans.",
  ERR_USER_CREATION_DISABLED: 'User creation is disabled.',
  // Messages and tickets
  ERR_SENDING_WAPP_MSG: 'Error sending the WhatsApp message.',
  ERR_DELETE_WAPP_MSG: "Couldn't delete the WhatsApp message.",
  ERR_EDIT_WAPP_MSG: "Couldn't edit the message on WhatsApp.",
  ERR_MESSAGE_EDIT_EXPIRED:
    "More than 15 minutes have passed since it was sent: WhatsApp doesn't allow editing this message.",
  ERR_MESSAGE_NOT_EDITABLE:
    'Only text messages sent by the company that have not been deleted can be edited.',
  ERR_MEDIA_URL_REFUSED: "Couldn't get the file from the URL: use https and a public address that responds.",
  ERR_MEDIA_URL_TOO_LARGE: 'The file at the URL is too large.',
  ERR_MEDIA_URL_UNKNOWN_TYPE:
    "The file type at the URL isn't supported (images, audio, video, PDF and documents).",
  ERR_FETCH_WAPP_MSG: 'Error fetching the WhatsApp message.',
  ERR_OTHER_OPEN_TICKET: 'There is already an open ticket for this contact.',
  ERR_TICKET_CONFLICT: 'The ticket was changed by someone else.',
  ERR_CREATING_MESSAGE: 'Error creating the message in the database.',
  ERR_CREATING_TICKET: 'Error creating the ticket in the database.',
  ERR_DUPLICATED_CONTACT: 'A contact with this number already exists.',
  ERR_DUPLICATED_EMAIL: 'A user with this email already exists.',
  ERR_DUPLICATED_NAME: 'A record with this name already exists.',
  ERR_PLAN_IN_USE: 'This plan is in use by a company.',
  ERR_INVALID_RESET_CODE: 'Invalid or expired verification code.',
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 'This color is already in use, choose another one.',
  ERR_RECORD_CONFLICT: 'The record was changed by someone else. Please try again.',
  ERR_SCHEDULE_ALREADY_SENT: "This scheduled message was already sent and can't be edited.",
  ERR_TIME_IN_PAST: 'The chosen date and time have already passed (company time). Choose a future time.',
  ERR_CAMPAIGN_NOT_EDITABLE: 'This campaign can no longer be edited.',
  ERR_CAMPAIGN_STATUS: "The campaign's status doesn't allow this action.",
  // Not found
  ERR_NO_SETTING_FOUND: 'No setting was found with this ID.',
  ERR_NO_CONTACT_FOUND: 'No contact was found with this ID.',
  ERR_NO_TICKET_FOUND: 'No ticket was found with this ID.',
  ERR_NO_USER_FOUND: 'No user was found with this ID.',
  ERR_NO_WAPP_FOUND: 'No WhatsApp was found with this ID.',
  ERR_NO_COMPANY_FOUND: 'No company was found with this ID.',
  ERR_NO_PLAN_FOUND: 'No plan was found with this ID.',
  ERR_NOT_FOUND: 'Record not found.',
  // Generic request errors
  ERR_VALIDATION: 'The data sent is not valid.',
  ERR_ROUTE_NOT_FOUND: 'Route not found.',
  ERR_METHOD_NOT_ALLOWED: 'Method not allowed.',
  ERR_PAYLOAD_TOO_LARGE: 'The content sent is too large.',
  ERR_UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type.',
  ERR_PAYMENT_PROVIDER: "Couldn't create the charge with the payment provider. Please try again.",
  // Dialogflow integrations
  ERR_DIALOGFLOW_CREDENTIALS:
    "The Dialogflow service account JSON isn't valid (client_email or private_key is missing).",
  ERR_DIALOGFLOW_REJECTED:
    "Dialogflow rejected the request: check the project, the language and the service account's permissions.",
  ERR_DIALOGFLOW_UNAVAILABLE: "Couldn't reach Dialogflow. Please try again.",
  // Outbound webhooks
  ERR_WEBHOOK_URL_REFUSED:
    "The webhook URL isn't allowed: use https and a public address (not local, private or metadata).",
  ERR_WEBHOOK_LIMIT: "The company's maximum number of webhooks has been reached.",
  ERR_INTERNAL: 'Internal server error.',
};

/** English (en) text of the error codes the shared catalogue does not hold (`extraErrorTexts` in messages.es.ts). */
export const extraErrorTextsEn: Readonly<Record<string, string>> = {
  ERR_DUPLICATED_EMAIL: 'A user with this email already exists.',
};
