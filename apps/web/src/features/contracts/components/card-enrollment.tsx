import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconCopy, IconExternalLink, IconFileCertificate } from '@tabler/icons-react';
import { SUCCESS_MESSAGES } from '@vendaval/core/messages';
import { enrollmentProviderOf } from '@vendaval/core/schemas/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CardContractProps } from '../../../lib/card-contract.ts';
import { closeOpportunityModal } from '../../../lib/opportunity-modal.ts';
import { usePlatform } from '../../../lib/platform.ts';
import { useSession } from '../../../lib/session.ts';
import { showErrorToasts, showSuccessToast } from '../../../lib/toasts.ts';
import { copyToClipboard } from '../../../ui/copy/copy-to-clipboard.ts';
import { useCardContractQuery, useCreateContractMutation } from '../api/contracts-api.ts';
import { EnrollmentFormModal } from './enrollment-form-modal.tsx';

/**
 * The card's enrolment actions: 'Gerar Matrícula' on an open card without a pending or paid enrolment, and the
 * way to pay a pending one. Only where the platform's integrated enrolment names a provider (OPP-155).
 */
export function CardEnrollment({ opportunity }: CardContractProps) {
  const platform = usePlatform();
  const { workspaceId } = useSession();
  const [opened, setOpened] = useState(false);
  const create = useCreateContractMutation(workspaceId);
  const status = opportunity.contract?.payment_status;
  const full = useCardContractQuery(workspaceId, opportunity.id, status === 'Pending');
  if (enrollmentProviderOf(platform.flags.integrated_enroll) === null) return null;

  const canGenerate = opportunity.state_type === 'Open' && (!status || status === 'Canceled');
  const pending = status === 'Pending' ? full.data : null;
  if (!canGenerate && !pending) return null;
  return (
    <Group gap="sm">
      {canGenerate && (
        <Button
          variant="light"
          leftSection={<IconFileCertificate size={16} />}
          onClick={() => setOpened(true)}
        >
          Gerar Matrícula
        </Button>
      )}
      {pending?.payment_url &&
        (pending.provider === 'sandbox' ? (
          <Anchor component={Link} to={pending.payment_url} onClick={closeOpportunityModal} size="sm">
            <Group gap={4} wrap="nowrap">
              <IconExternalLink size={16} />
              Abrir página de pagamento
            </Group>
          </Anchor>
        ) : (
          <Anchor href={pending.payment_url} target="_blank" rel="noopener noreferrer" size="sm">
            <Group gap={4} wrap="nowrap">
              <IconExternalLink size={16} />
              Abrir fatura
            </Group>
          </Anchor>
        ))}
      {pending?.pix_code && (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconCopy size={14} />}
          onClick={() => void copyToClipboard(pending.pix_code ?? '')}
        >
          Copiar Pix copia e cola
        </Button>
      )}
      {canGenerate && status === 'Canceled' && (
        <Text size="xs" c="dimmed">
          A matrícula anterior foi cancelada.
        </Text>
      )}
      <EnrollmentFormModal
        opened={opened}
        saving={create.isPending}
        payerDocument={opportunity.contact?.document || opportunity.student_document || ''}
        onClose={() => setOpened(false)}
        onSave={(input) =>
          create.mutate(
            { ...input, opportunity_id: opportunity.id },
            {
              onSuccess: () => {
                showSuccessToast(SUCCESS_MESSAGES.enrollmentCreated);
                setOpened(false);
              },
              onError: showErrorToasts,
            },
          )
        }
      />
    </Group>
  );
}
