import { useState } from 'react';
import { SliderField } from '@aws-amplify/ui-react';
import { volume as volumeLimits } from '@atende/shared/constants';
import { Popover } from '../../components/Popover.tsx';
import { VolumeIcon } from '../../components/icons/icons.tsx';
import { t } from '../../i18n/index.ts';
import { readVolume, storeVolume } from '../../lib/volume.ts';

/** core §2, §9: the notification volume, 0 to 1 in steps of 0.1, kept in local storage. */
export function VolumeControl() {
  const [volume, setVolume] = useState(readVolume);
  return (
    <Popover label={t('layout.volume')} trigger={<VolumeIcon muted={volume === 0} />}>
      <SliderField
        label={t('layout.volumeShort')}
        min={volumeLimits.min}
        max={volumeLimits.max}
        step={volumeLimits.step}
        value={volume}
        onChange={(value) => setVolume(storeVolume(value))}
        formatValue={(value) => t('layout.volumeValue', { percent: Math.round(value * 100) })}
        filledTrackColor="{colors.primary.60}"
        width="15rem"
      />
    </Popover>
  );
}
