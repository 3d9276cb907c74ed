import { Button, Center, Group, Loader, Modal, Tabs, Tooltip } from '@mantine/core';
import { IconEdit, IconFlag, IconHistory, IconNotes, IconPhone, IconRobot } from '@tabler/icons-react';
import { MESSAGES } from '@vendaval/core/messages';
import { canChangeResponsible, canRecreateOpportunity } from '@vendaval/core/permissions';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import type { Member } from '@vendaval/core/schemas/users';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useCurrentRole } from '../../../lib/current-workspace.ts';
import { useSalesStagesQuery } from '../../../lib/lookups/lookups.ts';
import type { OpportunityModalRequest } from '../../../lib/opportunity-modal.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { HistoryTimeline } from '../../../ui/history-timeline/history-timeline.tsx';
import { useIsMobile } from '../../../ui/responsive.ts';
import { TaskFormModal } from '../../../ui/task-form/task-form-modal.tsx';
import { useAssignOpportunityMutation } from '../api/use-assign-opportunity-mutation.ts';
import { useOpportunityQuery } from '../api/use-opportunity-query.ts';
import { CardHeader } from './card-header.tsx';
import classes from './card-modal.module.css';
import { LostModal } from './lost-modal.tsx';
import { ModalFrame } from './modal-frame.tsx';
import { ChatTab } from './tabs/chat-tab.tsx';
import { CloseTab } from './tabs/close-tab.tsx';
import { EDIT_FORM_ID, EditTab } from './tabs/edit-tab.tsx';
import { NotesTab } from './tabs/notes-tab.tsx';
import { PHONE_TAB_TITLE, PhoneTab } from './tabs/phone-tab.tsx';
import { TransferModal } from './transfer-modal.tsx';
import { UnsavedChangesModal } from './unsaved-changes-modal.tsx';
import { type FormTab, useCardEditForm, useSaveCard } from './use-card-edit-form.ts';
import { useCardFlows } from './use-card-flows.ts';
import { useEscapeInside } from './use-escape-inside.ts';
import { WonModal } from './won-modal.tsx';

type TabId = NonNullable<OpportunityModalRequest['tab']>;

/** 'omnichannel': the card beside the chat on a desktop — only the chat and the notes. */
export type DetailMode = 'default' | 'omnichannel';

const TABS: { id: TabId; label: string; icon: ReactNode }[] = [
  { id: 'close', label: 'Encerrar oportunidade', icon: <IconFlag size={20} /> },
  { id: 'chat', label: 'Chat', icon: <IconRobot size={20} /> },
  { id: 'edit', label: 'Editar dados', icon: <IconEdit size={20} /> },
  { id: 'phone', label: PHONE_TAB_TITLE, icon: <IconPhone size={20} /> },
  { id: 'history', label: 'Histórico do contato', icon: <IconHistory size={20} /> },
  { id: 'notes', label: 'Observações', icon: <IconNotes size={20} /> },
];
const OMNICHANNEL_TABS: readonly TabId[] = ['chat', 'notes'];

function useSortedStages() {
  const stages = useSalesStagesQuery().data;
  return useMemo(() => [...(stages ?? [])].sort((a, b) => a.display_order - b.display_order), [stages]);
}

/** A drag into a Won or Lost column opens the card with its close flow already started. */
function useRequestedAction(
  action: OpportunityModalRequest['action'],
  start: (kind: 'won' | 'lost') => void,
) {
  const started = useRef(false);
  useEffect(() => {
    if (!action || started.current) return;
    started.current = true;
    start(action);
  });
}

function useResponsiblePick(opportunity: Opportunity, form: ReturnType<typeof useCardEditForm>) {
  const assign = useAssignOpportunityMutation(opportunity.id);
  return (member: Member) =>
    assign.mutate(member.id, {
      onSuccess: () => {
        // The new responsible is saved: it shows, and it is not an unsaved change.
        form.setValue('user_id', member.id);
        form.setValue('user_name', member.name);
        form.resetField('user_id', { defaultValue: member.id });
        form.resetField('user_name', { defaultValue: member.name });
        showSuccessToast(MESSAGES.responsibleChanged);
      },
    });
}

type CardDetailProps = {
  opportunity: Opportunity;
  request: OpportunityModalRequest;
  mode: DetailMode;
  onClose: () => void;
};

function CardDetail({ opportunity, request, mode, onClose }: CardDetailProps) {
  const role = useCurrentRole() ?? '';
  const mobile = useIsMobile();
  const stages = useSortedStages();
  const omnichannel = mode === 'omnichannel';
  const visible = TABS.filter((t) => !omnichannel || OMNICHANNEL_TABS.includes(t.id));
  const [tab, setTab] = useState<TabId>(request.tab ?? (omnichannel || mobile ? 'chat' : 'edit'));
  const [formTab, setFormTab] = useState<FormTab>('data');
  const form = useCardEditForm(opportunity);
  const { save, saving } = useSaveCard(opportunity, form, {
    onInvalid: (where) => {
      setTab('edit');
      setFormTab(where);
    },
  });
  const { isDirty } = form.formState;
  const flows = useCardFlows({ opportunity, form, isDirty, save });
  const pickResponsible = useResponsiblePick(opportunity, form);
  const [unsaved, setUnsaved] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const [addingTask, setAddingTask] = useState(false);
  const name = useWatch({ control: form.control, name: 'name' });
  // A salesRep may neither hand the card to someone else nor move it to another workspace.
  const mayReassign = canChangeResponsible(role);
  useRequestedAction(request.action, flows.pressState);

  const requestClose = () => (isDirty ? setUnsaved(true) : onClose());
  const escapeKey = useEscapeInside(requestClose);

  const panel = (id: TabId): ReactNode => {
    if (id === 'close')
      return <CloseTab opportunity={opportunity} onPress={flows.pressState} busy={flows.busy} />;
    if (id === 'chat') return <ChatTab opportunity={opportunity} />;
    if (id === 'phone')
      return <PhoneTab opportunityId={opportunity.id} phone={opportunity.contact?.phone_number ?? null} />;
    if (id === 'history') {
      return opportunity.contact_id ? (
        <HistoryTimeline from="contact" contactId={opportunity.contact_id} />
      ) : null;
    }
    if (id === 'notes') return <NotesTab opportunity={opportunity} />;
    return (
      <EditTab
        form={form}
        opportunity={opportunity}
        stages={stages}
        formTab={formTab}
        onFormTab={setFormTab}
        onSubmit={() => void save({ announce: true })}
        onPressState={flows.pressState}
        onPickStage={flows.pickStage}
        onAddTask={() => setAddingTask(true)}
        busy={flows.busy || saving}
        canChangeResponsible={mayReassign}
        onPickResponsible={pickResponsible}
      />
    );
  };

  // Beside the omnichannel list the card is a panel: no backdrop, and the list stays usable.
  const aside = omnichannel && !mobile;
  return (
    <Modal.Root
      opened
      onClose={requestClose}
      size="64rem"
      fullScreen={mobile}
      closeOnEscape={false}
      closeOnClickOutside={!request.afterCall}
      scrollAreaComponent={ModalFrame}
      {...(aside
        ? {
            trapFocus: false,
            lockScroll: false,
            closeOnClickOutside: false,
            classNames: { inner: classes.asideInner },
          }
        : {})}
    >
      {!aside && <Modal.Overlay />}
      <Modal.Content
        classNames={{ content: `${classes.content} ${classes.detail} ${aside ? classes.asideContent : ''}` }}
        ref={escapeKey.ref}
        onKeyDown={escapeKey.onKeyDown}
      >
        <Modal.Header>
          <CardHeader
            opportunity={opportunity}
            name={name || opportunity.name}
            editable={!omnichannel}
            onRename={(next) => form.setValue('name', next, { shouldDirty: true })}
            canTransfer={mayReassign && !omnichannel}
            onTransfer={() => setTransferring(true)}
            onLeave={onClose}
            onVoipCall={() => setTab('phone')}
            onRecreate={
              opportunity.state_type !== 'Open' && canRecreateOpportunity(role) ? flows.recreate : undefined
            }
            busy={flows.busy}
          />
          <Modal.CloseButton aria-label="Fechar" />
        </Modal.Header>
        <Tabs
          value={tab}
          onChange={(next) => next && setTab(next as TabId)}
          keepMounted={false}
          className={classes.tabs}
        >
          <Tabs.List className={classes.tabList} aria-label="Seções da oportunidade">
            {visible.map((t) => (
              <Tooltip key={t.id} label={t.label} withArrow>
                <Tabs.Tab value={t.id} aria-label={t.label}>
                  {t.icon}
                </Tabs.Tab>
              </Tooltip>
            ))}
          </Tabs.List>
          <div className={classes.body}>
            {visible.map((t) => (
              <Tabs.Panel key={t.id} value={t.id} className={classes.panel}>
                {panel(t.id)}
              </Tabs.Panel>
            ))}
          </div>
        </Tabs>
        {tab === 'edit' && (
          <Group className={classes.footer} justify="flex-end" gap="sm">
            {!omnichannel && (
              <Button variant="default" onClick={requestClose}>
                Cancelar
              </Button>
            )}
            <Button type="submit" form={EDIT_FORM_ID} loading={saving}>
              Salvar
            </Button>
          </Group>
        )}
        <TaskFormModal
          opened={flows.task.opened}
          onClose={flows.task.close}
          opportunity={{ id: opportunity.id, name: opportunity.name }}
          registerOnly
          onSaved={flows.task.saved}
        />
        <TaskFormModal
          opened={addingTask}
          onClose={() => setAddingTask(false)}
          opportunity={{ id: opportunity.id, name: opportunity.name }}
        />
        <LostModal
          opened={flows.lost.opened}
          onClose={flows.lost.close}
          onConfirm={flows.lost.confirm}
          saving={flows.lost.saving}
        />
        <WonModal opened={flows.won.opened} onClose={flows.won.close} name={opportunity.name} />
        <TransferModal
          opened={transferring}
          onClose={() => setTransferring(false)}
          opportunityId={opportunity.id}
          onTransferred={onClose}
        />
        <UnsavedChangesModal
          opened={unsaved}
          onCancel={() => setUnsaved(false)}
          onDiscard={() => {
            setUnsaved(false);
            onClose();
          }}
          onSave={() =>
            void save().then((ok) => {
              setUnsaved(false);
              if (ok) onClose();
            })
          }
          saving={saving}
        />
      </Modal.Content>
    </Modal.Root>
  );
}

type OpportunityDetailModalProps = {
  request: OpportunityModalRequest;
  onClose: () => void;
  mode?: DetailMode;
};

/** The card modal (opportunities.md §2.2): it closes when the card cannot be fetched. */
export function OpportunityDetailModal({ request, onClose, mode = 'default' }: OpportunityDetailModalProps) {
  const query = useOpportunityQuery(request.id);
  const mobile = useIsMobile();
  useEffect(() => {
    if (query.isError) onClose();
  }, [query.isError, onClose]);
  if (!query.data) {
    return (
      <Modal
        opened={!query.isError}
        onClose={onClose}
        fullScreen={mobile}
        centered
        withCloseButton={false}
        aria-label="Carregando oportunidade"
      >
        <Center py="xl">
          <Loader aria-label="Carregando oportunidade" />
        </Center>
      </Modal>
    );
  }
  return <CardDetail opportunity={query.data} request={request} mode={mode} onClose={onClose} />;
}
