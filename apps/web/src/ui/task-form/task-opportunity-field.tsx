import { ActionIcon, Button, Group, Input, Menu } from '@mantine/core';
import { useId } from '@mantine/hooks';
import {
  IconDotsVertical,
  IconExternalLink,
  IconHeadset,
  IconMessageCircle,
  IconPhone,
  IconSearch,
} from '@tabler/icons-react';
import { toTelNumber } from '@vendaval/core/format';
import { MESSAGES, TOASTS } from '@vendaval/core/messages';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import { useState } from 'react';
import { http } from '../../lib/http.ts';
import { openOpportunityModal } from '../../lib/opportunity-modal.ts';
import { useSession } from '../../lib/session.ts';
import { showErrorToasts, showWarningToast } from '../../lib/toasts.ts';
import { OpportunitySelectorModal } from '../opportunity-selector/opportunity-selector-modal.tsx';
import { useHasVoipCredentialsQuery } from './api/use-voip-credentials-query.ts';
import type { TaskOpportunity } from './task-form-values.ts';

type TaskOpportunityFieldProps = {
  value: TaskOpportunity | null;
  onChange: (opportunity: TaskOpportunity) => void;
  /** Fixed by the caller (a card's own task form, a close flow): it cannot be swapped. */
  locked: boolean;
  error?: string | undefined;
  onCreateNew?: (() => void) | undefined;
};

/** The task's card ('#id name'), chosen with the opportunity selector, with its quick actions. */
export function TaskOpportunityField({
  value,
  onChange,
  locked,
  error,
  onCreateNew,
}: TaskOpportunityFieldProps) {
  const id = useId();
  const [selecting, setSelecting] = useState(false);
  const text = value ? `#${value.id} ${value.name}` : '';
  return (
    <Input.Wrapper id={id} label="Oportunidade" required error={error}>
      <Group gap="xs" wrap="nowrap" mt={4}>
        <Input
          id={id}
          readOnly
          value={text}
          placeholder="Nenhuma oportunidade selecionada"
          error={Boolean(error)}
          style={{ flex: 1, minWidth: 0 }}
          onClick={locked ? undefined : () => setSelecting(true)}
          styles={{ input: { cursor: locked ? 'default' : 'pointer' } }}
        />
        {!locked && (
          <Button
            variant="default"
            leftSection={<IconSearch size={16} />}
            onClick={() => setSelecting(true)}
            aria-label="Selecionar oportunidade"
          >
            Selecionar
          </Button>
        )}
        {value && <OpportunityActions opportunity={value} />}
      </Group>
      <OpportunitySelectorModal
        opened={selecting}
        onClose={() => setSelecting(false)}
        onSelect={(item) =>
          onChange({ id: item.id, name: item.name, phone: item.contact?.phone_number ?? null })
        }
        onCreateNew={onCreateNew}
      />
    </Input.Wrapper>
  );
}

const isIos = () => /iPad|iPhone|iPod/.test(navigator.userAgent);

function OpportunityActions({ opportunity }: { opportunity: TaskOpportunity }) {
  const voip = useHasVoipCredentialsQuery();
  const { workspaceId } = useSession();

  const voipCall = () => {
    if (!voip.data) {
      showWarningToast(TOASTS.voipNoCredentials.message, TOASTS.voipNoCredentials.title);
      return;
    }
    // The dialer lives with the card: its phone tab places the call.
    openOpportunityModal({ id: opportunity.id, tab: 'phone' });
  };

  const call = async () => {
    let phone = opportunity.phone;
    if (phone === undefined) {
      try {
        const card = await http.get<Opportunity>(
          `/workspaces/${workspaceId}/opportunities/${opportunity.id}`,
        );
        phone = card.contact?.phone_number ?? null;
      } catch (failure) {
        showErrorToasts(failure);
        return;
      }
    }
    if (!phone) showWarningToast(MESSAGES.opportunityWithoutPhone);
    else window.location.href = `tel:${toTelNumber(phone)}`;
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label="Ações da oportunidade">
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconExternalLink size={16} />}
          onClick={() => openOpportunityModal({ id: opportunity.id })}
        >
          Ver oportunidade
        </Menu.Item>
        <Menu.Item
          leftSection={<IconMessageCircle size={16} />}
          onClick={() => openOpportunityModal({ id: opportunity.id, tab: 'chat' })}
        >
          Enviar mensagem
        </Menu.Item>
        {voip.data && !isIos() && (
          <Menu.Item leftSection={<IconHeadset size={16} />} onClick={voipCall}>
            Ligação VoIP
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconPhone size={16} />} onClick={() => void call()}>
          Ligar
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
