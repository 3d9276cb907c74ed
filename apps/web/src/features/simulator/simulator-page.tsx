import { Avatar, Card, Center, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatPhone, toWhatsappNumber } from '@vendaval/core/format';
import type { SimulatorMessage } from '@vendaval/core/schemas/chat';
import { useEffect, useRef, useState } from 'react';
import { useSandboxBotsQuery } from './api/use-sandbox-bots-query.ts';
import { useSimulatorConversationQuery } from './api/use-simulator-conversation-query.ts';
import { useSimulatorReadMutation, useSimulatorSendMutation } from './api/use-simulator-mutations.ts';
import { PhoneBubble } from './components/phone-bubble.tsx';
import { type OutgoingFile, PhoneComposer } from './components/phone-composer.tsx';
import classes from './simulator.module.css';

const PHONE_DEBOUNCE_MS = 400;

/** The phone has the conversation on screen: the company's messages not yet read become Read. */
function useReadReceipts(botId: number | null, phone: string, messages: SimulatorMessage[] | undefined) {
  const { mutate } = useSimulatorReadMutation();
  const asked = useRef('');
  const unread = (messages ?? [])
    .filter((m) => !m.from_contact && (m.status === 'sent' || m.status === 'Delivered'))
    .map((m) => m.id)
    .join(',');
  useEffect(() => {
    // Each set of unread messages is reported once; a failure waits for the next message.
    if (!unread || botId === null || asked.current === unread || document.visibilityState === 'hidden')
      return;
    asked.current = unread;
    mutate({ bot_id: botId, phone_number: phone });
  }, [unread, botId, phone, mutate]);
}

function useStickToBottom(count: number) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const thread = ref.current;
    if (thread && count > 0) thread.scrollTop = thread.scrollHeight;
  }, [count]);
  return ref;
}

/** /simulator: plays a contact's WhatsApp on a sandbox bot, so the chat works with no external account. */
export function SimulatorPage() {
  const bots = useSandboxBotsQuery();
  const [chosenBot, setBotId] = useState<number | null>(null);
  const botId = chosenBot ?? bots.data?.[0]?.id ?? null;
  const bot = bots.data?.find((b) => b.id === botId);
  const [phoneInput, setPhoneInput] = useState('');
  const [name, setName] = useState('');
  // The number as the server keeps it: a Brazilian number typed without 55 gets it.
  const [phone] = useDebouncedValue(toWhatsappNumber(phoneInput), PHONE_DEBOUNCE_MS);
  const ready = botId !== null && phone.length >= 10;
  const conversation = useSimulatorConversationQuery(botId, phone);
  const send = useSimulatorSendMutation();
  useReadReceipts(botId, phone, ready ? conversation.data : undefined);
  const messages = ready ? (conversation.data ?? []) : [];
  const threadRef = useStickToBottom(messages.length);

  const write = (content: { message?: string; file?: OutgoingFile }) => {
    if (!ready || botId === null) return;
    send.mutate({
      bot_id: botId,
      phone_number: phone,
      ...(name.trim() ? { name: name.trim() } : {}),
      ...content,
    });
  };

  return (
    <Stack gap="md">
      <Title order={2}>Simulador de cliente</Title>
      <div className={classes.page}>
        <Card withBorder className={classes.setup}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Escreva como se fosse o cliente no WhatsApp: a mensagem chega ao funcionário digital e abre a
              sala no card do contato.
            </Text>
            <Select
              label="Funcionário digital"
              placeholder={bots.isPending ? 'Carregando…' : 'Nenhum bot de simulação'}
              data={(bots.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
              value={botId === null ? null : String(botId)}
              allowDeselect={false}
              onChange={(value) => setBotId(value ? Number(value) : null)}
            />
            <TextInput
              label="Telefone do cliente"
              placeholder="55 11 98765-4321"
              inputMode="tel"
              value={phoneInput}
              onChange={(event) => setPhoneInput(event.currentTarget.value)}
            />
            <TextInput
              label="Nome do cliente"
              placeholder="Usado quando o número é novo"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
          </Stack>
        </Card>
        <section className={classes.phone} aria-label="Celular do cliente">
          <div className={classes.phoneHead}>
            <Avatar radius="xl" size="sm" color="gray" variant="white">
              {bot?.name.slice(0, 1) ?? '?'}
            </Avatar>
            <div>
              <Text size="sm" fw={600}>
                {bot?.name ?? 'Funcionário digital'}
              </Text>
              <Text size="xs" opacity={0.8}>
                {ready ? `Você: ${formatPhone(phone)}` : 'Informe o telefone do cliente'}
              </Text>
            </div>
          </div>
          <div className={classes.thread} ref={threadRef}>
            {ready && messages.length === 0 && !conversation.isPending && (
              <Center h="100%">
                <Text size="sm" c="dimmed" ta="center">
                  Nenhuma mensagem ainda. Escreva a primeira.
                </Text>
              </Center>
            )}
            {messages.map((m) => (
              <PhoneBubble key={m.id} message={m} />
            ))}
          </div>
          <PhoneComposer
            disabled={!ready}
            busy={send.isPending}
            onText={(message) => write({ message })}
            onFile={(file) => write({ file })}
          />
        </section>
      </div>
    </Stack>
  );
}
