import { useMemo, useState } from 'react';
import { Autocomplete, Text, type ComboBoxOption } from '@aws-amplify/ui-react';
import { t } from '../../../i18n/index.ts';
import { searchableZone, timeZoneNames, zoneOffsetLabel } from '../time-zones.ts';

interface TimeZonePickerProps {
  /** The company's zone now (its `timezone` setting, else the product default). */
  current: string;
  isSaving: boolean;
  onSave(timeZone: string): void;
}

/**
 * The company's time zone (the `timezone` setting): a searchable list of the IANA zones the
 * browser knows; choosing one saves it at once, as the other options do. Typing "sao paulo" or
 * "bogota" finds the zone without its underscores or accents.
 */
export function TimeZonePicker({ current, isSaving, onSave }: TimeZonePickerProps) {
  const [query, setQuery] = useState(current);
  const options = useMemo<ComboBoxOption[]>(
    () => timeZoneNames(current).map((name) => ({ id: name, label: name })),
    [current],
  );
  return (
    <Autocomplete
      name="timezone"
      label={t('companyTime.setting')}
      descriptiveText={t('companyTime.settingHint')}
      options={options}
      value={query}
      isDisabled={isSaving}
      onChange={(event) => setQuery(event.target.value)}
      onClear={() => setQuery('')}
      onSelect={(option) => {
        setQuery(option.id);
        if (option.id !== current) onSave(option.id);
      }}
      optionFilter={(option, value) => searchableZone(option.label).includes(searchableZone(value))}
      renderOption={(option) => (
        <span>
          {option.label}{' '}
          <Text as="span" color="font.tertiary" fontSize="small">
            {zoneOffsetLabel(option.id)}
          </Text>
        </span>
      )}
      menuSlots={{ Empty: <Text padding="small">{t('companyTime.settingEmpty')}</Text> }}
    />
  );
}
