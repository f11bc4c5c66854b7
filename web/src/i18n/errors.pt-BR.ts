import type { ErrorCode } from '@atende/shared/errors';

/** Brazilian Portuguese text of every API error code (the shared catalogue holds the Spanish). */
export const errorTextsPtBr: Record<ErrorCode, string> = {
  // Connections
  ERR_NO_OTHER_WHATSAPP: 'Deve haver pelo menos uma conexão de WhatsApp padrão.',
  ERR_NO_DEF_WAPP_FOUND: 'Nenhuma conexão de WhatsApp padrão encontrada.',
  ERR_WAPP_NOT_INITIALIZED: 'Esta conexão de WhatsApp não está inicializada.',
  ERR_WAPP_CHECK_CONTACT: 'Não foi possível verificar o contato do WhatsApp.',
  ERR_WAPP_INVALID_CONTACT: 'Este não é um número de WhatsApp válido.',
  ERR_WAPP_DOWNLOAD_MEDIA: 'Não foi possível baixar o arquivo do WhatsApp.',
  ERR_WAPP_GREETING_REQUIRED: 'A mensagem de saudação é obrigatória quando há mais de uma fila.',
  // Session
  ERR_INVALID_CREDENTIALS: 'Erro de autenticação. Por favor, tente novamente.',
  ERR_SESSION_EXPIRED: 'Sessão expirada. Por favor, faça login.',
  ERR_INVALID_API_TOKEN: 'O token da API não é válido.',
  ERR_NO_PERMISSION: 'Você não tem permissão para acessar este recurso.',
  ERR_WRONG_CURRENT_PASSWORD: 'A senha atual não está correta.',
  ERR_TOO_MANY_ATTEMPTS: 'Tentativas demais. Aguarde alguns minutos e tente novamente.',
  ERR_TOO_MANY_REQUESTS: 'Requisições demais. Aguarde um momento e tente novamente.',
  ERR_SUBSCRIPTION_EXPIRED: 'A assinatura da empresa está vencida.',
  ERR_PLAN_FEATURE_DISABLED: 'O plano da empresa não inclui este recurso.',
  ERR_PLAN_LIMIT_REACHED: 'O limite do plano foi atingido.',
  ERR_CAMPAIGN_LIMIT_REACHED:
    'O limite de campanhas do plano foi atingido. Exclua uma campanha ou mude de plano.',
  ERR_SCHEDULE_LIMIT_REACHED:
    'O limite de agendamentos do plano foi atingido. Exclua um agendamento ou mude de plano.',
  ERR_USER_CREATION_DISABLED: 'A criação de usuários está desabilitada.',
  // Messages and tickets
  ERR_SENDING_WAPP_MSG: 'Erro ao enviar a mensagem do WhatsApp.',
  ERR_DELETE_WAPP_MSG: 'Não foi possível apagar a mensagem do WhatsApp.',
  ERR_EDIT_WAPP_MSG: 'Não foi possível editar a mensagem no WhatsApp.',
  ERR_MESSAGE_EDIT_EXPIRED:
    'Já se passaram mais de 15 minutos desde o envio: o WhatsApp não permite editar esta mensagem.',
  ERR_MESSAGE_NOT_EDITABLE:
    'Só é possível editar mensagens de texto enviadas pela empresa que não foram apagadas.',
  ERR_MEDIA_URL_REFUSED:
    'Não foi possível obter o arquivo da URL: use https e um endereço público que responda.',
  ERR_MEDIA_URL_TOO_LARGE: 'O arquivo da URL é grande demais.',
  ERR_MEDIA_URL_UNKNOWN_TYPE:
    'O tipo do arquivo da URL não é suportado (imagens, áudio, vídeo, PDF e documentos).',
  ERR_FETCH_WAPP_MSG: 'Erro ao obter a mensagem do WhatsApp.',
  ERR_OTHER_OPEN_TICKET: 'Já existe um ticket aberto para este contato.',
  ERR_TICKET_CONFLICT: 'O ticket foi alterado por outra pessoa.',
  ERR_CREATING_MESSAGE: 'Erro ao criar a mensagem no banco de dados.',
  ERR_CREATING_TICKET: 'Erro ao criar o ticket no banco de dados.',
  ERR_DUPLICATED_CONTACT: 'Já existe um contato com este número.',
  ERR_DUPLICATED_EMAIL: 'Já existe um usuário com este e-mail.',
  ERR_DUPLICATED_NAME: 'Já existe um registro com este nome.',
  ERR_PLAN_IN_USE: 'Este plano está em uso por alguma empresa.',
  ERR_INVALID_RESET_CODE: 'Código de verificação inválido ou expirado.',
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 'Esta cor já está em uso, escolha outra.',
  ERR_RECORD_CONFLICT: 'O registro foi alterado por outra pessoa. Tente novamente.',
  ERR_SCHEDULE_ALREADY_SENT: 'Esta mensagem agendada já foi enviada e não pode ser editada.',
  ERR_TIME_IN_PAST:
    'A data e a hora escolhidas já passaram (horário da empresa). Escolha um momento futuro.',
  // Campaigns
  ERR_CAMPAIGN_NOT_EDITABLE: 'Esta campanha não pode mais ser editada.',
  ERR_CAMPAIGN_STATUS: 'A campanha não está em um status que permita esta ação.',
  // Not found
  ERR_NO_SETTING_FOUND: 'Nenhuma configuração encontrada com este ID.',
  ERR_NO_CONTACT_FOUND: 'Nenhum contato encontrado com este ID.',
  ERR_NO_TICKET_FOUND: 'Nenhum ticket encontrado com este ID.',
  ERR_NO_USER_FOUND: 'Nenhum usuário encontrado com este ID.',
  ERR_NO_WAPP_FOUND: 'Nenhum WhatsApp encontrado com este ID.',
  ERR_NO_COMPANY_FOUND: 'Nenhuma empresa encontrada com este ID.',
  ERR_NO_PLAN_FOUND: 'Nenhum plano encontrado com este ID.',
  ERR_NOT_FOUND: 'Registro não encontrado.',
  // Generic request errors
  ERR_VALIDATION: 'Os dados enviados não são válidos.',
  ERR_ROUTE_NOT_FOUND: 'Rota não encontrada.',
  ERR_METHOD_NOT_ALLOWED: 'Método não permitido.',
  ERR_PAYLOAD_TOO_LARGE: 'O conteúdo enviado é grande demais.',
  ERR_UNSUPPORTED_MEDIA_TYPE: 'Tipo de conteúdo não suportado.',
  ERR_PAYMENT_PROVIDER: 'Não foi possível gerar a cobrança com o provedor de pagamentos. Tente novamente.',
  // Dialogflow integrations
  ERR_DIALOGFLOW_CREDENTIALS:
    'O JSON da conta de serviço do Dialogflow não é válido (faltam client_email ou private_key).',
  ERR_DIALOGFLOW_REJECTED:
    'O Dialogflow recusou a solicitação: verifique o projeto, o idioma e as permissões da conta de serviço.',
  ERR_DIALOGFLOW_UNAVAILABLE: 'Não foi possível contatar o Dialogflow. Tente novamente.',
  // Outbound webhooks
  ERR_WEBHOOK_URL_REFUSED:
    'A URL do webhook não é permitida: use https e um endereço público (não local, privado nem de metadados).',
  ERR_WEBHOOK_LIMIT: 'O número máximo de webhooks da empresa foi atingido.',
  ERR_INTERNAL: 'Erro interno do servidor.',
};

/** Brazilian Portuguese text of the error codes the shared catalogue does not hold (see `extraErrorTexts`). */
export const extraErrorTextsPtBr: Readonly<Record<string, string>> = {
  ERR_DUPLICATED_EMAIL: 'Já existe um usuário com este e-mail.',
};
