import { useState } from 'react';
import { Card, Flex, Grid, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { Modal } from '../../../components/Modal.tsx';
import { PlayIcon } from '../../../components/icons/feature-icons.tsx';
import { t } from '../../../i18n/index.ts';
import { useHelps, type Help } from '../api/get-helps.ts';
import { videoEmbedUrl, videoThumbnailUrl } from '../help-form.ts';

/** The thumbnail, or a plain brand-coloured card when the video host cannot be reached. */
function Thumbnail({ help }: { help: Help }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="help-card__media">
      {!failed && (
        <img
          src={videoThumbnailUrl(help.video)}
          alt=""
          loading="lazy"
          onError={() => setFailed(true)}
          className="help-card__thumb"
        />
      )}
      {/* The card's body below names the video: the placeholder does not say it twice. */}
      {failed && <div className="help-card__placeholder" aria-hidden="true" />}
      <span className="help-card__play" aria-hidden="true">
        <PlayIcon size={22} />
      </span>
    </div>
  );
}

/** extended §2.18: video cards; a click opens the player in a modal that Escape closes. */
export function HelpsPage() {
  const helps = useHelps();
  const [playing, setPlaying] = useState<Help | undefined>(undefined);
  const list = helps.data ?? [];

  return (
    <Flex direction="column" gap="medium" padding={{ base: 'medium', large: 'large' }} className="screen">
      <Heading level={3}>{t('helps.title')}</Heading>
      {helps.isLoading && <Loader size="large" />}
      {!helps.isLoading && list.length === 0 && (
        <Card variation="outlined" padding="large">
          <Text color="font.secondary">{t('helps.empty')}</Text>
        </Card>
      )}
      <Grid templateColumns="repeat(auto-fill, minmax(16rem, 1fr))" gap="medium">
        {list.map((help) => (
          <button
            key={help.id}
            type="button"
            className="help-card"
            onClick={() => setPlaying(help)}
            aria-label={t('helps.play', { title: help.title })}
          >
            <Thumbnail help={help} />
            <span className="help-card__body">
              <span className="help-card__title">{help.title}</span>
              {help.description && <span className="help-card__description">{help.description}</span>}
            </span>
          </button>
        ))}
      </Grid>
      <Modal open={playing !== undefined} title={playing?.title ?? ''} onClose={() => setPlaying(undefined)} size="large">
        {playing && (
          <div className="video-frame">
            <iframe
              src={videoEmbedUrl(playing.video)}
              title={playing.title}
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
              allowFullScreen
            />
          </div>
        )}
      </Modal>
    </Flex>
  );
}
