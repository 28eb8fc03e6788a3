import { useEffect, useRef, useState } from "react";
import { widgetText } from "../widgetTexts";

/** Records a voice message with the microphone (MediaRecorder) until the user stops or cancels. */
export function AudioRecorder({
  onDone,
  onCancel,
  language,
}: {
  onDone: (file: File) => void;
  onCancel: () => void;
  /** The conversation's language: the widget's own words are written in it. */
  language?: string;
}) {
  const [seconds, setSeconds] = useState(0);
  const [error, setError] = useState<string>();
  const recorder = useRef<MediaRecorder>(null);
  const isCancelled = useRef(false);

  useEffect(() => {
    let stream: MediaStream | undefined;
    const chunks: Blob[] = [];
    const timer = setInterval(() => setSeconds((value) => value + 1), 1000);
    navigator.mediaDevices
      ?.getUserMedia({ audio: true })
      .then((media) => {
        stream = media;
        const mediaRecorder = new MediaRecorder(media);
        recorder.current = mediaRecorder;
        mediaRecorder.ondataavailable = (event) => chunks.push(event.data);
        mediaRecorder.onstop = () => {
          for (const track of media.getTracks()) track.stop();
          if (isCancelled.current) return;
          const type = mediaRecorder.mimeType || "audio/webm";
          const extension = type.includes("mp4") ? "m4a" : type.includes("ogg") ? "ogg" : "webm";
          onDone(new File(chunks, `voice-message.${extension}`, { type }));
        };
        mediaRecorder.start();
      })
      .catch(() => setError(widgetText(language, "noMic")));
    return () => {
      clearInterval(timer);
      isCancelled.current = true;
      if (recorder.current?.state === "recording") recorder.current.stop();
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onDone, language]);

  const stop = () => {
    isCancelled.current = false;
    recorder.current?.stop();
  };
  const time = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  return (
    <div className="parley-recorder" role="status">
      {error ? (
        <span>{error}</span>
      ) : (
        <>
          <i aria-hidden="true" />
          <span>{widgetText(language, "recording", { time })}</span>
        </>
      )}
      <span style={{ flex: 1 }} />
      <button type="button" className="parley-button" data-variant="ghost" onClick={onCancel}>
        {widgetText(language, "cancel")}
      </button>
      {error ? null : (
        <button type="button" className="parley-button" onClick={stop}>
          {widgetText(language, "send")}
        </button>
      )}
    </div>
  );
}
