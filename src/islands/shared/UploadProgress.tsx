// A file on its way up, as the quote wizard shows it: "Uploading <name>…" said once to a screen
// reader (the status), and a progress bar with its percent for the eye.
export interface UploadState {
  name: string;
  percent: number;
}

/** Always rendered, so its status region is in the page before there is anything to say. */
export default function UploadProgress({ upload }: { upload: UploadState | null }) {
  return (
    <p role="status" className="upload-progress">
      {upload && (
        <>
          <span>Uploading {upload.name}…</span>{' '}
          <progress max={100} value={upload.percent} aria-label={`Uploading ${upload.name}`} />{' '}
          <span aria-hidden="true">{upload.percent}%</span>
        </>
      )}
    </p>
  );
}
