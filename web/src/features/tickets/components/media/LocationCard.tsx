import { t } from '../../../../i18n/index.ts';
import { locationOf } from '../../media-rules.ts';
import { MapPinIcon } from '../icons.tsx';

/** A shared location: the place's name and address, linking to the map. */
export function LocationCard({ body }: { body: string }) {
  const location = locationOf(body);
  return (
    <a
      className="msg-card msg-card--location"
      href={location.mapUrl}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="location-card"
    >
      <MapPinIcon size={20} />
      <div>
        <strong>{location.name ?? t('tickets.messages.location')}</strong>
        {location.address && <span>{location.address}</span>}
        <span>{t('tickets.messages.openMap')}</span>
      </div>
    </a>
  );
}
