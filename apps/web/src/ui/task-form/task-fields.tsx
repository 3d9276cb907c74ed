import { Alert, Button, Checkbox, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconAlertTriangle, IconCalendar, IconClock, IconVideo } from '@tabler/icons-react';
import { TASK_DESCRIPTION_MAX } from '@vendaval/core/constants';
import { DATE_FORMAT, parseDate } from '@vendaval/core/format';
import { MESSAGES } from '@vendaval/core/messages';
import type { TaskType } from '@vendaval/core/schemas/catalog';
import dayjs from 'dayjs';
import { useRef } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { showWarningToast } from '../../lib/toasts.ts';
import { MaskedInput } from '../masked-input/masked-input.tsx';
import { isTaskTime, nowInAppTime, type TaskFormValues } from './task-form-values.ts';
import { appendNote, createVideoCall, downloadIcs, videoCallIcs, videoCallNote } from './video-call.ts';

type Option = { value: string; label: string };

type TaskFieldsProps = {
  form: UseFormReturn<TaskFormValues>;
  members: Option[];
  canChooseMember: boolean;
  taskTypes: TaskType[];
  interactionTypes: Option[];
  /** Editing or register-only: the registry flag stays as it is. */
  registryLocked: boolean;
};

const toIsoDate = (text: string) => {
  const date = parseDate(text);
  return date ? dayjs(date).format('YYYY-MM-DD') : null;
};

/** Whether a whole date and time ('YYYY-MM-DD', 'HH:mm') is before now on the app's wall clock. */
function isPastSchedule(date: string | null, time: string) {
  if (!date || !isTaskTime(time)) return false;
  const now = nowInAppTime();
  return `${date} ${time}` < `${now.date} ${now.time}`;
}

/** The fields in the spec's order: Responsável, Nome, Ação, Forma de Atendimento, registry, Data, Horário, video, Observação. */
export function TaskFields(props: TaskFieldsProps) {
  const { form, members, canChooseMember, taskTypes, interactionTypes, registryLocked } = props;
  const { control, register, setValue, getValues, formState } = form;
  const { errors, isSubmitted } = formState;
  const [isRegistry, description, date, time] = useWatch({
    control,
    name: ['is_registry', 'description', 'date', 'time'],
  });
  // A new schedule, or an edited one whose date or time changed, that is already past starts overdue.
  const scheduling = !registryLocked || formState.dirtyFields.date || formState.dirtyFields.time;
  const inThePast = scheduling && !isRegistry && isPastSchedule(date, time);

  const pickTaskType = (value: string | null) => {
    setValue('task_type_id', value, { shouldValidate: isSubmitted, shouldDirty: true });
    const fallback = taskTypes.find((t) => String(t.id) === value)?.default_interaction_type_id;
    if (fallback)
      setValue('interaction_type_id', String(fallback), { shouldValidate: isSubmitted, shouldDirty: true });
  };

  // A registry happens now; unchecking it gives the schedule its own date and time back.
  const schedule = useRef<{ date: string | null; time: string } | null>(null);
  const toggleRegistry = (checked: boolean) => {
    setValue('is_registry', checked, { shouldValidate: isSubmitted, shouldDirty: true });
    if (checked) {
      schedule.current = { date: getValues('date'), time: getValues('time') };
      const now = nowInAppTime();
      setValue('date', now.date);
      setValue('time', now.time);
    } else if (schedule.current) {
      setValue('date', schedule.current.date, { shouldValidate: isSubmitted });
      setValue('time', schedule.current.time, { shouldValidate: isSubmitted });
    }
  };

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <Controller
          control={control}
          name="user_id"
          render={({ field }) => (
            <Select
              label="Responsável"
              withAsterisk
              placeholder="Selecione"
              data={members}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              disabled={!canChooseMember}
              searchable
              nothingFoundMessage="Ninguém encontrado"
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              error={errors.user_id?.message}
            />
          )}
        />
        <TextInput label="Nome" maxLength={200} {...register('name')} error={errors.name?.message} />
        <Controller
          control={control}
          name="task_type_id"
          render={({ field }) => (
            <Select
              label="Ação"
              withAsterisk
              placeholder="Selecione"
              data={taskTypes.map((t) => ({ value: String(t.id), label: t.name }))}
              value={field.value}
              onChange={pickTaskType}
              onBlur={field.onBlur}
              ref={field.ref}
              searchable
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              error={errors.task_type_id?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="interaction_type_id"
          render={({ field }) => (
            <Select
              label="Forma de Atendimento"
              withAsterisk
              placeholder="Selecione"
              data={interactionTypes}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              searchable
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              error={errors.interaction_type_id?.message}
            />
          )}
        />
      </SimpleGrid>
      <Controller
        control={control}
        name="is_registry"
        render={({ field }) => (
          <Checkbox
            label="Esta tarefa é um registro"
            description="Algo que já aconteceu: fica registrado agora, sem agendamento."
            checked={field.value}
            onChange={(event) => toggleRegistry(event.currentTarget.checked)}
            disabled={registryLocked}
          />
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <Controller
          control={control}
          name="date"
          render={({ field }) => (
            <DateInput
              label="Data"
              withAsterisk={!isRegistry}
              placeholder="DD/MM/AAAA"
              valueFormat={DATE_FORMAT}
              dateParser={toIsoDate}
              clearable
              clearButtonProps={{ 'aria-label': 'Limpar data' }}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              disabled={isRegistry}
              leftSection={<IconCalendar size={16} />}
              popoverProps={{ withinPortal: true }}
              error={errors.date?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="time"
          render={({ field }) => (
            <MaskedInput
              label="Horário"
              mask="00:00"
              placeholder="HH:mm"
              withAsterisk={!isRegistry}
              disabled={isRegistry}
              leftSection={<IconClock size={16} />}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.time?.message}
            />
          )}
        />
      </SimpleGrid>
      {inThePast && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} role="status">
          {MESSAGES.taskScheduledInPast}
        </Alert>
      )}
      <VideoCallButton form={form} disabled={isRegistry} />
      <Textarea
        label="Observação"
        autosize
        minRows={3}
        maxRows={8}
        maxLength={TASK_DESCRIPTION_MAX}
        description={`${description.length}/${TASK_DESCRIPTION_MAX}`}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        {...register('description')}
        error={errors.description?.message}
      />
    </Stack>
  );
}

/** A Jitsi Meet room for 1 hour from the chosen time: its link goes into 'Observação' and an .ics is downloaded. */
function VideoCallButton({ form, disabled }: { form: UseFormReturn<TaskFormValues>; disabled: boolean }) {
  const create = () => {
    const { time, date, opportunity, description, name } = form.getValues();
    if (!isTaskTime(time)) return showWarningToast(MESSAGES.videoCallTimeRequired);
    if (!date) return showWarningToast(MESSAGES.videoCallDateRequired);
    if (!opportunity) return showWarningToast(MESSAGES.opportunityRequired);
    const call = createVideoCall(`${date} ${time}`);
    form.setValue('description', appendNote(description, videoCallNote(call)), {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
    downloadIcs(videoCallIcs(call, opportunity, name.trim()));
  };
  return (
    <Button
      variant="light"
      leftSection={<IconVideo size={18} />}
      onClick={create}
      disabled={disabled}
      style={{ alignSelf: 'flex-start' }}
    >
      Criar videoconferência
    </Button>
  );
}
