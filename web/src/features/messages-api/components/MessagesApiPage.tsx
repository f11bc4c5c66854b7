import { useState, type FormEvent } from 'react';
import { Button, Card, Flex, Heading, Link, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { ScreenPage } from '../../../components/ScreenPage.tsx';
import { t } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useSendTestMessage } from '../api/send-test-message.ts';
import {
  curlMediaExample,
  curlTextExample,
  javascriptMediaExample,
  javascriptTextExample,
} from '../examples.ts';
import { usePlanGate } from '../../../lib/use-plan-gate.ts';

function Code({ children }: { children: string }) {
  return (
    <pre
      style={{
        overflowX: 'auto',
        margin: 0,
        padding: '0.75rem',
        background: 'var(--amplify-colors-background-tertiary)',
      }}
    >
      <code>{children}</code>
    </pre>
  );
}

/** extended §2.22: the external message API's documentation and a test form showing the real answer. */
export function MessagesApiPage() {
  const refused = !usePlanGate('useExternalApi', 'messagesApi.noPermission');

  const [token, setToken] = useState('');
  const [number, setNumber] = useState('');
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | undefined>();
  const send = useSendTestMessage();
  const origin = window.location.origin;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(
      { token, number, body, file },
      { onSuccess: (answer) => answer.status < 300 && toast.success(t('messagesApi.test.sent')) },
    );
  };
  if (refused) return null;

  return (
    <ScreenPage titleKey="screens.messagesApi">
      <Card variation="outlined">
        <Flex direction="column" gap="small">
          <Heading level={4}>{t('messagesApi.docs.title')}</Heading>
          <Text>{t('messagesApi.docs.intro')}</Text>
          <Text fontWeight="bold">{t('messagesApi.docs.endpoint')}</Text>
          <Code>{`POST ${origin}/api/messages/send`}</Code>
          <ul>
            <li>{t('messagesApi.docs.number')}</li>
            <li>{t('messagesApi.docs.body')}</li>
            <li>{t('messagesApi.docs.medias')}</li>
            <li>{t('messagesApi.docs.closeTicket')}</li>
            <li>{t('messagesApi.docs.idempotency')}</li>
          </ul>
          <Text>{t('messagesApi.docs.answer')}</Text>
          <Link href="/api/messages/openapi.json" isExternal>
            {t('messagesApi.docs.openapi')}
          </Link>
          <Heading level={5}>{t('messagesApi.docs.textExamples')}</Heading>
          <Code>{curlTextExample(origin)}</Code>
          <Code>{javascriptTextExample(origin)}</Code>
          <Heading level={5}>{t('messagesApi.docs.mediaExamples')}</Heading>
          <Code>{curlMediaExample(origin)}</Code>
          <Code>{javascriptMediaExample(origin)}</Code>
        </Flex>
      </Card>
      <Card variation="outlined">
        <form onSubmit={submit} aria-label={t('messagesApi.test.title')}>
          <Flex direction="column" gap="small">
            <Heading level={4}>{t('messagesApi.test.title')}</Heading>
            <TextField
              label={t('messagesApi.test.token')}
              value={token}
              onChange={(e) => setToken(e.target.value)}
              autoComplete="off"
              isRequired
            />
            <TextField
              label={t('messagesApi.test.number')}
              value={number}
              onChange={(e) => setNumber(e.target.value)}
              inputMode="numeric"
              placeholder="5511999998888"
              isRequired
            />
            <TextAreaField
              label={t('messagesApi.test.body')}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              rows={3}
            />
            <label>
              <Text as="span">{t('messagesApi.test.file')}</Text>{' '}
              <input type="file" onChange={(e) => setFile(e.target.files?.[0] ?? undefined)} />
            </label>
            <Button
              type="submit"
              variation="primary"
              isLoading={send.isPending}
              loadingText={t('messagesApi.test.sending')}
            >
              {t('messagesApi.test.send')}
            </Button>
            {send.data && (
              <section aria-label={t('messagesApi.test.answer')}>
                <Text fontWeight="bold">
                  {t('messagesApi.test.answer')}: {send.data.status}
                </Text>
                <Code>{JSON.stringify(send.data.body, null, 2)}</Code>
              </section>
            )}
          </Flex>
        </form>
      </Card>
    </ScreenPage>
  );
}
