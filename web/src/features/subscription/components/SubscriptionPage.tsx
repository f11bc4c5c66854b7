import { useState, type ReactNode } from 'react';
import { Button, Card, Divider, Flex, Grid, Heading, Text } from '@aws-amplify/ui-react';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { Modal } from '../../../components/Modal.tsx';
import { t } from '../../../i18n/index.ts';
import { formatDay } from '../../../lib/company-status.ts';
import { formatPlanPrice } from '../../plans/plan-form.ts';
import { subscriptionLine } from '../trial.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex direction="column" gap="xxxs">
      <Text as="span" fontSize="small" color="font.tertiary">
        {label}
      </Text>
      <Text as="span" fontWeight="semibold">
        {children}
      </Text>
    </Flex>
  );
}

/** extended §2.9 ('Assinatura'): the trial line, the billing e-mail and 'Assine Agora!'. */
export function SubscriptionPage() {
  const { user } = useAuth();
  const [contactOpen, setContactOpen] = useState(false);
  const company = user?.company;
  const plan = company?.plan;
  const line = subscriptionLine(company, new Date());
  const billingEmail = user?.email ?? '';

  return (
    <Flex direction="column" gap="medium" padding={{ base: 'medium', large: 'large' }} className="screen">
      <Heading level={3}>{t('subscription.title')}</Heading>
      <Card variation="outlined" className="panel subscription-card">
        <Flex direction="column" gap="large">
          {line && (
            <Flex direction="column" gap="xxs">
              <Text as="span" fontSize="small" color="font.tertiary">
                {line.kind === 'expired' ? t('subscription.statusLabel') : t('subscription.trial')}
              </Text>
              <Text as="p" fontSize="large" fontWeight="semibold" className={['subscription-card__trial', line.ended ? 'subscription-card__trial--ended' : ''].join(' ')} data-testid="trial-line">
                {line.text}
              </Text>
            </Flex>
          )}
          <Divider size="small" />
          <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="medium">
            <Field label={t('subscription.billingEmail')}>{billingEmail}</Field>
            {company?.dueDate && <Field label={t('subscription.dueDate')}>{formatDay(company.dueDate)}</Field>}
            {plan?.name && (
              <Field label={t('subscription.plan')}>
                {plan.name}
                <Text as="span" display="block" fontWeight="normal" fontSize="small" color="font.secondary">
                  {t('subscription.planSummary', {
                    users: plan.users ?? 0,
                    connections: plan.connections ?? 0,
                    queues: plan.queues ?? 0,
                    price: formatPlanPrice(plan.value),
                  })}
                </Text>
              </Field>
            )}
          </Grid>
          <Flex>
            <Button variation="primary" onClick={() => setContactOpen(true)}>
              {t('subscription.subscribe')}
            </Button>
          </Flex>
        </Flex>
      </Card>
      <Modal
        open={contactOpen}
        title={t('subscription.contactTitle')}
        onClose={() => setContactOpen(false)}
        size="small"
        footer={<Button onClick={() => setContactOpen(false)}>{t('common.close')}</Button>}
      >
        <Flex direction="column" gap="small">
          <Text>{t('subscription.contactText')}</Text>
          <Text fontWeight="bold" className="subscription-card__email">
            {billingEmail}
          </Text>
          <Text fontSize="small" color="font.secondary">
            {t('subscription.contactHint')}
          </Text>
        </Flex>
      </Modal>
    </Flex>
  );
}
