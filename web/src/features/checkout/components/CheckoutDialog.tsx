import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Flex, Text } from '@aws-amplify/ui-react';
import type { CheckoutAddress, CheckoutPlan } from '@atende/shared/entities/checkout';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { Modal } from '../../../components/Modal.tsx';
import { t } from '../../../i18n/index.ts';
import { toastError } from '../../../lib/toast-error.ts';
import { useLiveEvent } from '../../../lib/use-live-event.ts';
import { authQueryKeys, type SessionUser } from '../../auth/index.ts';
import { formatDueDate } from '../../invoices/invoice-format.ts';
import { invoicesQueryKeys } from '../../invoices/api/get-invoices.ts';
import { useCheckout, type CheckoutAnswer } from '../api/checkout.ts';
import { paymentConcluded } from '../payment-event.ts';
import { AddressStep, PlanStep, ReviewStep, emptyAddress } from './CheckoutSteps.tsx';
import { PixPayment } from './PixPayment.tsx';

const stepKeys = ['checkout.step.0', 'checkout.step.1', 'checkout.step.2'] as const;

/** After the renewal message, the app's home (extended §9: 4 s). */
const redirectAfterPaymentMs = 4000;

/**
 * The checkout dialog (extended §2.21, §4 Checkout): Datos, Personalizar, Revisar, then the QR
 * screen; the live `payment` CONCLUIDA event of the company shows the renewal message with the new
 * due date (also put into the session, so the top bar's chip shows it) and leads to / after 4 s.
 */
export function CheckoutDialog({ invoiceId, onClose }: { invoiceId: number; onClose(): void }) {
  const [step, setStep] = useState(0);
  const [address, setAddress] = useState<CheckoutAddress>(emptyAddress);
  const [plan, setPlan] = useState<CheckoutPlan>();
  const [answer, setAnswer] = useState<CheckoutAnswer>();
  const [paidDueDate, setPaidDueDate] = useState<string>();
  const checkout = useCheckout();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useLiveEvent('payment', (data) => {
    const paid = paymentConcluded(data, user?.companyId);
    if (!paid) return;
    queryClient.setQueryData<SessionUser>(authQueryKeys.me, (current) =>
      current?.company ? { ...current, company: { ...current.company, dueDate: paid.dueDate } } : current,
    );
    void queryClient.invalidateQueries({ queryKey: invoicesQueryKeys.lists() });
    setPaidDueDate(paid.dueDate);
  });

  useEffect(() => {
    if (!paidDueDate) return;
    const timer = setTimeout(() => navigate('/', { replace: true }), redirectAfterPaymentMs);
    return () => clearTimeout(timer);
  }, [paidDueDate, navigate]);

  const pay = () => {
    if (!plan) return;
    checkout.mutate({ address, plan, invoiceId }, { onSuccess: setAnswer, onError: toastError });
  };

  return (
    <Modal open title={t('checkout.title')} onClose={onClose} size="large">
      {paidDueDate ? (
        <Alert variation="success" data-testid="checkout-success">
          <Text>{t('checkout.success')}</Text>
          <Text>{t('checkout.newDueDate', { date: formatDueDate(paidDueDate) })}</Text>
        </Alert>
      ) : answer ? (
        <PixPayment answer={answer} />
      ) : (
        <Flex direction="column" gap="medium">
          <Flex gap="large" as="ol" className="checkout-steps" data-step={step}>
            {stepKeys.map((key, index) => (
              <Text
                as="li"
                key={key}
                fontWeight={index === step ? 'bold' : 'normal'}
                aria-current={index === step ? 'step' : undefined}
              >
                {t(key)}
              </Text>
            ))}
          </Flex>
          {step === 0 && (
            <AddressStep
              initial={address}
              onNext={(data) => {
                setAddress(data);
                setStep(1);
              }}
            />
          )}
          {step === 1 && (
            <PlanStep
              onBack={() => setStep(0)}
              onChoose={(chosen) => {
                setPlan(chosen);
                setStep(2);
              }}
            />
          )}
          {step === 2 && plan && (
            <ReviewStep
              address={address}
              plan={plan}
              isPaying={checkout.isPending}
              onPay={pay}
              onBack={() => setStep(1)}
            />
          )}
        </Flex>
      )}
    </Modal>
  );
}
