// Uploads one photo of a quote request with progress (fetch cannot report upload progress; XHR
// can). Never throws: a network failure is { ok: false }.
export interface UploadAnswer {
  ok: boolean;
  url?: string;
  error?: string;
}

export function uploadPhoto(
  file: File,
  requestKey: string,
  onProgress: (percent: number) => void,
): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const form = new FormData();
    form.append('requestKey', requestKey);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/uploads');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: { url?: string; error?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        body = {};
      }
      resolve({ ok: xhr.status === 201, ...body });
    };
    xhr.onerror = () => resolve({ ok: false });
    xhr.send(form);
  });
}
