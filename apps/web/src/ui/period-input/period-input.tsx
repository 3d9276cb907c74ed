import 'dayjs/locale/pt-br';
import '@mantine/dates/styles.css';
import { DatePickerInput, type DatePickerPreset, DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';

/** A bound as the picker shows it (YYYY-MM-DD); an ISO instant (a role's default range) shows as its day. */
const day = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD') : null);

type Props = {
  start: string | null;
  end: string | null;
  /** Days chosen as 'YYYY-MM-DD'; null: no bound. */
  onChange: (start: string | null, end: string | null) => void;
  /** Ranges offered beside the calendar ('Últimos 30 dias'). */
  presets?: DatePickerPreset<'range'>[];
};

/** 'Período' of a list filter: a range of days in pt-BR, open at either end. */
export function PeriodInput({ start, end, onChange, presets }: Props) {
  return (
    <DatesProvider settings={{ locale: 'pt-br' }}>
      <DatePickerInput
        type="range"
        label="Período"
        placeholder="Qualquer data"
        valueFormat="DD/MM/YYYY"
        clearable
        allowSingleDateInRange
        value={[day(start), day(end)]}
        presets={presets}
        onChange={([from, to]) => onChange(from, to)}
      />
    </DatesProvider>
  );
}
