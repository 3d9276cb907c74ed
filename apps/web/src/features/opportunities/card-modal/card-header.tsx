import {
  ActionIcon,
  Anchor,
  Avatar,
  Button,
  Group,
  Menu,
  Modal,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAddressBook,
  IconBrandWhatsapp,
  IconCopy,
  IconHeadset,
  IconMail,
  IconPencil,
  IconPhone,
  IconRepeat,
  IconUser,
} from '@tabler/icons-react';
import { toTelNumber, toWhatsappNumber } from '@vendaval/core/format';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCardChatSlots } from '../../../lib/card-chat.ts';
import { useSession } from '../../../lib/session.ts';
import { copyToClipboard } from '../../../ui/copy/copy-to-clipboard.ts';
import {
  OpportunityTypeIcon,
  useOpportunityTypeIcons,
} from '../../../ui/opportunity-type-icon/opportunity-type-icon.tsx';
import { useHasVoipCredentialsQuery } from '../../../ui/task-form/api/use-voip-credentials-query.ts';

/** The WhatsApp link opens a chat with a first message naming the seller, the card and the workspace. */
export function whatsappLink(phone: string, seller: string, card: string, workspace: string): string {
  const firstName = seller.trim().split(/\s+/)[0] ?? '';
  const text = `Olá! Aqui é ${firstName}, de ${workspace}. Falo sobre ${card}.`;
  return `https://wa.me/${toWhatsappNumber(phone)}?text=${encodeURIComponent(text)}`;
}

// Browser VoIP does not run on iOS, so the option is not offered there.
const isIos = () => /iPad|iPhone|iPod/.test(navigator.userAgent);

type ContactMenuProps = { opportunity: Opportunity; onLeave: () => void; onVoipCall: () => void };

function ContactMenu({ opportunity, onLeave, onVoipCall }: ContactMenuProps) {
  const { user } = useSession();
  const voip = useHasVoipCredentialsQuery();
  const navigate = useNavigate();
  const location = useLocation();
  const contact = opportunity.contact;
  const phone = contact?.phone_number ?? null;
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <ActionIcon variant="light" aria-label="Ações do contato" size="md">
          <IconAddressBook size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {phone && (
          <Menu.Item
            component="a"
            href={whatsappLink(phone, user?.name ?? '', opportunity.name, opportunity.workspace.name)}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconBrandWhatsapp size={16} />}
          >
            Abrir WhatsApp
          </Menu.Item>
        )}
        {phone && voip.data && !isIos() && (
          <Menu.Item leftSection={<IconHeadset size={16} />} onClick={onVoipCall}>
            Ligação VoIP
          </Menu.Item>
        )}
        {phone && (
          <Menu.Item component="a" href={`tel:${toTelNumber(phone)}`} leftSection={<IconPhone size={16} />}>
            Ligar
          </Menu.Item>
        )}
        {contact?.email && (
          <Menu.Item component="a" href={`mailto:${contact.email}`} leftSection={<IconMail size={16} />}>
            Enviar e-mail
          </Menu.Item>
        )}
        {phone && (
          <Menu.Item
            leftSection={<IconCopy size={16} />}
            onClick={() => void copyToClipboard(toTelNumber(phone))}
          >
            Copiar número
          </Menu.Item>
        )}
        {contact && location.pathname !== '/contacts' && (
          <Menu.Item
            leftSection={<IconUser size={16} />}
            onClick={() => {
              onLeave();
              void navigate(`/contacts?contact_id=${contact.id}`, { state: { contactId: contact.id } });
            }}
          >
            Ver contato
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

type NameProps = { name: string; editable: boolean; onRename: (name: string) => void };

/** The card's name, the modal's title; editable in place when the card allows it. */
function CardName({ name, editable, onRename }: NameProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    const next = draft?.trim();
    if (next) onRename(next);
    setDraft(null);
  };
  if (draft !== null) {
    return (
      <TextInput
        aria-label="Nome da oportunidade"
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
          if (event.key === 'Escape') {
            event.preventDefault();
            setDraft(null);
          }
        }}
        autoFocus
        maxLength={200}
        size="sm"
      />
    );
  }
  return (
    <Group gap={4} wrap="nowrap" miw={0}>
      <Modal.Title
        fw={700}
        fz="lg"
        style={{ overflowWrap: 'anywhere' }}
        onClick={editable ? () => setDraft(name) : undefined}
      >
        {name}
      </Modal.Title>
      {editable && (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label="Editar nome"
          onClick={() => setDraft(name)}
        >
          <IconPencil size={14} />
        </ActionIcon>
      )}
    </Group>
  );
}

type CardHeaderProps = {
  opportunity: Opportunity;
  name: string;
  editable: boolean;
  onRename: (name: string) => void;
  canTransfer: boolean;
  onTransfer: () => void;
  onLeave: () => void;
  /** The VoIP call is placed from the phone tab. */
  onVoipCall: () => void;
  /** Given when the card is won or lost and the user may start it again as a new cycle. */
  onRecreate?: (() => void) | undefined;
  busy?: boolean;
};

/** Top info card: initial, name, '#id' to copy, the card-type icon, contact actions, media and workspace, chat room. */
export function CardHeader(props: CardHeaderProps) {
  const { opportunity, name, editable, onRename, canTransfer, onTransfer, onRecreate } = props;
  const room = opportunity.dialogs[0];
  const chat = useCardChatSlots();
  const typeIcons = useOpportunityTypeIcons();
  const typeId = opportunity.opportunity_type_id;
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" flex={1} miw={0}>
      <Avatar color="initials" name={name} radius="xl" size="lg" aria-hidden>
        {name.trim().charAt(0).toUpperCase()}
      </Avatar>
      <Stack gap={2} miw={0} flex={1}>
        <CardName name={name} editable={editable} onRename={onRename} />
        <Group gap="xs" wrap="wrap">
          <UnstyledButton
            aria-label={`Copiar código #${opportunity.id}`}
            title="Copiar código"
            onClick={() => void copyToClipboard(String(opportunity.id))}
          >
            <Text size="sm" c="dimmed" fw={600}>
              #{opportunity.id}
            </Text>
          </UnstyledButton>
          <OpportunityTypeIcon type={typeId === null ? undefined : typeIcons.get(typeId)} size={18} />
          <ContactMenu opportunity={opportunity} onLeave={props.onLeave} onVoipCall={props.onVoipCall} />
          <Text size="sm" c="dimmed">
            {opportunity.media?.name ?? 'Sem mídia'} ·{' '}
            {canTransfer ? (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={onTransfer}
                aria-label="Transferir para outra área de trabalho"
                title="Transferir para outra área de trabalho"
              >
                {opportunity.workspace.name}
              </Anchor>
            ) : (
              opportunity.workspace.name
            )}
          </Text>
          {onRecreate && (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconRepeat size={14} />}
              onClick={onRecreate}
              disabled={props.busy}
              title="Começar um novo ciclo com esta oportunidade"
            >
              Recriar
            </Button>
          )}
        </Group>
        {chat && <chat.RoomStatus opportunity={opportunity} />}
        {!chat && room && (
          <Text size="xs" c="dimmed">
            {room.bot_name ?? 'Robô'} · Sala: #{room.id} | Status: {room.closed_at ? 'Fechada' : 'Aberta'}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
