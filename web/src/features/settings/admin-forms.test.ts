import { describe, expect, it } from 'vitest';
import { companyCreateInputSchema } from '@atende/shared/entities/company';
import { helpCreateInputSchema } from '@atende/shared/entities/help';
import { planCreateInputSchema } from '@atende/shared/entities/plan';
import { validateForm } from '../../lib/form-validation.ts';
import { companyCampaignsEnabled, companyFormOf, emptyCompanyForm, type CompanyFormValues } from '../companies/company-form.ts';
import { helpFormInput, videoCodeOf, type HelpFormValues } from '../helps/help-form.ts';
import { emptyPlanForm, formatPlanPrice, planFormInput, planFormOf, type PlanFormValues } from '../plans/plan-form.ts';

// The forms run the routes' body schemas over their values (reshaped where a screen shows them otherwise).
const checkCompanyForm = (values: CompanyFormValues) => validateForm(companyCreateInputSchema, values);
const checkHelpForm = (values: HelpFormValues) => validateForm(helpCreateInputSchema, helpFormInput(values));
const checkPlanForm = (values: PlanFormValues) => validateForm(planCreateInputSchema, planFormInput(values));
import { settingOf, showsCompanyHours, upsertSettingRow } from './settings-rows.ts';

describe('company administration form', () => {
  it('requires a name and a plan, and sends an empty due date as null', () => {
    expect(checkCompanyForm(emptyCompanyForm())).toMatchObject({
      ok: false,
      errors: { name: 'Requerido', planId: 'Requerido' },
    });
    const result = checkCompanyForm({ ...emptyCompanyForm(), name: 'Loja', planId: '2', status: 'false' });
    expect(result).toEqual({
      ok: true,
      data: {
        name: 'Loja',
        email: '',
        phone: '',
        planId: 2,
        status: false,
        campaignsEnabled: true,
        dueDate: null,
        recurrence: 'MENSUAL',
        // A new company's language is the one the super user's screen speaks (docs/i18n.md).
        language: 'es',
      },
    });
  });

  it('reads a company back into the form', () => {
    const form = companyFormOf({
      id: 4,
      name: 'Loja',
      email: null,
      phone: '11999999999',
      planId: 2,
      status: true,
      dueDate: '2025-05-01T03:00:00.000Z',
      recurrence: 'MENSUAL',
      settings: [{ key: 'campaignsEnabled', value: 'false' }],
      createdAt: '2025-01-01T00:00:00Z',
    });
    expect(form).toMatchObject({ planId: '2', status: 'true', campaignsEnabled: 'false', dueDate: '2025-05-01' });
    expect(companyCampaignsEnabled({ campaignsEnabled: true, settings: [] })).toBe(true);
  });
});

describe('plans form', () => {
  it('turns the flag selects into booleans and accepts a decimal comma', () => {
    const result = checkPlanForm({ ...emptyPlanForm(), name: 'Pro', users: '5', value: '99,90', useKanban: 'false' });
    expect(result.ok && result.data).toMatchObject({ name: 'Pro', users: 5, value: 99.9, useKanban: false, useCampaigns: true });
    expect(checkPlanForm({ ...emptyPlanForm(), name: '' })).toMatchObject({ ok: false, errors: { name: 'Requerido' } });
  });

  it('shows a missing flag as on', () => {
    const form = planFormOf({ id: 1, name: 'Básico', users: 1, connections: 1, queues: 1, value: 0, useOpenAi: false });
    expect(form.useOpenAi).toBe('false');
    expect(form.useKanban).toBe('true');
    expect(formatPlanPrice(49).replace(/\s/g, ' ')).toBe('R$ 49,00');
  });

  it('sends the campaigns and schedules limits, an empty one as null (unlimited)', () => {
    const result = checkPlanForm({ ...emptyPlanForm(), name: 'Pro', campaigns: '4', schedules: ' ' });
    expect(result.ok && result.data).toMatchObject({ campaigns: 4, schedules: null });
    expect(checkPlanForm({ ...emptyPlanForm(), name: 'Pro', campaigns: '-1' })).toMatchObject({ ok: false });
    const limited = planFormOf({ id: 1, name: 'B', users: 1, connections: 1, queues: 1, value: 0, campaigns: 0, schedules: 12 });
    expect(limited).toMatchObject({ campaigns: '0', schedules: '12' });
    expect(planFormOf({ id: 1, name: 'B', users: 1, connections: 1, queues: 1, value: 0 })).toMatchObject({ campaigns: '', schedules: '' });
  });
});

describe('plans form: the AI daily cap', () => {
  it('sends the cap as a number, an empty one as null (the platform default), and shows it back', () => {
    const capped = checkPlanForm({ ...emptyPlanForm(), name: 'Pro', aiDailyCalls: '25' });
    expect(capped.ok && capped.data).toMatchObject({ aiDailyCalls: 25 });
    const empty = checkPlanForm({ ...emptyPlanForm(), name: 'Pro' });
    expect(empty.ok && empty.data).toMatchObject({ aiDailyCalls: null });
    expect(checkPlanForm({ ...emptyPlanForm(), name: 'Pro', aiDailyCalls: '-3' })).toMatchObject({ ok: false });
    const plan = { id: 1, name: 'B', users: 1, connections: 1, queues: 1, value: 0 };
    expect(planFormOf({ ...plan, aiDailyCalls: 0 }).aiDailyCalls).toBe('0');
    expect(planFormOf({ ...plan, aiDailyCalls: null }).aiDailyCalls).toBe('');
  });
});

describe('help form', () => {
  it('keeps the video code of a pasted address', () => {
    expect(videoCodeOf('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1')).toBe('dQw4w9WgXcQ');
    expect(videoCodeOf('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(videoCodeOf(' abc123xyz ')).toBe('abc123xyz');
    expect(checkHelpForm({ title: '', video: '', description: '' })).toEqual({
      ok: false,
      errors: { title: 'Requerido', video: 'Requerido' },
    });
  });
});

describe('settings rows', () => {
  it('falls back to the product defaults and shows Horarios only for company hours', () => {
    expect(settingOf([], 'userRating')).toBe('disabled');
    expect(showsCompanyHours([{ key: 'scheduleType', value: 'company' }])).toBe(true);
    expect(showsCompanyHours([{ key: 'scheduleType', value: 'queue' }])).toBe(false);
    expect(upsertSettingRow([{ key: 'call', value: 'enabled' }], { key: 'call', value: 'disabled' })).toEqual([
      { key: 'call', value: 'disabled' },
    ]);
  });
});
