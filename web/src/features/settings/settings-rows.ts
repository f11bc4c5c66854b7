import { defaultCompanySettings } from '@atende/shared/constants';

export interface SettingRowLike {
  key: string;
  value: string;
}

export type OptionSettingKey = keyof typeof defaultCompanySettings;

/** The value of a setting, or the product default when the company has no row for it. */
export function settingOf(rows: readonly SettingRowLike[] | undefined, key: OptionSettingKey): string {
  return rows?.find((row) => row.key === key)?.value ?? defaultCompanySettings[key];
}

/** Replaces the row with the same key, or adds it. */
export function upsertSettingRow<T extends SettingRowLike>(rows: readonly T[], row: T): T[] {
  return rows.some((existing) => existing.key === row.key)
    ? rows.map((existing) => (existing.key === row.key ? { ...existing, value: row.value } : existing))
    : [...rows, row];
}

/** extended §2.19: the Horarios tab exists only when the schedule type is "company". */
export function showsCompanyHours(rows: readonly SettingRowLike[] | undefined): boolean {
  return settingOf(rows, 'scheduleType') === 'company';
}
