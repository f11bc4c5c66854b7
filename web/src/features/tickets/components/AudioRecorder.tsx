import { useEffect, useRef, useState } from 'react';
import { Button, Loader } from '@aws-amplify/ui-react';
import { audioBitrateKbps, messageUploadMaxBytes } from '@atende/shared/constants';
import { CheckIcon, CloseIcon } from '../../../components/icons/feature-icons.tsx';
import { t } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import {
  encodeMp3,
  formatElapsed,
  isRecordingKept,
  mixToMono,
  recordingFileName,
  type Mp3EncoderClass,
} from '../attachment-rules.ts';
import { IconButton } from '../../../components/IconButton.tsx';

interface AudioRecorderProps {
  /** Sends the finished mp3; the recorder shows it is busy until this settles. */
  onRecorded(file: File): Promise<void>;
  /** The recorder is done (sent, cancelled or failed) and the input comes back. */
  onClose(): void;
}

/** The mp3 must fit the 7 MB upload: at 128 kbit/s that is a little over 7 minutes. */
const maxRecordingMs = Math.floor((messageUploadMaxBytes * 8) / (audioBitrateKbps * 1000)) * 1000;
/** Decoding resamples to this rate, one lamejs supports whatever the microphone delivers. */
const encodeSampleRate = 44_100;

/** lamejs is big: it is fetched only when a recording starts, never with the page. */
const loadEncoder = (): Promise<Mp3EncoderClass> =>
  import('@breezystack/lamejs').then((lame) => lame.Mp3Encoder);

/** Decodes what MediaRecorder produced (webm/opus, ogg or mp4) to PCM with Web Audio and encodes it as mp3. */
async function toMp3(recording: Blob, encoder: Promise<Mp3EncoderClass>): Promise<Uint8Array<ArrayBuffer>> {
  const context = new OfflineAudioContext(1, 1, encodeSampleRate);
  const audio = await context.decodeAudioData(await recording.arrayBuffer());
  const channels = Array.from({ length: audio.numberOfChannels }, (_, index) => audio.getChannelData(index));
  return encodeMp3(mixToMono(channels), audio.sampleRate, await encoder);
}

type Phase = 'starting' | 'recording' | 'encoding';

/**
 * Records a voice note (core §2 Message input, §9): starts on mount, shows the elapsed time,
 * and either discards the recording or encodes it as mp3 at 128 kbit/s and hands it over.
 * Recordings under 10000 bytes are discarded with a notice.
 */
export function AudioRecorder({ onRecorded, onClose }: AudioRecorderProps) {
  const [phase, setPhase] = useState<Phase>('starting');
  const [elapsed, setElapsed] = useState(0);
  const session = useRef<{
    recorder: MediaRecorder;
    stream: MediaStream;
    chunks: Blob[];
    startedAt: number;
    encoder: Promise<Mp3EncoderClass>;
  }>(undefined);
  const latest = useRef({ onRecorded, onClose });
  useEffect(() => {
    latest.current = { onRecorded, onClose };
  });

  useEffect(() => {
    let abandoned = false;
    const release = () => {
      const current = session.current;
      session.current = undefined;
      if (!current) return;
      if (current.recorder.state !== 'inactive') current.recorder.stop();
      current.stream.getTracks().forEach((track) => track.stop());
    };
    async function start() {
      if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
        toast.error(t('tickets.audio.unsupported'));
        latest.current.onClose();
        return;
      }
      let stream: MediaStream;
      try {
        stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      } catch (error) {
        console.error(error);
        if (!abandoned) {
          toast.error(t('tickets.audio.noMicrophone'));
          latest.current.onClose();
        }
        return;
      }
      if (abandoned) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      const recorder = new MediaRecorder(stream);
      const chunks: Blob[] = [];
      recorder.addEventListener('dataavailable', (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      });
      const encoder = loadEncoder();
      // A failed download shows when the recording is sent, not as an unhandled rejection now.
      encoder.catch(() => undefined);
      recorder.start();
      session.current = { recorder, stream, chunks, startedAt: Date.now(), encoder };
      setPhase('recording');
    }
    void start();
    return () => {
      abandoned = true;
      release();
    };
  }, []);

  async function finish() {
    const current = session.current;
    if (!current || phase !== 'recording') return;
    setPhase('encoding');
    if (current.recorder.state !== 'inactive') {
      // The last chunk arrives before `stop`.
      const stopped = new Promise<void>((resolve) =>
        current.recorder.addEventListener('stop', () => resolve(), { once: true }),
      );
      current.recorder.stop();
      await stopped;
    }
    current.stream.getTracks().forEach((track) => track.stop());
    session.current = undefined;
    try {
      const recording = new Blob(current.chunks, { type: current.recorder.mimeType });
      const mp3 = await toMp3(recording, current.encoder);
      if (!isRecordingKept(mp3.length)) {
        toast.warning(t('tickets.audio.tooShort'));
      } else {
        await latest.current.onRecorded(
          new File([mp3], recordingFileName(new Date()), { type: 'audio/mpeg' }),
        );
      }
    } catch (error) {
      console.error(error);
      toast.error(t('tickets.audio.failed'));
    }
    latest.current.onClose();
  }

  function cancel() {
    const current = session.current;
    session.current = undefined;
    if (current) {
      if (current.recorder.state !== 'inactive') current.recorder.stop();
      current.stream.getTracks().forEach((track) => track.stop());
    }
    onClose();
  }

  useEffect(() => {
    if (phase !== 'recording') return;
    const timer = setInterval(() => {
      const current = session.current;
      if (!current) return;
      const ms = Date.now() - current.startedAt;
      setElapsed(ms);
      if (ms >= maxRecordingMs) void finish();
    }, 250);
    return () => clearInterval(timer);
  });

  if (phase === 'encoding') {
    return (
      <div className="audio-recorder" role="status" data-testid="audio-recorder">
        <Loader size="small" />
        <span className="audio-recorder__label">{t('tickets.audio.encoding')}</span>
      </div>
    );
  }

  return (
    <div className="audio-recorder" data-testid="audio-recorder" data-phase={phase}>
      <IconButton label={t('tickets.audio.cancel')} danger onClick={cancel}>
        <CloseIcon size={20} />
      </IconButton>
      <span className="audio-recorder__dot" aria-hidden="true" />
      <span className="audio-recorder__label">{t('tickets.audio.recording')}</span>
      <span className="audio-recorder__time" aria-live="off" data-testid="audio-elapsed">
        {formatElapsed(elapsed)}
      </span>
      <Button
        variation="primary"
        className="message-input__send"
        ariaLabel={t('tickets.audio.send')}
        title={t('tickets.audio.send')}
        isDisabled={phase !== 'recording'}
        onClick={() => void finish()}
      >
        <CheckIcon size={18} />
      </Button>
    </div>
  );
}
