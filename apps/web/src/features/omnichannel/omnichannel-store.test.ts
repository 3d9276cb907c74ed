import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultOmnichannelFilters, OMNI_DATE_TYPE_LABEL, omnichannelQuery } from './omnichannel-filters.ts';
import { omnichannelFilterStore, omniState } from './omnichannel-store.ts';

beforeEach(() => localStorage.clear());
afterEach(() => omniState.fullReset());

describe('omnichannel filter state', () => {
  it('PLAT-107 holds start_timestamp, end_timestamp, user_id list, dateType, has_chat and sales_stage_id list', () => {
    expect(Object.keys(defaultOmnichannelFilters()).sort()).toEqual(
      ['dateType', 'end_timestamp', 'has_chat', 'sales_stage_id', 'start_timestamp', 'user_id'].sort(),
    );
  });

  it("PLAT-108 dateType is last_message_at, labelled 'Mensagem mais recente'", () => {
    expect(defaultOmnichannelFilters().dateType).toBe('last_message_at');
    expect(OMNI_DATE_TYPE_LABEL).toBe('Mensagem mais recente');
  });

  it('PLAT-109 has_chat defaults to true, on entry and after Limpar', () => {
    const entered = omnichannelFilterStore.enter(1, 'manager');
    expect(entered.filters.has_chat).toBe(true);
    omnichannelFilterStore.update({ has_chat: false, user_id: [3] });
    omnichannelFilterStore.clear();
    expect(omnichannelFilterStore.get()?.filters).toEqual(defaultOmnichannelFilters());
  });

  it('PLAT-107 the filters become the query of the list', () => {
    const query = omnichannelQuery(
      { ...defaultOmnichannelFilters(), start_timestamp: '2026-03-01', user_id: [3, 4], sales_stage_id: [9] },
      ' ana ',
    );
    expect(query).toEqual({
      start_timestamp: '2026-03-01',
      end_timestamp: undefined,
      user_id: [3, 4],
      sales_stage_id: [9],
      dateType: 'last_message_at',
      has_chat: 'true',
      search: 'ana',
    });
  });

  it('PLAT-113 the filters come back on the next entry only with Manter filtros on', () => {
    omnichannelFilterStore.enter(1, 'manager');
    omnichannelFilterStore.update({ sales_stage_id: [9] });
    expect(omnichannelFilterStore.enter(1, 'manager').filters.sales_stage_id).toEqual([]);
    omnichannelFilterStore.update({ sales_stage_id: [9] });
    omnichannelFilterStore.setKeep(true);
    expect(omnichannelFilterStore.enter(1, 'manager').filters.sales_stage_id).toEqual([9]);
  });
});

describe('omni-channel state', () => {
  it('PLAT-110 holds opportunity id and chat id (0 when none), reselect data and a refresh toggle', () => {
    expect(omniState.get()).toEqual({ opportunityId: 0, chatId: 0, reselect: null, refresh: false });
    omniState.select(21, 301);
    omniState.setReselect({ opportunityId: 21, chatId: 301 });
    omniState.toggleRefresh();
    expect(omniState.get()).toEqual({
      opportunityId: 21,
      chatId: 301,
      reselect: { opportunityId: 21, chatId: 301 },
      refresh: true,
    });
  });

  it('PLAT-119 the omni reset clears opportunity id and chat id', () => {
    omniState.select(21, 301);
    omniState.toggleRefresh();
    omniState.reset();
    expect(omniState.get()).toMatchObject({ opportunityId: 0, chatId: 0, refresh: true });
  });

  it('PLAT-120 the omni full reset keeps opportunity id and chat id', () => {
    omniState.select(21, 301);
    omniState.setReselect({ opportunityId: 5, chatId: 6 });
    omniState.toggleRefresh();
    omniState.fullReset();
    expect(omniState.get()).toEqual({ opportunityId: 21, chatId: 301, reselect: null, refresh: false });
  });
});
