import { t, type MessageKey } from '../../../../i18n/index.ts';
import type { Message } from '../../api/types.ts';
import { ContactCard } from './ContactCard.tsx';
import { LocationCard } from './LocationCard.tsx';
import { MediaFile } from './MediaFile.tsx';
import { MediaImage } from './MediaImage.tsx';
import { MediaPlayer } from './MediaPlayer.tsx';
import './media.css';

/**
 * A message's medium as the chat shows it (core §2): images and stickers as thumbnails, audio
 * and video with a player, documents as a file card, the location and contact cards. Which one
 * follows the stored media type, which the server derived from the file's bytes.
 */
export function MessageMedia({ message }: { message: Message }) {
  const type = message.mediaType;
  if (!type || type === 'call_log') return null;
  if (type === 'locationMessage') return <LocationCard body={message.body} />;
  if (type === 'vcard') return <ContactCard body={message.body} />;
  const name = message.mediaName || t(`tickets.messages.media.${type}` as MessageKey);
  if (!message.mediaUrl && !message.hasMedia) return <MediaFile message={message} name={name} />;
  if (type === 'image') return <MediaImage message={message} name={name} />;
  if (type === 'audio' || type === 'video') return <MediaPlayer message={message} name={name} kind={type} />;
  return <MediaFile message={message} name={name} />;
}
