import { Button, Checkbox, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type UserSettings,
} from '@vendaval/core/schemas/notifications';
import { useState } from 'react';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useSaveUserSettingsMutation } from '../api/use-save-user-settings-mutation.ts';
import { useUserSettingsQuery } from '../api/use-user-settings-query.ts';
import { browserPushSupported, subscribeBrowser } from '../browser-push.ts';

const KIND_LABELS: Record<NotificationKind, string> = {
  message: 'Novas mensagens',
  assignment: 'Oportunidades atribuídas ou transferidas',
  task_due: 'Tarefas em 15 minutos',
  automation: 'Avisos de automações',
  job: 'Importações e exportações concluídas',
};

type Props = { opened: boolean; onClose: () => void };

export function NotificationSettingsModal({ opened, onClose }: Props) {
  const settings = useUserSettingsQuery().data;
  return (
    <Modal opened={opened} onClose={onClose} title="Configurar notificações" centered>
      {settings && <SettingsForm key={JSON.stringify(settings)} settings={settings} onSaved={onClose} />}
    </Modal>
  );
}

function SettingsForm({ settings, onSaved }: { settings: UserSettings; onSaved: () => void }) {
  const [draft, setDraft] = useState(settings);
  const save = useSaveUserSettingsMutation();
  const set = (patch: Partial<UserSettings>) => setDraft((current) => ({ ...current, ...patch }));
  const toggleKind = (kind: NotificationKind, on: boolean) =>
    set({ notify_kinds: on ? [...draft.notify_kinds, kind] : draft.notify_kinds.filter((k) => k !== kind) });
  const quiet = (value: string) => (value === '' ? null : value);

  return (
    <Stack>
      <Text size="sm" fw={600}>
        Avisar quando houver
      </Text>
      {NOTIFICATION_KINDS.map((kind) => (
        <Checkbox
          key={kind}
          label={KIND_LABELS[kind]}
          checked={draft.notify_kinds.includes(kind)}
          onChange={(event) => toggleKind(kind, event.currentTarget.checked)}
        />
      ))}
      <Switch
        label="Som ao chegar mensagem"
        checked={draft.sound_enabled}
        onChange={(event) => set({ sound_enabled: event.currentTarget.checked })}
      />
      <Switch
        label="Notificações no navegador (push)"
        checked={draft.push_enabled}
        onChange={(event) => set({ push_enabled: event.currentTarget.checked })}
      />
      {draft.push_enabled && browserPushSupported() && <AllowBrowserPush />}
      <Group grow>
        <TextInput
          type="time"
          label="Silenciar das"
          value={draft.quiet_start ?? ''}
          onChange={(event) => set({ quiet_start: quiet(event.currentTarget.value) })}
        />
        <TextInput
          type="time"
          label="até"
          value={draft.quiet_end ?? ''}
          onChange={(event) => set({ quiet_end: quiet(event.currentTarget.value) })}
        />
      </Group>
      <Group justify="flex-end">
        <Button
          loading={save.isPending}
          onClick={() =>
            save.mutate(draft, {
              onSuccess: () => {
                showSuccessToast('Configurações salvas!');
                onSaved();
              },
            })
          }
        >
          Salvar
        </Button>
      </Group>
    </Stack>
  );
}

/** Asks the browser's permission (only on this click) and subscribes it. */
function AllowBrowserPush() {
  const [state, setState] = useState<'idle' | 'pending' | 'allowed' | 'refused'>(
    Notification.permission === 'granted' ? 'allowed' : 'idle',
  );
  if (state === 'allowed') {
    return (
      <Text size="sm" c="dimmed">
        Este navegador recebe suas notificações.
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Button
        variant="light"
        loading={state === 'pending'}
        onClick={() => {
          setState('pending');
          subscribeBrowser({ ask: true })
            .then((allowed) => setState(allowed ? 'allowed' : 'refused'))
            .catch(() => setState('refused'));
        }}
      >
        Permitir notificações neste navegador
      </Button>
      {state === 'refused' && (
        <Text size="sm" c="red">
          O navegador não permitiu as notificações.
        </Text>
      )}
    </Stack>
  );
}
